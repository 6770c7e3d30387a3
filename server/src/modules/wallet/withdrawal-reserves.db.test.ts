import { randomUUID } from 'node:crypto';
import { API, debtOutstandingText, insufficientFundsText } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, insertUser, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { HOT_WALLET_KEY_HEX, OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { fundedLead } from '../../../test/wallet-fixtures.ts';
import { deals, ledgerReserves, withdrawals } from '../../db/schema/index.ts';
import { InsufficientFundsError } from '../ledger/ledger.service.ts';

const DEST = OUTSIDE_ADDRESSES[0]!;
/** DISPUTE_WINDOW_H=0.02: a deal may be disputed for 72 s after it expired or was canceled. */
const WINDOW_MS = 72_000;

type Lead = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Issue 23, money first: USDT a dispute may still claim (released from an expired or canceled deal within its
 * dispute window) or that is owed (a dispute's shortfall) cannot leave through a withdrawal.
 */
describe('withdrawals and what is owed', () => {
  let t: TestApp;
  let now = new Date('2031-06-01T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(
      {
        ROUTING_REQUIRE_TERMINAL: 'false',
        TRON_XPUB: TEST_XPUB,
        OTP_MAX_SENDS_PER_HOUR: '1000',
        DISPUTE_WINDOW_H: '0.02',
      },
      { now: () => now },
    );
    await setRate(t, '100.00');
  });
  /** A dispute holds `hold` of the user's funds (what they lack becomes debt), then an operator credits `credit`. */
  async function holdThenCredit(userId: string, hold: bigint, credit: bigint) {
    await t.ctx.ledger.holdForDispute({ userId, amount: hold, idempotencyKey: `hold:${randomUUID()}` });
    await t.ctx.ledger.adjust({
      userId,
      amount: credit,
      reason: 'test',
      actor: 'test',
      idempotencyKey: `adj:${randomUUID()}`,
    });
  }
  afterAll(async () => {
    try {
      expect(await t.ctx.ledger.verify()).toEqual([]);
    } finally {
      await t?.close();
    }
  });

  const get = (path: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${path}`, headers: { cookie } });
  const post = (path: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${t.prefix}${path}`, headers: { cookie }, payload });

  const requestWithdrawal = (lead: Lead, amount: number) =>
    post(API.wallet.withdrawRequest, lead.cookie, { amount, address: DEST });

  async function withdraw(lead: Lead, amount: number) {
    const request = await requestWithdrawal(lead, amount);
    if (request.statusCode !== 200) return request;
    return post(API.wallet.withdrawVerify, lead.cookie, {
      amount,
      address: DEST,
      otp: t.mailer.lastCode(lead.email),
    });
  }

  /** A lead trader with 100 USDT and a 50 USDT deal (5000 ₽ at 100 ₽/USDT) that then expired. */
  async function leadWithExpiredDeal() {
    await setRate(t, '100.00');
    const lead = await signedInUser(t, { isLead: true });
    await routableMethod(t, { traderId: lead.user.id, balanceUsdt: 100n * USDT });
    const merchant = await merchantWithKey(t);
    const order = await postOrder(t, merchant.key, { amount: '5000.00' });
    expect(order.statusCode).toBe(201);
    now = new Date(now.getTime() + 3_600_000);
    await t.ctx.orders.expireDue();
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, order.json().id));
    expect(deal?.status).toBe('expired');
    return { lead, dealId: deal!.id, expiredAt: now };
  }

  it('reserves the USDT of an expired deal until its dispute window closes, then lets it be withdrawn', async () => {
    const { lead, expiredAt } = await leadWithExpiredDeal();
    const until = new Date(expiredAt.getTime() + WINDOW_MS).toISOString();
    const available = await get(API.wallet.withdrawable, lead.cookie);
    expect(available.statusCode).toBe(200);
    expect(available.json()).toEqual({
      available: 100,
      withdrawable: 50,
      reserved: 50,
      debt: 0,
      reserves: [{ amount: 50, until }],
    });
    const dashboard = (await get(API.dashboard, lead.cookie)).json();
    expect(dashboard.profile).toMatchObject({ balance: 100, withdrawable: 50, reserved: 50 });

    // 50 + the 1 USDT fee is more than can leave; 49 + 1 is exactly what can.
    const tooMuch = await requestWithdrawal(lead, 50);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: insufficientFundsText('51', '1') });
    const ok = await withdraw(lead, 49);
    expect(ok.statusCode).toBe(200);
    expect((await get(API.wallet.withdrawable, lead.cookie)).json()).toMatchObject({
      available: 50,
      withdrawable: 0,
      reserved: 50,
    });

    // The window closes: the reserve ends and the rest can leave.
    now = new Date(expiredAt.getTime() + WINDOW_MS + 1000);
    expect((await get(API.wallet.withdrawable, lead.cookie)).json()).toEqual({
      available: 50,
      withdrawable: 50,
      reserved: 0,
      debt: 0,
      reserves: [],
    });
    expect((await withdraw(lead, 49)).statusCode).toBe(200);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({ available: 0n, debt: 0n });
  });

  it('reserves a canceled deal the same way (the merchant canceled it)', async () => {
    await setRate(t, '100.00');
    const lead = await signedInUser(t, { isLead: true });
    await routableMethod(t, { traderId: lead.user.id, balanceUsdt: 60n * USDT });
    const merchant = await merchantWithKey(t);
    const order = await postOrder(t, merchant.key, { amount: '2000.00' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.cancel(order.json().id)}`,
      headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await get(API.wallet.withdrawable, lead.cookie)).json()).toMatchObject({
      available: 60,
      withdrawable: 40,
      reserved: 20,
    });
  });

  it('a dispute within the window takes the reserved USDT, so the lead keeps nothing the dispute needs', async () => {
    const { lead, dealId } = await leadWithExpiredDeal();
    // Before issue 23 the lead could withdraw 99 here, and the dispute below found nothing to hold.
    expect((await withdraw(lead, 99)).statusCode).toBe(400);
    expect((await withdraw(lead, 49)).statusCode).toBe(200);
    const support = (await insertUser(t, { role: 'support' })).user;
    const dispute = await t.ctx.disputes.openBySupport(
      { id: support.id, role: 'support' },
      { transactionId: dealId, note: 'Плательщик прислал чек' },
    );
    expect(dispute.shortfallUsdt).toBe(0n);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({
      available: 0n,
      frozen: 50n * USDT,
      debt: 0n,
    });
    const [reserve] = await t.database.db
      .select()
      .from(ledgerReserves)
      .where(eq(ledgerReserves.subject, `deal:${dealId}`));
    expect(reserve).toMatchObject({ amount: 50n * USDT, remaining: 0n });
    expect(reserve?.consumedBy).not.toBeNull();
    expect((await get(API.wallet.withdrawable, lead.cookie)).json()).toMatchObject({
      withdrawable: 0,
      reserved: 0,
    });
  });

  it('refuses a withdrawal while the lead owes a dispute’s shortfall: no code mailed, nothing held', async () => {
    // A dispute held 30 USDT of a trader who had 10: 20 USDT owed; then an operator credited 100.
    const lead = await fundedLead(t, 10n * USDT);
    await holdThenCredit(lead.user.id, 30n * USDT, 100n * USDT);
    const mailed = t.mailer.countTo(lead.email);
    const refused = await requestWithdrawal(lead, 10);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: debtOutstandingText('20') });
    expect(t.mailer.countTo(lead.email)).toBe(mailed);
    expect(
      await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, lead.user.id)),
    ).toEqual([]);
    expect((await get(API.wallet.withdrawable, lead.cookie)).json()).toMatchObject({
      available: 100,
      withdrawable: 0,
      debt: 20,
    });
  });

  it('refuses at verify when a debt arose after the request, and cancels the request', async () => {
    const lead = await fundedLead(t, 50n * USDT);
    expect((await requestWithdrawal(lead, 20)).statusCode).toBe(200);
    await holdThenCredit(lead.user.id, 55n * USDT, 40n * USDT);
    const verify = await post(API.wallet.withdrawVerify, lead.cookie, {
      amount: 20,
      address: DEST,
      otp: t.mailer.lastCode(lead.email),
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ detail: debtOutstandingText('5') });
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({
      available: 40n * USDT,
      debt: 5n * USDT,
    });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, lead.user.id));
    expect(rows.map((row) => row.status)).toEqual(['canceled']);
  });

  it('parallel withdrawals never take more than available minus reserved', async () => {
    const { lead } = await leadWithExpiredDeal();
    // 100 available, 50 reserved: ten holds of 9 + 1 fee at once, exactly five fit.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.ctx.ledger.holdWithdrawal({
          userId: lead.user.id,
          amount: 9n * USDT,
          fee: 1n * USDT,
          idempotencyKey: `parallel:${lead.user.id}:${i}`,
          at: now,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({ available: 50n * USDT });
    expect((await t.ctx.ledger.withdrawable(lead.user.id, now)).withdrawable).toBe(0n);
  });
});

describe('automatic approval has a rolling 24-hour cap per user', () => {
  it('sends the first withdrawals on its own and holds the one that would pass the cap for the operator', async () => {
    let now = new Date('2031-07-01T09:00:00Z');
    const t = await createTestApp(
      {
        TRON_XPUB: TEST_XPUB,
        OTP_MAX_SENDS_PER_HOUR: '1000',
        TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX,
        WITHDRAWAL_AUTO_LIMIT_USDT: '50',
        WITHDRAWAL_AUTO_DAILY_LIMIT_USDT: '120',
        WITHDRAWAL_MIN_USDT: '5',
      },
      { now: () => now },
    );
    try {
      const lead = await fundedLead(t, 1000n * USDT);
      const statuses: string[] = [];
      const withdraw = async (amount: number) => {
        const request = await t.app.inject({
          method: 'POST',
          url: `${t.prefix}${API.wallet.withdrawRequest}`,
          headers: { cookie: lead.cookie },
          payload: { amount, address: DEST },
        });
        expect(request.statusCode).toBe(200);
        const verify = await t.app.inject({
          method: 'POST',
          url: `${t.prefix}${API.wallet.withdrawVerify}`,
          headers: { cookie: lead.cookie },
          payload: { amount, address: DEST, otp: t.mailer.lastCode(lead.email) },
        });
        expect(verify.statusCode).toBe(200);
        statuses.push(verify.json().withdrawal.status);
      };
      // 50 + 50 = 100 ≤ 120; a third 50 would make 150: held. 20 more makes exactly 120: automatic.
      await withdraw(50);
      await withdraw(50);
      await withdraw(50);
      await withdraw(20);
      // Still within 24 h of the first: 5 more would pass the cap.
      now = new Date(now.getTime() + 23 * 3_600_000);
      await withdraw(5);
      // A day after the first two, they no longer count.
      now = new Date(now.getTime() + 2 * 3_600_000);
      await withdraw(50);
      expect(statuses).toEqual(['approved', 'approved', 'held', 'approved', 'held', 'approved']);
      expect(await t.ctx.ledger.verify()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
