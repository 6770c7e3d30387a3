import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { balances, ledgerTestDatabase, USDT } from '../../../test/ledger-fixtures.ts';
import { ledgerPostings, ledgerTransactions, userBalances } from '../../db/schema/index.ts';
import { systemAccount, userAccount } from './accounts.ts';
import * as repo from './ledger.repository.ts';
import { InsufficientFundsError, LedgerError } from './ledger.service.ts';

const t = ledgerTestDatabase();
afterEach(async () => {
  // Every test leaves a ledger whose balances equal its postings.
  expect(await t.ledger.verify()).toEqual([]);
});

const key = (label: string) => `${label}:${randomUUID()}`;
async function countRows(table: 'ledger_transactions' | 'ledger_postings'): Promise<number> {
  const from = table === 'ledger_postings' ? ledgerPostings : ledgerTransactions;
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(from);
  return row!.n;
}

describe('deposits and idempotency', () => {
  it('credits a deposit to available with two postings that sum to zero', async () => {
    const userId = await t.newTrader();
    const result = await t.ledger.creditDeposit({
      userId,
      amount: 25n * USDT,
      idempotencyKey: key('deposit'),
    });
    expect(result.replayed).toBe(false);
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 25n * USDT }));
    const transaction = await repo.findTransaction(t.database.db, result.transactionId);
    expect(transaction?.type).toBe('deposit');
    expect(transaction?.postings).toEqual([
      { accountId: 'system:chain_deposits', amount: -25n * USDT },
      { accountId: `user:${userId}:available`, amount: 25n * USDT },
    ]);
  });

  it('answers a replayed key with the first transaction and posts nothing', async () => {
    const userId = await t.newTrader();
    const idempotencyKey = key('deposit');
    const first = await t.ledger.creditDeposit({ userId, amount: 5n * USDT, idempotencyKey });
    const postings = await countRows('ledger_postings');
    const again = await t.ledger.creditDeposit({ userId, amount: 5n * USDT, idempotencyKey });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await countRows('ledger_postings')).toBe(postings);
    expect((await t.ledger.getBalances(userId)).available).toBe(5n * USDT);
  });

  it('refuses a key reused for a different movement and posts nothing', async () => {
    const userId = await t.newTrader();
    const idempotencyKey = key('deposit');
    await t.ledger.creditDeposit({ userId, amount: 5n * USDT, idempotencyKey });
    const postings = await countRows('ledger_postings');
    await expect(
      t.ledger.creditDeposit({ userId, amount: 6n * USDT, idempotencyKey }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(t.ledger.freeze({ userId, amount: 5n * USDT, idempotencyKey })).rejects.toBeInstanceOf(
      LedgerError,
    );
    expect(await countRows('ledger_postings')).toBe(postings);
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 5n * USDT }));
  });

  it('credits a key once when ten callers post it at the same moment', async () => {
    const userId = await t.newTrader();
    const idempotencyKey = key('deposit');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.ledger.creditDeposit({ userId, amount: 3n * USDT, idempotencyKey })),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect((await t.ledger.getBalances(userId)).available).toBe(3n * USDT);
  });

  it('shows zero balances for a user who never had money', async () => {
    expect(await t.ledger.getBalances(await t.newTrader())).toEqual(balances({}));
  });

  it('stores bigint amounts in meta as decimal strings', async () => {
    const userId = await t.newTrader();
    const result = await t.ledger.creditDeposit({
      userId,
      amount: USDT,
      idempotencyKey: key('deposit'),
      meta: { txid: 'abc', value: 1_000_000n },
    });
    const transaction = await repo.findTransaction(t.database.db, result.transactionId);
    expect(transaction?.meta).toEqual({
      txid: 'abc',
      value: '1000000',
      userId,
      request: `deposit:${userId}:${USDT}`,
    });
  });
});

