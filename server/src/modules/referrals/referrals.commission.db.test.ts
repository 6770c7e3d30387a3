import { API, WALLET_MESSAGES } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import {
  insertUser,
  STRONG_PASSWORD,
  sessionCookie,
  signedInUser,
  TEST_ORIGIN,
  testAppForFile,
} from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { selectRow } from '../../db/rows.ts';
import { paymentMethods, referralCommissions, users } from '../../db/schema/index.ts';

const t = testAppForFile({
  env: { TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' },
  setUp: (app) => setRate(app, '100.00'),
  checkLedger: true,
});

const call = (method: 'GET' | 'POST', path: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: { cookie, origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });

let seq = 0;

/** A lead and a trader who signed up with the lead's code, with a routable method and 100 USDT. */
async function referredTrader() {
  const lead = await signedInUser(t, { isLead: true });
  const email = `referred-${++seq}-${Date.now()}@example.com`;
  const created = (await call('POST', API.referrals.create, lead.cookie, { email })).json();
  const anonymous = { origin: TEST_ORIGIN };
  await t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.auth.register}`,
    headers: anonymous,
    payload: { email, password: STRONG_PASSWORD, referral_code: created.referral_code },
  });
  const verify = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.auth.verifyOtp}`,
    headers: anonymous,
    payload: { email, password: STRONG_PASSWORD, otp: t.mailer.lastCode(email) },
  });
  expect(verify.statusCode).toBe(200);
  const traderCookie = sessionCookie(verify.headers['set-cookie']);
  const [trader] = await t.database.db.select().from(users).where(eq(users.email, email));
  await routableMethod(t, { traderId: trader!.id, balanceUsdt: 100n * USDT });
  return { lead, trader: trader!, traderCookie, referralId: created.id as string };
}

/** Only this trader's methods route, so the next order is theirs whatever earlier tests left routable. */
async function onlyRoutable(traderId: string) {
  await t.database.db
    .update(paymentMethods)
    .set({ isActive: false })
    .where(sql`${paymentMethods.userId} <> ${traderId}::uuid`);
}

