import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { balances, ledgerTestDatabase, USDT } from '../../../test/ledger-fixtures.ts';
import { InsufficientFundsError } from './ledger.service.ts';

// On PostgreSQL these run on a pool of 10 connections, so the movements really overlap; on PGlite they
// queue on its one connection. The outcome must be the same on both.
const t = ledgerTestDatabase();

describe('concurrent movements', () => {
  it('lets exactly 7 of 20 concurrent freezes through when the balance covers 7', async () => {
    const user = { id: await t.newTrader() };
    await t.ledger.creditDeposit({
      userId: user.id,
      amount: 7n * USDT,
      idempotencyKey: `deposit:${randomUUID()}`,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.ledger.freeze({ userId: user.id, amount: USDT, idempotencyKey: `freeze:${user.id}:${i}` }),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof InsufficientFundsError,
    );
    expect(succeeded).toHaveLength(7);
    expect(refused).toHaveLength(13);
    expect(await t.ledger.getBalances(user.id)).toEqual(balances({ frozen: 7n * USDT }));
    expect(await t.ledger.verify()).toEqual([]);
  });

  it('settles deals crossing two users in both directions at once without a deadlock', async () => {
    const a = await t.newTrader();
    const b = await t.newTrader();
    for (const userId of [a, b]) {
      await t.depositAndFreeze(userId, 100n * USDT);
    }
    const settles = Array.from({ length: 20 }, (_, i) => {
      const [trader, merchant] = i % 2 === 0 ? [a, b] : [b, a];
      return t.ledger.settle({
        userId: trader,
        amount: 5n * USDT,
        merchantUserId: merchant,
        traderReward: USDT,
        idempotencyKey: `settle:${i}:${randomUUID()}`,
      });
    });
    const results = await Promise.all(settles);
    expect(results.every((result) => !result.replayed)).toBe(true);
    for (const userId of [a, b]) {
      // Ten deals as trader (-50 frozen, +10 reward to available) and ten as merchant (+40 available).
      expect(await t.ledger.getBalances(userId)).toEqual(
        balances({ available: 50n * USDT, frozen: 50n * USDT, totalProfit: 10n * USDT }),
      );
    }
    expect(await t.ledger.verify()).toEqual([]);
  });

  it('credits a deposit key once when many callers race on it while other keys post', async () => {
    const user = { id: await t.newTrader() };
    const shared = `deposit:${randomUUID()}`;
    const calls = Array.from({ length: 16 }, (_, i) =>
      t.ledger.creditDeposit({
        userId: user.id,
        amount: 2n * USDT,
        idempotencyKey: i % 2 === 0 ? shared : `deposit:${randomUUID()}`,
      }),
    );
    const results = await Promise.all(calls);
    const sharedResults = results.filter((_, i) => i % 2 === 0);
    expect(sharedResults.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await t.ledger.getBalances(user.id)).available).toBe(9n * 2n * USDT);
    expect(await t.ledger.verify()).toEqual([]);
  });
});