describe('deals', () => {
  it('freezes, releases and refuses to freeze more than is available', async () => {
    const userId = await t.newTrader();
    await t.depositAndFreeze(userId, 10n * USDT, 7n * USDT);
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 3n * USDT, frozen: 7n * USDT }));

    const before = await countRows('ledger_transactions');
    await expect(
      t.ledger.freeze({ userId, amount: 3n * USDT + 1n, idempotencyKey: key('freeze') }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await countRows('ledger_transactions')).toBe(before);

    await t.ledger.release({ userId, amount: 2n * USDT, idempotencyKey: key('release') });
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 5n * USDT, frozen: 5n * USDT }));
    await expect(
      t.ledger.release({ userId, amount: 5n * USDT + 1n, idempotencyKey: key('release') }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('freezeNew: one statement that moves and posts, or writes nothing and lets the transaction go on', async () => {
    const userId = await t.newTrader();
    await t.depositAndFreeze(userId, 10n * USDT, 1n * USDT);
    const before = await countRows('ledger_transactions');
    const postingsBefore = await countRows('ledger_postings');
    const idempotencyKey = key('deal-freeze');
    await t.database.db.transaction(async (tx) => {
      await expect(
        t.ledger.freezeNew({ userId, amount: 9n * USDT + 1n, idempotencyKey: key('deal-freeze') }, tx),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      // Nothing written and the transaction still usable: the next freeze in it commits.
      const result = await t.ledger.freezeNew(
        { userId, amount: 4n * USDT, idempotencyKey, meta: { dealId: 'd' } },
        tx,
      );
      expect(result.replayed).toBe(false);
    });
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 5n * USDT, frozen: 5n * USDT }));
    expect(await countRows('ledger_transactions')).toBe(before + 1);
    expect(await countRows('ledger_postings')).toBe(postingsBefore + 2);
    const [stored] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
    expect(stored).toMatchObject({ type: 'freeze', meta: { dealId: 'd', userId } });
    // A key used before is a caller's bug: the statement fails (and with it the transaction), nothing moves.
    await expect(
      t.database.db.transaction((tx) => t.ledger.freezeNew({ userId, amount: USDT, idempotencyKey }, tx)),
    ).rejects.toThrow();
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ available: 5n * USDT, frozen: 5n * USDT }));
  });

  it('refuses to freeze for a user who has no balances row', async () => {
    const userId = await t.newTrader();
    await expect(
      t.ledger.freeze({ userId, amount: 1n, idempotencyKey: key('freeze') }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await t.ledger.getBalances(userId)).toEqual(balances({}));
  });

  it('lets a failed movement be retried with the same key once the funds are there', async () => {
    const userId = await t.newTrader();
    const idempotencyKey = key('freeze');
    await expect(t.ledger.freeze({ userId, amount: USDT, idempotencyKey })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') });
    const retry = await t.ledger.freeze({ userId, amount: USDT, idempotencyKey });
    expect(retry.replayed).toBe(false);
    expect(await t.ledger.getBalances(userId)).toEqual(balances({ frozen: USDT }));
  });

  it('settles a deal: merchant, platform fee, a spendable trader reward and referral share, both earnings', async () => {
    const trader = await t.newTrader();
    const merchant = await t.newTrader();
    const lead = await t.newTrader();
    await t.depositAndFreeze(trader, 100n * USDT);
    const result = await t.ledger.settle({
      userId: trader,
      amount: 100n * USDT,
      merchantUserId: merchant,
      platformFee: 2n * USDT,
      traderReward: 3n * USDT,
      referral: { userId: lead, amount: USDT / 2n },
      idempotencyKey: key('settle'),
    });
    expect(await t.ledger.getBalances(trader)).toEqual(
      balances({ available: 3n * USDT, totalProfit: 3n * USDT }),
    );
    expect(await t.ledger.getBalances(merchant)).toEqual(balances({ available: 94n * USDT + USDT / 2n }));
    expect(await t.ledger.getBalances(lead)).toEqual(
      balances({ available: USDT / 2n, totalProfit: USDT / 2n }),
    );
    // The reward backs further deals and can leave; what was earned stays in total_profit.
    await t.ledger.freeze({ userId: trader, amount: 3n * USDT, idempotencyKey: key('freeze-reward') });
    expect(await t.ledger.getBalances(trader)).toEqual(
      balances({ frozen: 3n * USDT, totalProfit: 3n * USDT }),
    );
    expect(await t.ledger.verify()).toEqual([]);
    const transaction = await repo.findTransaction(t.database.db, result.transactionId);
    expect(transaction?.postings.map((posting) => posting.accountId)).toContain('system:platform_fees');
  });

  it('settles to the merchant settlement account without a merchant user, and refuses more than frozen', async () => {
    const trader = await t.newTrader();
    await t.depositAndFreeze(trader, 10n * USDT, 4n * USDT);
    await expect(
      t.ledger.settle({ userId: trader, amount: 5n * USDT, idempotencyKey: key('settle') }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const result = await t.ledger.settle({
      userId: trader,
      amount: 4n * USDT,
      idempotencyKey: key('settle'),
    });
    const transaction = await repo.findTransaction(t.database.db, result.transactionId);
    expect(transaction?.postings).toEqual([
      { accountId: `user:${trader}:frozen`, amount: -4n * USDT },
      { accountId: 'system:merchant_settlement', amount: 4n * USDT },
    ]);
  });

  it('ledger-verify sees a total_profit that no earning explains', async () => {
    const user = await t.newTrader();
    await t.ledger.creditDeposit({ userId: user, amount: USDT, idempotencyKey: key('deposit') });
    await t.database.db.update(userBalances).set({ totalProfit: 7n }).where(eq(userBalances.userId, user));
    expect(await t.ledger.verify()).toEqual([
      { account: `user:${user}:total_profit`, expected: 0n, actual: 7n },
    ]);
    await t.database.db.update(userBalances).set({ totalProfit: 0n }).where(eq(userBalances.userId, user));
  });

  it('refuses an earning that is not a credit of available', async () => {
    const user = await t.newTrader();
    await expect(
      t.ledger.post({
        type: 'bad_earning',
        idempotencyKey: key('bad'),
        postings: [
          { account: systemAccount('platform_fees'), amount: USDT, earning: true },
          { account: userAccount(user, 'available'), amount: -USDT },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it('refuses a settlement whose parts exceed the amount', async () => {
    await expect(
      t.ledger.settle({
        userId: randomUUID(),
        amount: 5n,
        platformFee: 3n,
        traderReward: 3n,
        idempotencyKey: key('settle'),
      }),
    ).rejects.toBeInstanceOf(LedgerError);
  });
});

describe('withdrawals and adjustments', () => {
  it('holds amount + fee, then completes it to the chain and the fee account', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: 50n * USDT, idempotencyKey: key('deposit') });
    await t.ledger.holdWithdrawal({ userId, amount: 20n * USDT, fee: USDT, idempotencyKey: key('hold') });
    expect((await t.ledger.getBalances(userId)).available).toBe(29n * USDT);
    const done = await t.ledger.completeWithdrawal({
      userId,
      amount: 20n * USDT,
      fee: USDT,
      idempotencyKey: key('done'),
    });
    const transaction = await repo.findTransaction(t.database.db, done.transactionId);
    expect(transaction?.postings).toEqual([
      { accountId: 'system:withdrawals_in_flight', amount: -21n * USDT },
      { accountId: 'system:chain_withdrawals', amount: 20n * USDT },
      { accountId: 'system:withdrawal_fees', amount: USDT },
    ]);
    expect((await t.ledger.getBalances(userId)).available).toBe(29n * USDT);
  });

  it('refuses a hold beyond available and gives the funds back on release', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: 10n * USDT, idempotencyKey: key('deposit') });
    await expect(
      t.ledger.holdWithdrawal({ userId, amount: 10n * USDT, fee: 1n, idempotencyKey: key('hold') }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await t.ledger.holdWithdrawal({ userId, amount: 9n * USDT, fee: USDT, idempotencyKey: key('hold') });
    expect((await t.ledger.getBalances(userId)).available).toBe(0n);
    await t.ledger.releaseWithdrawal({
      userId,
      amount: 9n * USDT,
      fee: USDT,
      idempotencyKey: key('release'),
    });
    expect((await t.ledger.getBalances(userId)).available).toBe(10n * USDT);
  });

  it('records an adjustment with its reason and actor, and refuses to take more than available', async () => {
    const userId = await t.newTrader();
    const up = await t.ledger.adjust({
      userId,
      amount: 8n * USDT,
      reason: 'manual top-up',
      actor: 'admin-cli',
      idempotencyKey: key('adjust'),
    });
    const transaction = await repo.findTransaction(t.database.db, up.transactionId);
    expect(transaction?.type).toBe('adjustment');
    expect(transaction?.meta).toMatchObject({ reason: 'manual top-up', actor: 'admin-cli', userId });
    await expect(
      t.ledger.adjust({
        userId,
        amount: -9n * USDT,
        reason: 'fix',
        actor: 'admin-cli',
        idempotencyKey: key('adjust'),
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await t.ledger.adjust({
      userId,
      amount: -3n * USDT,
      reason: 'fix',
      actor: 'admin-cli',
      idempotencyKey: key('adjust'),
    });
    expect((await t.ledger.getBalances(userId)).available).toBe(5n * USDT);
    await expect(
      t.ledger.adjust({ userId, amount: 1n, reason: ' ', actor: 'a', idempotencyKey: key('adjust') }),
    ).rejects.toBeInstanceOf(LedgerError);
  });
});

describe('post', () => {
  it('refuses postings that do not balance, a single posting and a zero amount', async () => {
    const userId = randomUUID();
    const cases = [
      [
        { account: systemAccount('adjustments'), amount: -5n },
        { account: userAccount(userId, 'available'), amount: 4n },
      ],
      [{ account: userAccount(userId, 'available'), amount: 4n }],
      [
        { account: systemAccount('adjustments'), amount: 0n },
        { account: userAccount(userId, 'available'), amount: 0n },
      ],
    ];
    for (const postings of cases) {
      await expect(
        t.ledger.post({ type: 'adjustment', idempotencyKey: key('bad'), postings }),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    await expect(
      t.ledger.post({
        type: 'Bad Type',
        idempotencyKey: key('bad'),
        postings: [
          { account: systemAccount('adjustments'), amount: -1n },
          { account: userAccount(userId, 'available'), amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it("joins the caller's transaction: the posting rolls back with it", async () => {
    const userId = await t.newTrader();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') }, tx);
        expect((await t.ledger.getBalances(userId, tx)).available).toBe(USDT);
        throw new Error('caller gives up');
      }),
    ).rejects.toThrow('caller gives up');
    expect((await t.ledger.getBalances(userId)).available).toBe(0n);
  });

  it("leaves nothing behind in the caller's transaction when a movement is refused", async () => {
    const userId = await t.newTrader();
    const idempotencyKey = key('hold');
    const before = await countRows('ledger_transactions');
    await t.database.db.transaction(async (tx) => {
      await expect(
        t.ledger.holdWithdrawal({ userId, amount: USDT, fee: 0n, idempotencyKey }, tx),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      // The caller carries on (e.g. marks its withdrawal failed) and commits.
    });
    expect(await countRows('ledger_transactions')).toBe(before);
    await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') });
    expect((await t.ledger.holdWithdrawal({ userId, amount: USDT, fee: 0n, idempotencyKey })).replayed).toBe(
      false,
    );
  });
});

describe('database guards', () => {
  it('refuses to update or delete posted entries', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') });
    await expect(
      t.database.db.execute(sql`update ledger_postings set amount = amount * 2`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update ledger_transactions set type = 'other'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
  });

  it('refuses at commit a transaction whose postings do not sum to zero, or that has none', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') });
    await expect(
      t.database.db.transaction(async (tx) => {
        const id = await repo.insertTransaction(tx, {
          type: 'adjustment',
          idempotencyKey: key('raw'),
          meta: null,
        });
        await repo.insertPostings(tx, [
          { transactionId: id!, accountId: 'system:adjustments', amount: -5n },
          { transactionId: id!, accountId: `user:${userId}:available`, amount: 4n },
        ]);
      }),
    ).rejects.toThrow();
    await expect(
      t.database.db.transaction(async (tx) => {
        await repo.insertTransaction(tx, { type: 'adjustment', idempotencyKey: key('raw'), meta: null });
      }),
    ).rejects.toThrow();
    expect(await countRows('ledger_transactions')).toBeGreaterThan(0);
  });

  it('refuses a negative balance even for a write that skips the service', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: USDT, idempotencyKey: key('deposit') });
    await expect(
      t.database.db.execute(
        sql`update user_balances set available = available - 2000000 where user_id = ${userId}`,
      ),
    ).rejects.toThrow();
  });
});

describe('verify', () => {
  it('reports a balance that no longer matches its postings', async () => {
    const userId = await t.newTrader();
    await t.ledger.creditDeposit({ userId, amount: 4n * USDT, idempotencyKey: key('deposit') });
    await t.database.db.execute(
      sql`update user_balances set available = available + 1 where user_id = ${userId}`,
    );
    expect(await t.ledger.verify()).toEqual([
      { account: `user:${userId}:available`, expected: 4n * USDT, actual: 4n * USDT + 1n },
    ]);
    await t.database.db.execute(
      sql`update user_balances set available = available - 1 where user_id = ${userId}`,
    );
  });
});
