import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTestDatabase, USDT } from '../../../test/ledger-fixtures.ts';
import { ledgerReserves } from '../../db/schema/index.ts';
import { DebtOutstandingError, InsufficientFundsError } from './ledger.service.ts';

/**
 * Issue 23: every release and every reward repays an outstanding debt before anything reaches available; a
 * withdrawal leaves nothing owed behind (no debt, no reserve); ledger-verify checks the reserves.
 */
const t = ledgerTestDatabase();

const key = (label: string) => `${label}:${randomUUID()}`;
/** A trader owing `debt`: a dispute held debt + `available` more than the trader had; then `available` credited by an operator. */
async function traderOwing(debt: bigint, available = 0n) {
  const userId = await t.newTrader();
  await t.ledger.creditDeposit({ userId, amount: 1n * USDT, idempotencyKey: key('deposit') });
  await t.ledger.holdForDispute({ userId, amount: debt + 1n * USDT, idempotencyKey: key('hold') });
  if (available > 0n) {
    await t.ledger.adjust({
      userId,
      amount: available,
      reason: 'test',
      actor: 'test',
      idempotencyKey: key('adj'),
    });
  }
  expect(await t.ledger.getBalances(userId)).toMatchObject({ debt, available });
  return userId;
}

describe('what repays a debt before it reaches available', () => {
  it('a deal released back (expired or canceled) repays the debt, and only the rest is reserved', async () => {
    const userId = await traderOwing(20n * USDT, 50n * USDT);
    await t.ledger.freeze({ userId, amount: 50n * USDT, idempotencyKey: key('freeze') });
    const until = new Date(Date.now() + 3_600_000);
    const subject = `deal:${randomUUID()}`;
    await t.ledger.release({
      userId,
      amount: 50n * USDT,
      idempotencyKey: key('release'),
      reserve: { subject, until },
    });
    expect(await t.ledger.getBalances(userId)).toMatchObject({
      available: 30n * USDT,
      debt: 0n,
      frozen: 21n * USDT,
    });
    const [reserve] = await t.database.db
      .select()
      .from(ledgerReserves)
      .where(eq(ledgerReserves.subject, subject));
    expect(reserve).toMatchObject({ amount: 30n * USDT, remaining: 30n * USDT, userId });
    expect(await t.ledger.withdrawable(userId, new Date())).toMatchObject({
      available: 30n * USDT,
      reserved: 30n * USDT,
      withdrawable: 0n,
    });
    expect(await t.ledger.verify()).toEqual([]);
  });

  it('a release that only repays debt reserves nothing', async () => {
    const userId = await traderOwing(80n * USDT, 50n * USDT);
    await t.ledger.freeze({ userId, amount: 50n * USDT, idempotencyKey: key('freeze') });
    const subject = `deal:${randomUUID()}`;
    await t.ledger.release({
      userId,
      amount: 50n * USDT,
      idempotencyKey: key('release'),
      reserve: { subject, until: new Date(Date.now() + 3_600_000) },
    });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 0n, debt: 30n * USDT });
    expect(
      await t.database.db.select().from(ledgerReserves).where(eq(ledgerReserves.subject, subject)),
    ).toEqual([]);
  });

  it('a failed or rejected withdrawal coming back repays a debt that arose meanwhile', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: 100n * USDT, idempotencyKey: key('deposit') });
    await t.ledger.holdWithdrawal({ userId, amount: 60n * USDT, fee: 1n * USDT, idempotencyKey: key('w') });
    await t.ledger.holdForDispute({ userId, amount: 50n * USDT, idempotencyKey: key('hold') });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 0n, debt: 11n * USDT });
    await t.ledger.releaseWithdrawal({
      userId,
      amount: 60n * USDT,
      fee: 1n * USDT,
      idempotencyKey: key('wr'),
    });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 50n * USDT, debt: 0n });
    expect(await t.ledger.verify()).toEqual([]);
  });

  it("a lead's referral commission repays the lead's own debt", async () => {
    const lead = await traderOwing(3n * USDT);
    const trader = await t.newTrader();
    await t.depositAndFreeze(trader, 100n * USDT);
    await t.ledger.settle({
      userId: trader,
      amount: 100n * USDT,
      platformFee: 1n * USDT,
      traderReward: 2n * USDT,
      referral: { userId: lead, amount: 5n * USDT },
      idempotencyKey: key('settle'),
    });
    expect(await t.ledger.getBalances(lead)).toMatchObject({
      available: 2n * USDT,
      debt: 0n,
      totalProfit: 5n * USDT,
    });
    expect(await t.ledger.verify()).toEqual([]);
  });

  it('a dispute won by the trader repays another dispute’s debt with what it returns', async () => {
    const userId = await traderOwing(10n * USDT, 40n * USDT);
    // A second dispute holds 40 (covered by available, no new shortfall), then the trader wins it.
    await t.ledger.holdForDispute({ userId, amount: 40n * USDT, idempotencyKey: key('hold2') });
    await t.ledger.releaseDisputeHold({
      userId,
      amount: 40n * USDT,
      forgive: 0n,
      idempotencyKey: key('rel2'),
    });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 30n * USDT, debt: 0n });
    expect(await t.ledger.verify()).toEqual([]);
  });
});

