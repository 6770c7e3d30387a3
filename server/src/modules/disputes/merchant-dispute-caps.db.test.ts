import { randomUUID } from 'node:crypto';
import { API, DISPUTE_MESSAGES } from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantOpens, orderOf, PDF, soleTrader } from '../../../test/dispute-fixtures.ts';
import { merchantWithKey, setRate } from '../../../test/order-fixtures.ts';
import { insertUser, signedInUser, TEST_ORIGIN, testAppForFile } from '../../../test/test-app.ts';
import { deals, disputes } from '../../db/schema/index.ts';

const receipt = [{ name: 'payment.pdf', content: PDF }];

describe('a merchant’s disputes: evidence on released deals, caps per trader and per day', () => {
  let now = new Date('2031-09-01T09:00:00Z');
  let support: { id: string; role: 'support' };
  const t = testAppForFile({
    // Per trader the default (3); per day 4, so a test reaches it with a handful of deals.
    env: { ROUTING_REQUIRE_TERMINAL: 'false', DISPUTE_MAX_PER_MERCHANT_PER_DAY: '4' },
    options: { now: () => now },
    setUp: async (app) => {
      await setRate(app, '100.00');
      support = { id: (await insertUser(app, { role: 'support' })).user.id, role: 'support' };
    },
  });

  const statusOf = async (dealId: string) =>
    (await t.database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, dealId)))[0]!.status;
  const disputesOf = (dealIds: string[]) =>
    t.database.db.select().from(disputes).where(inArray(disputes.dealId, dealIds));

  it('a dispute on a canceled deal needs a payment proof: without a file 400 and nothing opened; support needs none', async () => {
    const traderId = await soleTrader(t);
    const { merchant, dealId } = await orderOf(t, { to: 'cancel' });
    expect(await statusOf(dealId)).toBe('canceled');
    const balance = await t.ctx.ledger.getBalances(traderId);

    const bare = await merchantOpens(t, merchant, dealId);
    expect(bare.statusCode).toBe(400);
    expect(bare.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bare.json()).toMatchObject({
      type: 'urn:processing:problem:validation',
      detail: DISPUTE_MESSAGES.evidenceRequired,
      errors: { files: [DISPUTE_MESSAGES.evidenceRequired] },
    });
    expect(await statusOf(dealId)).toBe('canceled');
    expect(await disputesOf([dealId])).toEqual([]);
    // Nothing re-frozen, no rating event.
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual(balance);

    const proven = await merchantOpens(t, merchant, dealId, receipt);
    expect(proven.statusCode).toBe(201);
    expect(await statusOf(dealId)).toBe('dispute');

    // Support arbitrates: its opening of a canceled deal needs no file.
    const other = await orderOf(t, { merchant, to: 'cancel' });
    const bySupport = await signedInUser(t, { role: 'support' });
    const created = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.disputes.createBySupport}`,
      headers: { cookie: bySupport.cookie, origin: TEST_ORIGIN },
      payload: { transaction_id: other.dealId, note: 'Жалоба плательщика' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('at most DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER open disputes with one trader, also when opened in parallel; support is not capped; a verdict makes room', async () => {
    await soleTrader(t);
    const merchant = await merchantWithKey(t);
    const orders = [];
    for (let index = 0; index < 6; index++) orders.push(await orderOf(t, { merchant, to: 'pay' }));
    const parallel = orders.slice(0, 5).map((order) => ({ ...order, key: randomUUID() }));
    const answers = await Promise.all(
      parallel.map((order) => merchantOpens(t, merchant, order.dealId, undefined, order.key)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({
        type: 'urn:processing:problem:dispute-limit',
        status: 429,
        detail: DISPUTE_MESSAGES.tooManyOpenWithTrader,
      });
    }
    const opened = await disputesOf(parallel.map((order) => order.dealId));
    expect(opened).toHaveLength(3);
    const refusedDeals = parallel.filter((order) => !opened.some((d) => d.dealId === order.dealId));
    for (const order of refusedDeals) expect(await statusOf(order.dealId)).toBe('verification');

    // Support opens one more between the same two: not a merchant's dispute, not capped.
    const bySupport = await t.ctx.disputes.openBySupport(support, {
      transactionId: orders[5]!.dealId,
      note: 'Проверка',
    });
    expect(bySupport.status).toBe('waiting');

    // A verdict completes one of the merchant's: there is room for one more, and only one. The refusal was not
    // stored under its Idempotency-Key: the same request, retried with it, runs again.
    await t.ctx.disputes.resolve(support, opened[0]!.id, { resolution: 'trader', comment: '' });
    const [first, second] = refusedDeals;
    expect((await merchantOpens(t, merchant, first!.dealId, undefined, first!.key)).statusCode).toBe(201);
    expect((await merchantOpens(t, merchant, second!.dealId, undefined, second!.key)).statusCode).toBe(429);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('at most DISPUTE_MAX_PER_MERCHANT_PER_DAY openings in any 24 hours, also in parallel; the window rolls', async () => {
    const merchant = await merchantWithKey(t);
    // One deal per trader, so the per-trader cap stays out of the way.
    const orders = [];
    for (let index = 0; index < 6; index++) {
      await soleTrader(t);
      orders.push(await orderOf(t, { merchant, to: 'pay' }));
    }
    const answers = await Promise.all(
      orders.slice(0, 5).map((order) => merchantOpens(t, merchant, order.dealId)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 429]);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({
      type: 'urn:processing:problem:dispute-limit',
      detail: DISPUTE_MESSAGES.tooManyToday,
    });
    const opened = await disputesOf(orders.map((order) => order.dealId));
    expect(opened).toHaveLength(4);
    // The cap is on openings: a completed one still counts for its 24 hours.
    await t.ctx.disputes.resolve(support, opened[0]!.id, { resolution: 'trader', comment: '' });
    now = new Date(now.getTime() + 23 * 3_600_000);
    expect((await merchantOpens(t, merchant, orders[5]!.dealId)).statusCode).toBe(429);
    // Over 24 hours after the first four: room again.
    now = new Date(now.getTime() + 3_600_000 + 1000);
    expect((await merchantOpens(t, merchant, orders[5]!.dealId)).statusCode).toBe(201);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