async function completedDeal(
  merchantKey: string,
  trader: { id: string },
  traderCookie: string,
  amount: string,
  times = 1,
) {
  await onlyRoutable(trader.id);
  const order = await postOrder(t, merchantKey, { amount });
  expect(order.statusCode).toBe(201);
  const id = order.json().id as string;
  const confirms = await Promise.all(
    Array.from({ length: times }, () =>
      call('POST', API.transactions.verify, traderCookie, { transaction_id: id }),
    ),
  );
  expect(confirms.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  return id;
}

const platformFeeOf = async (dealId: string) => {
  const row = await selectRow<{ fee: string }>(
    t.database.db,
    sql`
    select coalesce(sum(p.amount), 0)::text as fee
    from ledger_postings p join ledger_transactions lt on lt.id = p.transaction_id
    where lt.idempotency_key = ${`deal-settle:${dealId}`} and p.account_id = 'system:platform_fees'`,
  );
  return BigInt(row!.fee);
};
const commissionsOf = (dealId: string) =>
  t.database.db.select().from(referralCommissions).where(eq(referralCommissions.dealId, dealId));

describe('referral commission', () => {
  it('pays the lead LEAD_SHARE_PCT of the platform fee in the settlement, once, visible in list, detail and dashboard', async () => {
    const { lead, trader, traderCookie, referralId } = await referredTrader();
    const merchant = await merchantWithKey(t);
    // 50 USDT at 3 % fee and 2 % reward: platform fee 0.5, the lead's 25 % of it 0.125.
    const dealId = await completedDeal(merchant.key, trader, traderCookie, '5000.00');
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toEqual({
      available: 125_000n,
      frozen: 0n,
      totalProfit: 125_000n,
      debt: 0n,
    });
    expect(await platformFeeOf(dealId)).toBe(375_000n);
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: 48_500_000n });
    expect(await t.ctx.ledger.getBalances(trader.id)).toMatchObject({ totalProfit: 1n * USDT });

    // Completing it again changes nothing.
    const again = await call('POST', API.transactions.verify, traderCookie, { transaction_id: dealId });
    expect(again.statusCode).toBe(400);
    expect(await commissionsOf(dealId)).toHaveLength(1);

    // A second deal confirmed twice at once still pays once.
    const second = await completedDeal(merchant.key, trader, traderCookie, '2000.00', 2);
    expect(await commissionsOf(second)).toEqual([
      expect.objectContaining({ leadId: lead.user.id, referredUserId: trader.id, amountMicro: 50_000n }),
    ]);
    expect((await t.ctx.ledger.getBalances(lead.user.id)).totalProfit).toBe(175_000n);

    const list = (await call('GET', API.referrals.list, lead.cookie)).json();
    expect(list.results[0]).toMatchObject({ id: referralId, profit: 0.175, is_used: true });
    const detail = (await call('GET', API.referrals.detail(referralId), lead.cookie)).json();
    const month = new Date().toISOString().slice(0, 7);
    expect(detail).toMatchObject({ deals_count: 2, profit: 0.175 });
    expect(detail.by_month).toEqual([{ month, deals: 2, profit: 0.175 }]);
    expect(detail.used_at).toEqual(expect.any(String));
    const dashboard = (await call('GET', API.dashboard, lead.cookie)).json();
    expect(dashboard.profile.total_profit).toBe(0.175);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('never makes the platform fee negative: a merchant fee below the trader reward pays the lead nothing', async () => {
    const { lead, trader, traderCookie, referralId } = await referredTrader();
    const merchant = await merchantWithKey(t);
    await t.database.db.update(users).set({ feeBps: 100 }).where(eq(users.id, merchant.id));
    await t.database.db.update(users).set({ rewardBps: 300 }).where(eq(users.id, trader.id));
    const dealId = await completedDeal(merchant.key, trader, traderCookie, '3000.00');
    expect(await platformFeeOf(dealId)).toBe(0n);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({ available: 0n, totalProfit: 0n });
    expect(await commissionsOf(dealId)).toEqual([expect.objectContaining({ amountMicro: 0n })]);
    const detail = (await call('GET', API.referrals.detail(referralId), lead.cookie)).json();
    expect(detail).toMatchObject({ deals_count: 1, profit: 0 });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it("uses the lead's own share when set, and the lead withdraws the commission like any available balance", async () => {
    const { lead, trader, traderCookie } = await referredTrader();
    const merchant = await merchantWithKey(t);
    expect(await t.ctx.userTerms.setPercentage(merchant.email, 'fee', 5000)).toMatchObject({ ok: true });
    expect(await t.ctx.referrals.setLeadShare(lead.email, 10_000, 'test')).toMatchObject({ ok: true });
    // 50 USDT at 50 % fee and 2 % reward: platform fee 24, all of it the lead's.
    const dealId = await completedDeal(merchant.key, trader, traderCookie, '5000.00');
    expect(await platformFeeOf(dealId)).toBe(0n);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({
      available: 24n * USDT,
      totalProfit: 24n * USDT,
    });

    const [destination] = OUTSIDE_ADDRESSES;
    const request = await call('POST', '/account/wallet/withdraw/request/', lead.cookie, {
      amount: 20,
      address: destination,
    });
    expect(request.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });
    const verify = await call('POST', '/account/wallet/withdraw/verify/', lead.cookie, {
      amount: 20,
      address: destination,
      otp: t.mailer.lastCode(lead.email),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().withdrawal).toMatchObject({ amount: 20, fee: 1 });
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({
      available: 3n * USDT,
      totalProfit: 24n * USDT,
    });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('pays the commission when a dispute verdict towards the merchant completes the deal', async () => {
    const { lead, trader } = await referredTrader();
    const merchant = await merchantWithKey(t);
    await onlyRoutable(trader.id);
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    const paid = await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    expect(paid.statusCode).toBe(200);
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, order.id, { reason: 'Клиент оплатил' });
    const support = (await insertUser(t, { role: 'support' })).user.id;
    const resolved = await t.ctx.disputes.resolve({ id: support, role: 'support' }, dispute.id, {
      resolution: 'merchant',
      comment: 'Оплата подтверждена',
    });
    expect(resolved.status).toBe('completed_towards_merchant');
    expect(await commissionsOf(order.id)).toEqual([expect.objectContaining({ amountMicro: 125_000n })]);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({
      available: 125_000n,
      totalProfit: 125_000n,
    });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('pays nothing for a trader nobody referred', async () => {
    const merchant = await merchantWithKey(t);
    const trader = await signedInUser(t);
    await routableMethod(t, { traderId: trader.user.id, balanceUsdt: 100n * USDT });
    const dealId = await completedDeal(merchant.key, trader.user, trader.cookie, '1000.00');
    expect(await commissionsOf(dealId)).toEqual([]);
    expect(await platformFeeOf(dealId)).toBe(100_000n);
  });
});
