import { randomUUID } from 'node:crypto';
import { API, DISPUTE_MESSAGES, disputeOpenedText, splitDeal } from '@app/shared';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BOT_TOKEN } from '../../../test/fake-telegram.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import {
  deals,
  paymentMethods,
  telegramAccounts,
  telegramNotifications,
  webhookEvents,
} from '../../db/schema/index.ts';
import * as ratingRepo from '../rating/rating.repository.ts';
import { moscowDateTime } from '../telegram/notification-texts.ts';

/** 5000 ₽ at 100 ₽/USDT: 50 USDT; at the default 3 % fee and 2 % reward the merchant gets 48.5, the trader 1. */
const DEAL_USDT = 50n * USDT;
const REWARD = 1n * USDT;
const MERCHANT_SHARE = 48_500_000n;

describe('disputes: lifecycle and money', () => {
  let t: TestApp;
  let now = new Date('2031-05-01T09:00:00Z');
  let support: string;
  beforeAll(async () => {
    // With a bot configured the dispute notices are Telegram messages (without one they are mail).
    t = await createTestApp(
      {
        ROUTING_REQUIRE_TERMINAL: 'false',
        TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
        TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
      },
      { now: () => now },
    );
    await setRate(t, '100.00');
    support = (await insertUser(t, { role: 'support' })).user.id;
  });
  afterAll(() => t.close());

  const supportUser = () => ({ id: support, role: 'support' as const });
  const dealStatus = async (id: string) =>
    (await t.database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, id)))[0]?.status;
  const eventTypes = async (id: string) =>
    (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.orderId, id))).map(
      (e) => e.type,
    );

  /** A deal of 50 USDT on a fresh trader with `balance` deposited, moved to verification by the payer. */
  async function dealInVerification(balance = 100n * USDT) {
    // The clock moves across tests; the rate must stay fresh for routing.
    await setRate(t, '100.00');
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: balance });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    const paid = await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    expect(paid.statusCode).toBe(200);
    return { merchant, traderId, dealId: order.id as string };
  }

  /** A payment receipt's record (the bytes are not what these tests check): a merchant disputing an expired deal gives one. */
  const withReceipt = () => ({
    files: [
      {
        id: randomUUID(),
        name: 'receipt.pdf',
        contentType: 'application/pdf',
        size: 1024,
        sha256: 'a'.repeat(64),
      },
    ],
  });

  /** The same deal, expired by the timer (its USDT released back to available). */
  async function expiredDeal(balance = 100n * USDT) {
    const deal = await dealInVerification(balance);
    now = new Date(now.getTime() + 3_600_000);
    await t.ctx.orders.expireDue();
    expect(await dealStatus(deal.dealId)).toBe('expired');
    return deal;
  }

  /** An expired deal whose trader spent 80 of the 100 USDT since, disputed by its merchant (a 30 USDT shortfall). */
  async function shortfallDispute() {
    const { merchant, traderId, dealId } = await expiredDeal();
    await t.ctx.ledger.adjust({
      userId: traderId,
      amount: -80n * USDT,
      reason: 'test: spent',
      actor: 'test',
      idempotencyKey: `test:${randomUUID()}`,
    });
    const dispute = await t.ctx.disputes.openByMerchant(
      merchant.id,
      dealId,
      { reason: 'Оплачено' },
      withReceipt(),
    );
    return { merchant, traderId, dealId, dispute };
  }

  it('verification → dispute keeps the USDT frozen; merchant verdict settles exactly as a completed deal', async () => {
    const { merchant, traderId, dealId } = await dealInVerification();
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Клиент оплатил' });
    expect(dispute.status).toBe('waiting');
    expect(await dealStatus(dealId)).toBe('dispute');
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 50n * USDT,
      frozen: DEAL_USDT,
    });
    expect(await eventTypes(dealId)).toContain('order.dispute');

    const resolved = await t.ctx.disputes.resolve(supportUser(), dispute.id, {
      resolution: 'merchant',
      comment: 'Оплата подтверждена',
    });
    expect(resolved.status).toBe('completed_towards_merchant');
    expect(await dealStatus(dealId)).toBe('complete');
    const split = splitDeal(DEAL_USDT, 300, 200);
    expect(split.traderReward).toBe(REWARD);
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 50n * USDT + REWARD,
      frozen: 0n,
      totalProfit: REWARD,
      debt: 0n,
    });
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: MERCHANT_SHARE });
    expect((await ratingRepo.eventsOfDispute(t.database.db, dispute.id)).map((e) => e.kind)).toEqual([
      'created',
      'finished_within_18h',
    ]);
    await expect(
      t.ctx.disputes.resolve(supportUser(), dispute.id, { resolution: 'trader', comment: '' }),
    ).rejects.toMatchObject({ statusCode: 409, body: { detail: DISPUTE_MESSAGES.completed } });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('trader verdict cancels the deal and releases the held USDT; insufficient first goes to deepconsideration', async () => {
    const { merchant, traderId, dealId } = await dealInVerification();
    const dispute = await t.ctx.disputes.openBySupport(supportUser(), {
      transactionId: dealId,
      note: 'Проверка',
    });
    const deep = await t.ctx.disputes.resolve(supportUser(), dispute.id, {
      resolution: 'insufficient',
      comment: '',
    });
    expect(deep.status).toBe('deepconsideration');
    expect(await dealStatus(dealId)).toBe('dispute');
    // Resolved a day later: no finished_within_18h event.
    now = new Date(now.getTime() + 24 * 3_600_000);
    const done = await t.ctx.disputes.resolve(supportUser(), dispute.id, {
      resolution: 'trader',
      comment: 'Нет оплаты',
    });
    expect(done.status).toBe('completed_towards_trader');
    expect(await dealStatus(dealId)).toBe('canceled');
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 100n * USDT,
      frozen: 0n,
      totalProfit: 0n,
      debt: 0n,
    });
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: 0n });
    expect((await ratingRepo.eventsOfDispute(t.database.db, dispute.id)).map((e) => e.kind)).toEqual([
      'created',
    ]);
    expect(await eventTypes(dealId)).toEqual([
      'order.pending',
      'order.verification',
      'order.dispute',
      'order.canceled',
    ]);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('an expired deal with enough available is frozen again, no debt', async () => {
    const { merchant, traderId, dealId } = await expiredDeal();
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 100n * USDT, frozen: 0n });
    const dispute = await t.ctx.disputes.openByMerchant(
      merchant.id,
      dealId,
      { reason: 'Оплачено' },
      withReceipt(),
    );
    expect(dispute.shortfallUsdt).toBe(0n);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 50n * USDT,
      frozen: DEAL_USDT,
      debt: 0n,
    });
    await t.ctx.disputes.resolve(supportUser(), dispute.id, { resolution: 'merchant', comment: '' });
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 50n * USDT + REWARD,
      frozen: 0n,
      debt: 0n,
    });
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: MERCHANT_SHARE });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('an expired deal without enough available: what is there is frozen, the shortfall is debt; the trader verdict forgives it', async () => {
    const { traderId, dispute } = await shortfallDispute();
    expect(dispute.shortfallUsdt).toBe(30n * USDT);
    // ledger-verify covers the debt: a stored debt that differs from the debt account's postings is reported.
    await t.database.db.execute(
      sql`update user_balances set debt = debt + 1 where user_id = ${traderId}::uuid`,
    );
    expect((await t.ctx.ledger.verify()).map((d) => d.account)).toEqual([`user:${traderId}:debt`]);
    await t.database.db.execute(
      sql`update user_balances set debt = debt - 1 where user_id = ${traderId}::uuid`,
    );
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 0n,
      frozen: DEAL_USDT,
      totalProfit: 0n,
      debt: 30n * USDT,
    });
    expect(await t.ctx.ledger.verify()).toEqual([]);
    await t.ctx.disputes.resolve(supportUser(), dispute.id, { resolution: 'trader', comment: '' });
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 20n * USDT,
      frozen: 0n,
      totalProfit: 0n,
      debt: 0n,
    });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('merchant verdict on a shortfall: the merchant is paid, the reward repays debt, then a deposit repays the rest; no deals while in debt', async () => {
    const { merchant, traderId, dispute } = await shortfallDispute();
    await t.ctx.disputes.resolve(supportUser(), dispute.id, { resolution: 'merchant', comment: '' });
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: MERCHANT_SHARE });
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 0n,
      frozen: 0n,
      totalProfit: REWARD,
      debt: 30n * USDT - REWARD,
    });
    // Money that does not repay (an operator's credit) leaves the debt: routing still gives no deal.
    await t.ctx.ledger.adjust({
      userId: traderId,
      amount: 200n * USDT,
      reason: 'test: credit',
      actor: 'test',
      idempotencyKey: `test:${randomUUID()}`,
    });
    // Only this trader's method may take the order.
    await t.database.db
      .update(paymentMethods)
      .set({ isActive: false })
      .where(ne(paymentMethods.userId, traderId));
    await setRate(t, '100.00');
    const refused = await postOrder(t, merchant.key, { amount: '5000.00' });
    expect(refused.statusCode).toBe(422);
    // A deposit repays the debt first.
    await t.ctx.ledger.creditDeposit({
      userId: traderId,
      amount: 40n * USDT,
      idempotencyKey: `dep:${randomUUID()}`,
    });
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 200n * USDT + 40n * USDT - (30n * USDT - REWARD),
      debt: 0n,
    });
    const routed = await postOrder(t, merchant.key, { amount: '5000.00' });
    expect(routed.statusCode).toBe(201);
    expect(await t.ctx.orders.findDeal(undefined, routed.json().id)).toMatchObject({ traderId });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('refuses a deal out of the window, a pending deal, another merchant’s deal and a second open dispute', async () => {
    const { merchant, dealId } = await expiredDeal();
    now = new Date(now.getTime() + 73 * 3_600_000);
    await expect(t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'x' })).rejects.toMatchObject({
      statusCode: 409,
    });
    const other = await merchantWithKey(t);
    const fresh = await dealInVerification();
    await expect(
      t.ctx.disputes.openByMerchant(other.id, fresh.dealId, { reason: 'x' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await t.ctx.disputes.openByMerchant(fresh.merchant.id, fresh.dealId, { reason: 'x' });
    await expect(
      t.ctx.disputes.openByMerchant(fresh.merchant.id, fresh.dealId, { reason: 'x' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await setRate(t, '100.00');
    const pendingOrder = (await postOrder(t, fresh.merchant.key, { amount: '5100.00' })).json();
    await expect(
      t.ctx.disputes.openByMerchant(fresh.merchant.id, pendingOrder.id, { reason: 'x' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      t.ctx.disputes.openBySupport(
        { id: merchant.id, role: 'merchant' },
        { transactionId: fresh.dealId, note: 'x' },
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      t.ctx.disputes.openBySupport(supportUser(), { transactionId: randomUUID(), note: 'x' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('two openings of one deal at once: one dispute, one hold; trader and merchant are told the deadline', async () => {
    const { merchant, traderId, dealId } = await expiredDeal();
    await t.database.db.insert(telegramAccounts).values([
      { userId: traderId, telegramId: 9_100_001, telegramName: 't' },
      { userId: merchant.id, telegramId: 9_100_002, telegramName: 'm' },
    ]);
    const results = await Promise.allSettled([
      t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Первый' }),
      t.ctx.disputes.openBySupport(supportUser(), { transactionId: dealId, note: 'Второй' }),
    ]);
    const opened = results.filter((r) => r.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 50n * USDT,
      frozen: DEAL_USDT,
    });
    const dispute = (opened[0] as PromiseFulfilledResult<{ evidenceDeadline: Date }>).value;
    const texts = await t.database.db
      .select({
        userId: telegramNotifications.userId,
        kind: telegramNotifications.kind,
        text: telegramNotifications.text,
      })
      .from(telegramNotifications)
      .where(inArray(telegramNotifications.userId, [traderId, merchant.id]));
    const expected = disputeOpenedText(dealId, moscowDateTime(dispute.evidenceDeadline));
    expect(
      texts
        .filter((row) => row.kind === 'dispute' && row.text === expected)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([traderId, merchant.id].sort());
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
