import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerTestDatabase } from '../../../test/ledger-fixtures.ts';
import { ledgerPostings } from '../../db/schema/index.ts';
import * as users from '../users/users.repository.ts';
import { type Balances, InsufficientFundsError, type PostResult } from './ledger.service.ts';

const t = ledgerTestDatabase();

const USERS = 3;
const amount = fc.bigInt({ min: 1n, max: 50_000_000n });
const who = fc.integer({ min: 0, max: USERS - 1 });

/** One step of a random history. `replay` re-sends an earlier step's idempotency key. */
type Op =
  | { kind: 'deposit'; user: number; amount: bigint }
  | { kind: 'freeze'; user: number; amount: bigint }
  | { kind: 'release'; user: number; amount: bigint }
  | {
      kind: 'settle';
      user: number;
      amount: bigint;
      merchant: number | null;
      feePart: number;
      profitPart: number;
      referral: number | null;
    }
  | { kind: 'withdraw'; user: number; amount: bigint; fee: bigint; outcome: 'complete' | 'release' }
  | { kind: 'adjust'; user: number; amount: bigint; negative: boolean }
  | { kind: 'replay'; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: who, amount }),
  fc.record({ kind: fc.constant('freeze' as const), user: who, amount }),
  fc.record({ kind: fc.constant('release' as const), user: who, amount }),
  fc.record({
    kind: fc.constant('settle' as const),
    user: who,
    amount,
    merchant: fc.option(who, { nil: null }),
    feePart: fc.integer({ min: 0, max: 30 }),
    profitPart: fc.integer({ min: 0, max: 30 }),
    referral: fc.option(who, { nil: null }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: who,
    amount,
    fee: fc.bigInt({ min: 0n, max: 2_000_000n }),
    outcome: fc.constantFrom('complete' as const, 'release' as const),
  }),
  fc.record({ kind: fc.constant('adjust' as const), user: who, amount, negative: fc.boolean() }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

const percentOf = (value: bigint, percent: number) => (value * BigInt(percent)) / 100n;

/**
 * Runs one random history against the real ledger and a plain in-memory model of what the balances must be.
 * Every step must succeed exactly when the model says the funds are there.
 */
async function runHistory(ops: Op[]) {
  const ids: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const row = await users.insertUser(t.database.db, {
      email: `prop-${randomUUID()}@example.com`,
      passwordHash: 'not-used',
      role: 'trader',
    });
    ids.push(row.id);
  }
  const model: Balances[] = ids.map(() => ({ available: 0n, frozen: 0n, totalProfit: 0n, debt: 0n }));
  const done: { key: string; transactionId: string; send: (key: string) => Promise<PostResult> }[] = [];

  const attempt = async (
    key: string,
    send: (key: string) => Promise<PostResult>,
    enough: boolean,
    apply: () => void,
  ) => {
    if (!enough) {
      await expect(send(key)).rejects.toBeInstanceOf(InsufficientFundsError);
      return;
    }
    const result = await send(key);
    expect(result.replayed).toBe(false);
    apply();
    done.push({ key, transactionId: result.transactionId, send });
  };

  for (const op of ops) {
    const key = `prop:${randomUUID()}`;
    if (op.kind === 'replay') {
      if (done.length === 0) continue;
      const earlier = done[op.pick % done.length]!;
      expect(await earlier.send(earlier.key)).toEqual({
        transactionId: earlier.transactionId,
        replayed: true,
      });
      continue;
    }
    const userId = ids[op.user]!;
    const m = model[op.user]!;
    switch (op.kind) {
      case 'deposit':
        await attempt(
          key,
          (k) => t.ledger.creditDeposit({ userId, amount: op.amount, idempotencyKey: k }),
          true,
          () => {
            m.available += op.amount;
          },
        );
        break;
      case 'freeze':
        await attempt(
          key,
          (k) => t.ledger.freeze({ userId, amount: op.amount, idempotencyKey: k }),
          m.available >= op.amount,
          () => {
            m.available -= op.amount;
            m.frozen += op.amount;
          },
        );
        break;
      case 'release':
        await attempt(
          key,
          (k) => t.ledger.release({ userId, amount: op.amount, idempotencyKey: k }),
          m.frozen >= op.amount,
          () => {
            m.frozen -= op.amount;
            m.available += op.amount;
          },
        );
        break;
      case 'settle': {
        const platformFee = percentOf(op.amount, op.feePart);
        const traderReward = percentOf(op.amount, op.profitPart);
        const referralAmount = op.referral === null ? 0n : percentOf(op.amount, 5);
        const merchantShare = op.amount - platformFee - traderReward - referralAmount;
        await attempt(
          key,
          (k) =>
            t.ledger.settle({
              userId,
              amount: op.amount,
              merchantUserId: op.merchant === null ? undefined : ids[op.merchant],
              platformFee,
              traderReward,
              referral:
                op.referral === null ? undefined : { userId: ids[op.referral]!, amount: referralAmount },
              idempotencyKey: k,
            }),
          m.frozen >= op.amount,
          () => {
            m.frozen -= op.amount;
            m.available += traderReward;
            m.totalProfit += traderReward;
            if (op.merchant !== null) model[op.merchant]!.available += merchantShare;
            if (op.referral !== null) {
              model[op.referral]!.available += referralAmount;
              model[op.referral]!.totalProfit += referralAmount;
            }
          },
        );
        break;
      }
      case 'withdraw': {
        const total = op.amount + op.fee;
        const enough = m.available >= total;
        await attempt(
          `${key}:hold`,
          (k) => t.ledger.holdWithdrawal({ userId, amount: op.amount, fee: op.fee, idempotencyKey: k }),
          enough,
          () => {
            m.available -= total;
          },
        );
        if (!enough) break;
        if (op.outcome === 'complete') {
          await attempt(
            `${key}:done`,
            (k) => t.ledger.completeWithdrawal({ userId, amount: op.amount, fee: op.fee, idempotencyKey: k }),
            true,
            () => {},
          );
        } else {
          await attempt(
            `${key}:release`,
            (k) => t.ledger.releaseWithdrawal({ userId, amount: op.amount, fee: op.fee, idempotencyKey: k }),
            true,
            () => {
              m.available += total;
            },
          );
        }
        break;
      }
      case 'adjust': {
        const signed = op.negative ? -op.amount : op.amount;
        await attempt(
          key,
          (k) =>
            t.ledger.adjust({
              userId,
              amount: signed,
              reason: 'property test',
              actor: 'test',
              idempotencyKey: k,
            }),
          m.available + signed >= 0n,
          () => {
            m.available += signed;
          },
        );
        break;
      }
    }
  }

  // Balances equal the model; none is negative.
  for (const [index, userId] of ids.entries()) {
    const balances = await t.ledger.getBalances(userId);
    expect(balances).toEqual(model[index]);
    expect(balances.available >= 0n && balances.frozen >= 0n && balances.totalProfit >= 0n).toBe(true);
  }
  // Balances equal the postings, and every transaction balances.
  expect(await t.ledger.verify()).toEqual([]);
  const [total] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings);
  expect(total?.sum).toBe('0');
}

describe('ledger invariants under random histories', () => {
  it('keeps postings balanced, balances equal to postings and no bucket negative', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 30 }), runHistory), {
      numRuns: 40,
    });
  }, 240_000);
});
