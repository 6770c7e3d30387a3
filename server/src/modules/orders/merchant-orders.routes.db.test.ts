import { randomUUID } from 'node:crypto';
import { API, DEAL_MESSAGES, MERCHANT_TEXT, orderBelowMinimumText } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { sentWhile } from '../../../test/sent-statements.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { THEN_COMMIT } from '../../db/round-trips.ts';
import { dealEvents, deals, exchangeRates, idempotencyKeys, webhookEvents } from '../../db/schema/index.ts';

describe('merchant API orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  const get = (key: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${url}`, headers: { authorization: `Bearer ${key}` } });

  it('creates an order routed to a method: 201 with requisites, payment_url, the frozen USDT and one outbox event', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const response = await postOrder(t, merchant.key, {
      amount: '1500.00',
      payment_mode: 'sbp',
      external_id: 'shop-1',
      return_url: 'https://shop.example/thanks',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const order = response.json();
    expect(order).toMatchObject({
      external_id: 'shop-1',
      status: 'pending',
      amount: '1500.00',
      currency: 'RUB',
      amount_usdt: '15',
      rate: '100.00',
      payment_mode: 'sbp',
      requisites: {
        bank: { id: method.bankId, name: 'Сбербанк' },
        card: null,
        phone_number: method.phoneNumber,
        owner_name: 'Иван Петрович С.',
      },
      payment_url: `http://app.test/c2c/${order.id}`,
      return_url: 'https://shop.example/thanks',
    });
    expect(response.headers.location).toBe(`${t.prefix}${API.merchant.order(order.id)}`);
    expect(new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(900_000);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 85n * USDT,
      frozen: 15n * USDT,
    });
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.orderId, order.id));
    expect(events.map((event) => event.type)).toEqual(['order.pending']);
    const history = await t.database.db.select().from(dealEvents).where(eq(dealEvents.dealId, order.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending', actor: 'merchant' }]);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it("marks the deal's statement as its transaction's last, so on PostgreSQL the commit travels with it", async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const sent = await sentWhile(async () => {
      const response = await postOrder(t, merchant.key, {
        amount: '1500.00',
        payment_mode: 'sbp',
        external_id: randomUUID(),
      });
      expect(response.statusCode).toBe(201);
    });
    const marked = sent.filter((text) => text.startsWith(THEN_COMMIT));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/insert into "deals"/);
  });

  it('answers 401 problem+json for a missing, unknown or malformed key, before anything is written', async () => {
    const before = await t.database.db.select().from(deals);
    for (const authorization of [undefined, 'Bearer mk_live_unknownunknownunknownunknown12', 'Basic abc']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.orders}`,
        headers: { 'idempotency-key': randomUUID(), ...(authorization ? { authorization } : {}) },
        payload: { amount: '10.00', payment_mode: 'sbp', external_id: 'x' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 401, detail: MERCHANT_TEXT.unauthorized });
    }
    expect(await t.database.db.select().from(deals)).toHaveLength(before.length);
  });

  it('answers 422 when no method can take the order, and nothing is frozen', async () => {
    const merchant = await merchantWithKey(t);
    const response = await postOrder(t, merchant.key, { amount: '987654.00' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: 'urn:processing:problem:no-method',
      detail: DEAL_MESSAGES.noMethod,
    });
  });

  it('refuses an order under ORDER_MIN_RUB (100 ₽) with 422 before routing: no requisites shown, nothing frozen', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const dealsBefore = (await t.database.db.select().from(deals)).length;
    for (const amount of ['99.99', '1.00', '0.01']) {
      const tiny = await postOrder(t, merchant.key, { amount });
      expect(tiny.statusCode).toBe(422);
      expect(tiny.headers['content-type']).toMatch(/^application\/problem\+json/);
      const text = orderBelowMinimumText('100.00');
      expect(tiny.json()).toEqual({
        type: 'urn:processing:problem:amount-below-minimum',
        title: expect.any(String),
        status: 422,
        detail: text,
        errors: { amount: [text] },
      });
      expect(tiny.body).not.toContain('phone_number');
    }
    expect(await t.database.db.select().from(deals)).toHaveLength(dealsBefore);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 100n * USDT, frozen: 0n });
    const smallest = await postOrder(t, merchant.key, { amount: '100.00' });
    expect(smallest.statusCode).toBe(201);
  });

  it('refuses a second order with the same external_id (409), and another merchant may reuse it', async () => {
    const first = await merchantWithKey(t);
    const second = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    expect((await postOrder(t, first.key, { external_id: 'dup', amount: '100.00' })).statusCode).toBe(201);
    const again = await postOrder(t, first.key, { external_id: 'dup', amount: '101.00' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'urn:processing:problem:external-id-taken' });
    expect((await postOrder(t, second.key, { external_id: 'dup', amount: '102.00' })).statusCode).toBe(201);
  });

  it('replays the same key and body exactly, refuses the key with another body (422), and stores the answer with the order', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const idempotencyKey = randomUUID();
    const body = { amount: '250.00', external_id: `idem-${idempotencyKey}` };
    const first = await postOrder(t, merchant.key, body, { idempotencyKey });
    expect(first.statusCode).toBe(201);
    const replay = await postOrder(t, merchant.key, body, { idempotencyKey });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.location).toBe(first.headers.location);
    const other = await postOrder(t, merchant.key, { ...body, amount: '251.00' }, { idempotencyKey });
    expect(other.statusCode).toBe(422);
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, idempotencyKey));
    expect(stored?.statusCode).toBe(201);
    expect(stored?.responseBody).toBe(first.body);
    const orders = await t.database.db.select().from(deals).where(eq(deals.externalId, body.external_id));
    expect(orders).toHaveLength(1);
  });

  it('creates exactly one order under 100 concurrent retries of one key: each waits for the first and replays it', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const idempotencyKey = randomUUID();
    const body = { amount: '300.00', external_id: `race-${idempotencyKey}` };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => postOrder(t, merchant.key, body, { idempotencyKey })),
    );
    // The claim is the order transaction's first write: a duplicate waits on the key's unique index
    // until the first commits, then replays its answer (no 409 for a key that is merely busy).
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(99);
    const orders = await t.database.db.select().from(deals).where(eq(deals.externalId, body.external_id));
    expect(orders).toHaveLength(1);
  });

  it('answers 409 with Retry-After while the first request with the key is still running, and nothing is created', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const idempotencyKey = randomUUID();
    const body = { amount: '310.00', payment_mode: 'sbp' as const, external_id: `busy-${idempotencyKey}` };
    // The first request has claimed the key and not answered yet (its order's transaction is running).
    expect(
      await t.ctx.idempotency.begin({
        scope: `merchant:${merchant.id}`,
        key: idempotencyKey,
        method: 'POST',
        path: `${t.prefix}${API.merchant.orders}`,
        body,
      }),
    ).toEqual({ kind: 'new' });
    const second = await postOrder(t, merchant.key, body, { idempotencyKey });
    expect(second.statusCode).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(second.json()).toMatchObject({
      status: 409,
      type: 'urn:processing:problem:idempotency-key-in-use',
    });
    expect(await t.database.db.select().from(deals).where(eq(deals.externalId, body.external_id))).toEqual(
      [],
    );
  });

  it("keeps keys per merchant: another merchant's request with the same key is its own", async () => {
    const first = await merchantWithKey(t);
    const second = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const idempotencyKey = randomUUID();
    const body = { amount: '320.00', external_id: `shared-key-${idempotencyKey}` };
    const mine = await postOrder(t, first.key, body, { idempotencyKey });
    const theirs = await postOrder(t, second.key, body, { idempotencyKey });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    // A second key of the same merchant shares the merchant's key space.
    const otherKey = (await t.ctx.merchantKeys.createKey(first.id, 'second')).key;
    const replay = await postOrder(t, otherKey, body, { idempotencyKey });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(mine.body);
  });

  it("shows a merchant its own orders only: another merchant's id is 404", async () => {
    const owner = await merchantWithKey(t);
    const stranger = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, owner.key, { amount: '120.00' })).json();
    expect((await get(owner.key, API.merchant.order(order.id))).json()).toMatchObject({ id: order.id });
    const foreign = await get(stranger.key, API.merchant.order(order.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: MERCHANT_TEXT.orderNotFound });
    expect((await get(stranger.key, API.merchant.order('not-a-uuid'))).statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.cancel(order.id)}`,
      headers: { authorization: `Bearer ${stranger.key}`, 'idempotency-key': randomUUID() },
    });
    expect(cancel.statusCode).toBe(404);
    const list = await get(stranger.key, API.merchant.orders);
    expect(list.json().data.map((item: { id: string }) => item.id)).not.toContain(order.id);
  });

  it('lists orders newest first with filters and a cursor', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 1000n * USDT });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await postOrder(t, merchant.key, {
        amount: `${200 + index}.00`,
        external_id: `list-${index}`,
      });
      ids.push(response.json().id);
    }
    const first = (await get(merchant.key, `${API.merchant.orders}?limit=2`)).json();
    expect(first.data.map((order: { id: string }) => order.id)).toEqual([ids[4], ids[3]]);
    const second = (
      await get(merchant.key, `${API.merchant.orders}?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.data.map((order: { id: string }) => order.id)).toEqual([ids[2], ids[1]]);
    const third = (
      await get(merchant.key, `${API.merchant.orders}?limit=2&cursor=${second.next_cursor}`)
    ).json();
    expect(third).toMatchObject({ next_cursor: null });
    expect(third.data.map((order: { id: string }) => order.id)).toEqual([ids[0]]);
    const byExternal = (await get(merchant.key, `${API.merchant.orders}?external_id=list-3`)).json();
    expect(byExternal.data.map((order: { id: string }) => order.id)).toEqual([ids[3]]);
    const firstAt = (await get(merchant.key, API.merchant.order(ids[0]!))).json().created_at as string;
    const lastAt = (await get(merchant.key, API.merchant.order(ids[4]!))).json().created_at as string;
    const between = (from: string, to: string) =>
      get(
        merchant.key,
        `${API.merchant.orders}?created_from=${encodeURIComponent(from)}&created_to=${encodeURIComponent(to)}`,
      ).then((response) => response.json().data.map((order: { id: string }) => order.id));
    const shift = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
    // Both ends inclusive.
    expect(await between(firstAt, lastAt)).toEqual([...ids].reverse());
    expect(await between(shift(lastAt, 1), shift(lastAt, 60_000))).toEqual([]);
    expect(await between(shift(firstAt, -60_000), shift(firstAt, -1))).toEqual([]);
    expect((await get(merchant.key, `${API.merchant.orders}?created_from=yesterday`)).statusCode).toBe(400);
    const canceled = (await get(merchant.key, `${API.merchant.orders}?status=canceled`)).json();
    expect(canceled.data).toEqual([]);
    expect((await get(merchant.key, `${API.merchant.orders}?cursor=garbage`)).statusCode).toBe(400);
  });

  it('cancels a pending order (USDT released, webhook event), and refuses to cancel it again (409)', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 50n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '1000.00' })).json();
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({
      available: 40n * USDT,
      frozen: 10n * USDT,
    });
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.cancel(order.id)}`,
        headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': randomUUID() },
      });
    const done = await cancel();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: order.id, status: 'canceled' });
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 50n * USDT, frozen: 0n });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: DEAL_MESSAGES.notCancelable });
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.orderId, order.id));
    expect(events.map((event) => event.type)).toEqual(['order.pending', 'order.canceled']);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it("reports the merchant's balance as USDT strings", async () => {
    const merchant = await merchantWithKey(t);
    await t.ctx.ledger.creditDeposit({
      userId: merchant.id,
      amount: 1_500_000n,
      idempotencyKey: `m:${merchant.id}`,
    });
    const balance = await get(merchant.key, API.merchant.balance);
    expect(balance.json()).toEqual({ currency: 'USDT', available: '1.5', frozen: '0' });
  });

  it('validates the body as problem details with field errors', async () => {
    const merchant = await merchantWithKey(t);
    const response = await postOrder(t, merchant.key, { amount: '15', payment_mode: 'cash' as 'sbp' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errors: { amount: expect.any(Array), payment_mode: expect.any(Array) },
    });
  });
});

describe('merchant API orders without a fresh rate', () => {
  let t: TestApp;
  let now = new Date('2030-01-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ RATE_MAX_AGE_S: '3600' }, { now: () => now });
  });
  afterAll(() => t.close());

  it('refuses orders with 422 when no rate was ever set or it is older than RATE_MAX_AGE_S, and /health says degraded', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const missing = await postOrder(t, merchant.key, { amount: '100.00' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      type: 'urn:processing:problem:rate-unavailable',
      detail: DEAL_MESSAGES.rateMissing,
    });
    await setRate(t, '95,5');
    const [rate] = await t.database.db.select().from(exchangeRates);
    expect(rate?.rateKopecks).toBe(9550n);
    expect((await postOrder(t, merchant.key, { amount: '100.00' })).statusCode).toBe(201);
    now = new Date(now.getTime() + 3_601_000);
    const stale = await postOrder(t, merchant.key, { amount: '101.00' });
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toMatchObject({ detail: DEAL_MESSAGES.rateStale });
    const health = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.health}` });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded' });
  });
});
