import { randomUUID } from 'node:crypto';
import {
  API,
  canMoveDeal,
  DEAL_ACTORS,
  DEAL_MESSAGES,
  DEAL_STATUSES,
  DEAL_TRANSITIONS,
  type DealActor,
  type DealStatus,
} from '@app/shared';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePost } from '../../../test/device-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, STRONG_PASSWORD, signIn, type TestApp } from '../../../test/test-app.ts';
import type { Tx } from '../../db/client.ts';
import {
  dealEvents,
  deals,
  paymentMethods,
  terminalNotifications,
  users,
  webhookEvents,
} from '../../db/schema/index.ts';
import { startDealExpiry } from './deal-expiry.ts';

/** An SMS from Sber's short number that the parser reads as an incoming transfer of `rubles`. */
const sberTransfer = (rubles: number) =>
  `MIR-4821 13:54 Перевод ${rubles}р от Марина Петровна А. Баланс: 22393.15р`;

describe('deal lifecycle', () => {
  let t: TestApp;
  let now = new Date('2031-03-01T09:00:00Z');
  /** A bank SMS from the terminal, received on the phone at `receivedAt` (now unless told). */
  const notify = (token: string, text: string, id = randomUUID(), receivedAt = now) =>
    devicePost(
      t,
      API.device.notifications,
      { items: [{ id, source: 'sms', sender: '900', text, received_at: receivedAt.toISOString() }] },
      { token },
    );
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => now });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  const statusOf = async (id: string) =>
    (await t.database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, id)))[0]?.status;
  const eventTypes = async (id: string) =>
    (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.orderId, id))).map(
      (e) => e.type,
    );

  async function traderCookie(traderId: string) {
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, traderId));
    return signIn(t, row!.email, STRONG_PASSWORD);
  }

  const confirm = (cookie: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.transactions.verify}`,
      headers: { cookie, origin: 'http://app.test' },
      payload: { transaction_id: id },
    });

  it('allows exactly the moves of the lifecycle table', () => {
    const allowed = DEAL_STATUSES.flatMap((from) =>
      DEAL_STATUSES.flatMap((to) =>
        DEAL_ACTORS.filter((by) => canMoveDeal(from, to, by)).map((by) => `${from}>${to}:${by}`),
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending>verification:payer',
        'pending>verification:terminal',
        'pending>complete:trader',
        'pending>complete:terminal',
        'verification>complete:trader',
        'verification>complete:terminal',
        'pending>expired:timer',
        'verification>expired:timer',
        'pending>canceled:merchant',
        'verification>dispute:merchant',
        'verification>dispute:support',
        'expired>dispute:merchant',
        'expired>dispute:support',
        'canceled>dispute:merchant',
        'canceled>dispute:support',
        'dispute>complete:support',
        'dispute>canceled:support',
      ].sort(),
    );
  });

  it('payer pays, trader confirms: settles merchant share, reward and platform fee in one ledger movement', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    const paid = await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'verification', paid_at: now.toISOString() });
    // Pressing twice is fine.
    expect(
      (await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` })).statusCode,
    ).toBe(200);
    const cookie = await traderCookie(traderId);
    const done = await confirm(cookie, order.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: order.id, status: 'complete' });
    // 50 USDT at 3 % fee and 2 % reward: merchant 48.5, trader +1 (spendable), platform 0.5.
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual({
      available: 51n * USDT,
      frozen: 0n,
      totalProfit: 1n * USDT,
      debt: 0n,
    });
    expect(await t.ctx.ledger.getBalances(merchant.id)).toMatchObject({ available: 48_500_000n });
    expect(await eventTypes(order.id)).toEqual(['order.pending', 'order.verification', 'order.complete']);
    const again = await confirm(cookie, order.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: DEAL_MESSAGES.notConfirmable });
    const late = await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    expect(late.statusCode).toBe(409);
    const payer = (
      await t.app.inject({ method: 'GET', url: `${t.prefix}${API.payer.order(order.id)}` })
    ).json();
    expect(payer).toMatchObject({ status: 'complete' });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it("a trader can confirm only their own deal; another's is 404 and stays pending", async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '700.00' })).json();
    const { traderId: otherTrader } = await routableMethod(t, {});
    const response = await confirm(await traderCookie(otherTrader), order.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: DEAL_MESSAGES.notFound });
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('expires open deals at expires_at exactly once, even with two expiry loops, and releases the USDT', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const first = (await postOrder(t, merchant.key, { amount: '1000.00', expires_in: 300 })).json();
    const second = (await postOrder(t, merchant.key, { amount: '2000.00', expires_in: 600 })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(second.id)}` });
    now = new Date(now.getTime() + 301_000);
    expect(await t.ctx.orders.expireDue()).toBe(1);
    expect(await statusOf(first.id)).toBe('expired');
    expect(await statusOf(second.id)).toBe('verification');
    now = new Date(now.getTime() + 300_000);
    const loops = [
      startDealExpiry(t.ctx, { intervalMs: 20, holder: 'a' }),
      startDealExpiry(t.ctx, { intervalMs: 20, holder: 'b' }),
    ];
    const deadline = Date.now() + 10_000;
    while ((await statusOf(second.id)) !== 'expired' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(loops.map((loop) => loop.stop()));
    // Racing the loops on the service directly as well: nothing is left to expire twice.
    expect(await Promise.all([t.ctx.orders.expireDue(), t.ctx.orders.expireDue()])).toEqual([0, 0]);
    const history = await t.database.db.select().from(dealEvents).where(eq(dealEvents.dealId, second.id));
    expect(history.filter((event) => event.toStatus === 'expired')).toHaveLength(1);
    expect(await eventTypes(second.id)).toEqual(['order.pending', 'order.verification', 'order.expired']);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 100n * USDT, frozen: 0n });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('refuses every move the table does not allow: complete, expired and canceled deals stay as they are', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const cookie = await traderCookie(traderId);
    const cancelOf = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.cancel(id)}`,
        headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': randomUUID() },
      });
    const paidOf = (id: string) => t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(id)}` });
    const final: Record<string, string> = {};
    for (const [status, amount] of [
      ['complete', '301.00'],
      ['canceled', '302.00'],
      ['expired', '303.00'],
      ['verification', '304.00'],
    ] as const) {
      const order = (await postOrder(t, merchant.key, { amount, expires_in: 300 })).json();
      if (status === 'complete') await confirm(cookie, order.id);
      if (status === 'canceled') await cancelOf(order.id);
      if (status === 'verification') await paidOf(order.id);
      if (status === 'expired') {
        await t.database.db.update(deals).set({ expiresAt: now }).where(eq(deals.id, order.id));
        await t.ctx.orders.expireDue();
      }
      final[status] = order.id;
      expect(await statusOf(order.id)).toBe(status);
    }
    const tries: [string, () => Promise<{ statusCode: number }>][] = [];
    for (const status of ['complete', 'canceled', 'expired'] as DealStatus[]) {
      const id = final[status]!;
      tries.push([`confirm ${status}`, () => confirm(cookie, id)]);
      tries.push([`cancel ${status}`, () => cancelOf(id)]);
      tries.push([`paid ${status}`, () => paidOf(id)]);
    }
    tries.push(['cancel verification', () => cancelOf(final.verification!)]);
    for (const [name, attempt] of tries) {
      const response = await attempt();
      expect([400, 409], name).toContain(response.statusCode);
    }
    for (const status of ['complete', 'canceled', 'expired', 'verification']) {
      expect(await statusOf(final[status]!)).toBe(status);
    }
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('refuses every move outside the lifecycle table, from every status through every way a deal moves', {
    timeout: 120_000,
  }, async () => {
    const merchant = await merchantWithKey(t);
    const { traderId, deviceToken } = await routableMethod(t, { balanceUsdt: 5000n * USDT });
    // Every order of this test goes to this trader's one method: the methods of earlier tests stop taking any.
    await t.database.db
      .update(paymentMethods)
      .set({ isActive: false })
      .where(ne(paymentMethods.userId, traderId));
    const cookie = await traderCookie(traderId);
    const inTx = <T>(work: (tx: Tx) => Promise<T>) => t.database.db.transaction(work);
    const viaDispute =
      (to: 'dispute' | 'complete' | 'canceled', actor: 'merchant' | 'support') => (id: string) =>
        inTx((tx) =>
          t.ctx.orders.moveForDispute(tx, {
            dealId: id,
            to,
            actor,
            merchantId: actor === 'merchant' ? merchant.id : undefined,
            dispute: { id: randomUUID() },
          }),
        );
    const ignoreRefusal = (work: Promise<unknown>) => work.catch(() => undefined);
    // Every way a deal is moved, by the actor and the status it asks for (the ambiguous terminal match that
    // sends deals to verification has its own test below).
    const ways: {
      actor: DealActor;
      to: DealStatus;
      attempt: (id: string, rubles: number) => Promise<unknown>;
    }[] = [
      { actor: 'payer', to: 'verification', attempt: (id) => ignoreRefusal(t.ctx.orders.markPaid(id)) },
      { actor: 'trader', to: 'complete', attempt: (id) => confirm(cookie, id) },
      {
        actor: 'terminal',
        to: 'complete',
        attempt: (_id, rubles) => notify(deviceToken!, sberTransfer(rubles)),
      },
      {
        actor: 'timer',
        to: 'expired',
        attempt: async (id) => {
          await t.database.db.update(deals).set({ expiresAt: now }).where(eq(deals.id, id));
          await t.ctx.orders.expireDue();
        },
      },
      {
        actor: 'merchant',
        to: 'canceled',
        attempt: (id) => ignoreRefusal(t.ctx.orders.cancelOrder(merchant.id, id)),
      },
      { actor: 'merchant', to: 'dispute', attempt: viaDispute('dispute', 'merchant') },
      { actor: 'merchant', to: 'complete', attempt: viaDispute('complete', 'merchant') },
      { actor: 'support', to: 'dispute', attempt: viaDispute('dispute', 'support') },
      { actor: 'support', to: 'complete', attempt: viaDispute('complete', 'support') },
      { actor: 'support', to: 'canceled', attempt: viaDispute('canceled', 'support') },
    ];
    const covered = new Set(ways.map((way) => `${way.actor}>${way.to}`));
    for (const move of DEAL_TRANSITIONS) {
      for (const by of move.by) {
        if (`${move.from}>${move.to}:${by}` === 'pending>verification:terminal') continue;
        expect(covered, `${move.from}>${move.to}:${by}`).toContain(`${by}>${move.to}`);
      }
    }
    /** A deal of `rubles` brought to `status` through allowed moves. */
    async function dealIn(status: DealStatus, rubles: number): Promise<string> {
      const order = (await postOrder(t, merchant.key, { amount: `${rubles}.00` })).json();
      const id = order.id as string;
      if (status === 'verification' || status === 'dispute') await t.ctx.orders.markPaid(id);
      if (status === 'dispute') await viaDispute('dispute', 'merchant')(id);
      if (status === 'complete') await confirm(cookie, id);
      if (status === 'canceled') await t.ctx.orders.cancelOrder(merchant.id, id);
      if (status === 'expired') {
        await t.database.db.update(deals).set({ expiresAt: now }).where(eq(deals.id, id));
        await t.ctx.orders.expireDue();
      }
      expect(await statusOf(id)).toBe(status);
      return id;
    }
    const eventCount = async (id: string) =>
      (await t.database.db.select().from(dealEvents).where(eq(dealEvents.dealId, id))).length;
    let rubles = 2000;
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const from of DEAL_STATUSES) {
      for (const way of ways) {
        rubles++;
        const id = await dealIn(from, rubles);
        const events = await eventCount(id);
        await way.attempt(id, rubles);
        const allowed = canMoveDeal(from, way.to, way.actor);
        const name = `${from} -> ${way.to} by ${way.actor}`;
        outcomes.push(`${name}: ${await statusOf(id)}, ${(await eventCount(id)) - events} event(s)`);
        expected.push(`${name}: ${allowed ? way.to : from}, ${allowed ? 1 : 0} event(s)`);
      }
    }
    expect(outcomes).toEqual(expected);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  describe('auto-confirmation by a terminal notification', () => {
    it('completes the one open deal of that amount on the terminal, once; a replay is a duplicate', async () => {
      const merchant = await merchantWithKey(t);
      const { traderId, deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT });
      const order = (await postOrder(t, merchant.key, { amount: '1500.00' })).json();
      const itemId = randomUUID();
      const response = await notify(deviceToken!, sberTransfer(1500), itemId);
      expect(response.json().results).toEqual([{ id: itemId, status: 'matched', deal_id: order.id }]);
      expect(await statusOf(order.id)).toBe('complete');
      const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, order.id));
      expect(deal?.matchedNotificationId).not.toBeNull();
      expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 85n * USDT + 300_000n });
      const replay = await notify(deviceToken!, sberTransfer(1500), itemId);
      expect(replay.json().results).toEqual([{ id: itemId, status: 'duplicate' }]);
      const cookie = await traderCookie(traderId);
      const detail = (
        await t.app.inject({
          method: 'GET',
          url: `${t.prefix}${API.transactions.detail(order.id)}`,
          headers: { cookie },
        })
      ).json();
      expect(detail.notification).toMatchObject({ sender: '900', amount: '1500.00' });
      expect(detail.timeline.map((step: { by: string; to: string }) => `${step.to}:${step.by}`)).toEqual([
        'pending:merchant',
        'complete:terminal',
      ]);
      expect(await t.ctx.ledger.verify()).toEqual([]);
    });

    it('does not match a deal created after the transfer reached the phone (a message delivered late)', async () => {
      const merchant = await merchantWithKey(t);
      const { deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT });
      const order = (await postOrder(t, merchant.key, { amount: '1550.00' })).json();
      const sent = (receivedAt: Date) => notify(deviceToken!, sberTransfer(1550), undefined, receivedAt);
      // The SMS came 10 minutes before this deal existed (the phone was offline): it paid something else.
      const late = await sent(new Date(now.getTime() - 10 * 60_000));
      expect(late.json().results[0].status).toBe('unmatched');
      expect(await statusOf(order.id)).toBe('pending');
      // A phone clock a minute behind ours is within NOTIFICATION_CLOCK_SKEW_MS.
      const skewed = await sent(new Date(now.getTime() - 60_000));
      expect(skewed.json().results[0]).toMatchObject({ status: 'matched', deal_id: order.id });
      expect(await statusOf(order.id)).toBe('complete');
    });

    it('leaves a notification with no open deal of its amount unmatched', async () => {
      const merchant = await merchantWithKey(t);
      const { deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT });
      const order = (await postOrder(t, merchant.key, { amount: '1600.00' })).json();
      const response = await notify(deviceToken!, sberTransfer(1601));
      expect(response.json().results[0].status).toBe('unmatched');
      expect(await statusOf(order.id)).toBe('pending');
    });

    it('completes nothing when two open deals on the terminal have that amount: both go to verification', async () => {
      const merchant = await merchantWithKey(t);
      const first = await routableMethod(t, { balanceUsdt: 100n * USDT });
      // A second method of the same trader on the same terminal: one open deal of an amount per method.
      await routableMethod(t, { traderId: first.traderId, terminalId: first.terminalId });
      const a = (await postOrder(t, merchant.key, { amount: '1700.00' })).json();
      const b = (await postOrder(t, merchant.key, { amount: '1700.00' })).json();
      expect(a.requisites.phone_number).not.toBe(b.requisites.phone_number);
      const response = await notify(first.deviceToken!, sberTransfer(1700));
      expect(response.json().results[0].status).toBe('unmatched');
      expect(await statusOf(a.id)).toBe('verification');
      expect(await statusOf(b.id)).toBe('verification');
      const [stored] = await t.database.db
        .select()
        .from(terminalNotifications)
        .where(eq(terminalNotifications.dealId, a.id));
      expect(stored).toBeUndefined();
      expect(await t.ctx.ledger.getBalances(first.traderId)).toMatchObject({ frozen: 34n * USDT });
    });

    it('does not match a deal on a method of another bank than the notification names', async () => {
      const merchant = await merchantWithKey(t);
      const { deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT, bankId: 2 });
      const order = (await postOrder(t, merchant.key, { amount: '1800.00' })).json();
      // Sber's SMS, but the deal is on a T-Bank method.
      const response = await notify(deviceToken!, sberTransfer(1800));
      expect(response.json().results[0].status).toBe('unmatched');
      expect(await statusOf(order.id)).toBe('pending');
    });
  });
});