describe('withdrawals', () => {
  it('are refused while a debt stands, however much is available', async () => {
    const userId = await traderOwing(5n * USDT, 100n * USDT);
    await expect(
      t.ledger.holdWithdrawal({ userId, amount: 10n * USDT, fee: 1n * USDT, idempotencyKey: key('w') }),
    ).rejects.toBeInstanceOf(DebtOutstandingError);
    await expect(
      t.ledger.holdWithdrawal({ userId, amount: 10n * USDT, fee: 1n * USDT, idempotencyKey: key('w') }),
    ).rejects.toMatchObject({ debt: 5n * USDT });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 100n * USDT });
  });

  it('see a reserve until its `until`, judged at the caller’s moment', async () => {
    const userId = await t.newTrader();
    await t.depositAndFreeze(userId, 100n * USDT, 40n * USDT);
    const until = new Date('2040-01-01T12:00:00Z');
    await t.ledger.release({
      userId,
      amount: 40n * USDT,
      idempotencyKey: key('release'),
      reserve: { subject: `deal:${randomUUID()}`, until },
    });
    const before = new Date(until.getTime() - 1);
    await expect(
      t.ledger.holdWithdrawal({ userId, amount: 61n * USDT, fee: 0n, idempotencyKey: key('w'), at: before }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await t.ledger.holdWithdrawal({
      userId,
      amount: 60n * USDT,
      fee: 0n,
      idempotencyKey: key('w'),
      at: before,
    });
    await t.ledger.holdWithdrawal({
      userId,
      amount: 40n * USDT,
      fee: 0n,
      idempotencyKey: key('w'),
      at: until,
    });
    expect(await t.ledger.getBalances(userId)).toMatchObject({ available: 0n });
  });
});

describe('ledger-verify covers reserves', () => {
  it('names a reserve whose amount is not what its release credited', async () => {
    const userId = await t.newTrader();
    await t.depositAndFreeze(userId, 10n * USDT);
    const subject = `deal:${randomUUID()}`;
    await t.ledger.release({
      userId,
      amount: 10n * USDT,
      idempotencyKey: key('release'),
      reserve: { subject, until: new Date(Date.now() + 60_000) },
    });
    expect(await t.ledger.verify()).toEqual([]);
    await t.database.db.execute(
      sql`update ledger_reserves set amount = amount + 1, remaining = remaining + 1 where subject = ${subject}`,
    );
    const [reserve] = await t.database.db
      .select()
      .from(ledgerReserves)
      .where(eq(ledgerReserves.subject, subject));
    expect(await t.ledger.verify()).toEqual([
      {
        account: `reserve:${reserve!.id}`,
        expected: 10n * USDT,
        actual: 10n * USDT + 1n,
        problem: "amount differs from the release's credit to available",
      },
    ]);
    await t.database.db.execute(
      sql`update ledger_reserves set amount = amount - 1, remaining = remaining - 1 where subject = ${subject}`,
    );
    expect(await t.ledger.verify()).toEqual([]);
  });
});
