import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { API, MERCHANT_TEXT, WEBHOOK_OUTCOMES } from '@app/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { receiversPerTest, sampleOrder } from '../../../test/webhook-fixtures.ts';
import * as repo from './webhooks.repository.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { receiver } = receiversPerTest();

function call(method: 'GET' | 'PUT' | 'POST', path: string, user?: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const merchant = () => signedInUser(t, { role: 'merchant' });

/** An event of the merchant's order, written as the orders service does. */
const enqueue = (merchantId: string, orderId = randomUUID()) =>
  t.database.db.transaction((tx) =>
    t.ctx.webhooks.enqueueOrderEvent(tx, {
      merchantId,
      order: sampleOrder({ id: orderId }),
      callbackUrl: null,
    }),
  );

describe('webhook settings routes', () => {
  it('need a session (401) and refuse anyone but a merchant with a 400 {detail} (never 403)', async () => {
    expect((await call('GET', API.merchantSettings.webhook)).statusCode).toBe(401);
    expect((await call('POST', API.merchantSettings.webhookSecret)).statusCode).toBe(401);
    const trader = await signedInUser(t, { role: 'trader' });
    const support = await signedInUser(t, { role: 'support' });
    for (const user of [trader, support]) {
      for (const [method, path, body] of [
        ['GET', API.merchantSettings.webhook, undefined],
        ['PUT', API.merchantSettings.webhook, { url: 'https://shop.example.com/hook' }],
        ['POST', API.merchantSettings.webhookSecret, undefined],
        ['GET', API.merchantSettings.webhookEvents, undefined],
        ['POST', API.merchantSettings.resendEvent('msg_AAAAAAAAAAAAAAAAAAAAAAAA'), undefined],
      ] as const) {
        const answer = await call(method, path, user, body);
        expect(answer.statusCode, `${method} ${path}`).toBe(400);
        expect(answer.json()).toEqual({ detail: MERCHANT_TEXT.notMerchant });
      }
    }
  });

  it('saves the URL, shows a first secret once, keeps it on later saves, and clears the URL', async () => {
    const shop = await merchant();
    expect((await call('GET', API.merchantSettings.webhook, shop)).json()).toEqual({
      url: null,
      has_secret: false,
    });

    const first = await call('PUT', API.merchantSettings.webhook, shop, {
      url: 'https://shop.example.com/hook',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ url: 'https://shop.example.com/hook', has_secret: true });
    expect(first.json().secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    const second = await call('PUT', API.merchantSettings.webhook, shop, {
      url: 'https://shop.example.com/v2',
    });
    expect(second.json()).toEqual({ url: 'https://shop.example.com/v2', has_secret: true });
    expect((await call('GET', API.merchantSettings.webhook, shop)).json()).toEqual({
      url: 'https://shop.example.com/v2',
      has_secret: true,
    });

    const cleared = await call('PUT', API.merchantSettings.webhook, shop, { url: null });
    expect(cleared.json()).toEqual({ url: null, has_secret: true });
  });

  it('refuses a URL that is not http(s) or longer than 2000 characters, under the url field', async () => {
    const shop = await merchant();
    for (const url of [
      'ftp://shop.example.com/hook',
      'not a url',
      `https://shop.example.com/${'a'.repeat(2000)}`,
    ]) {
      const answer = await call('PUT', API.merchantSettings.webhook, shop, { url });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json())).toEqual(['url']);
    }
    expect((await call('GET', API.merchantSettings.webhook, shop)).json().url).toBeNull();
  });

  it('rotates the secret: the new one signs at once and the old one no longer verifies', async () => {
    const hook = await receiver();
    const shop = await merchant();
    const oldSecret = (await call('PUT', API.merchantSettings.webhook, shop, { url: hook.url })).json()
      .secret;
    const rotated = await call('POST', API.merchantSettings.webhookSecret, shop);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);

    const id = await enqueue(shop.user.id);
    expect((await call('POST', API.merchantSettings.resendEvent(id), shop)).statusCode).toBe(200);
    const [request] = hook.of(id);
    expect(() => new Webhook(newSecret).verify(request!.body, request!.headers)).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(request!.body, request!.headers)).toThrow();
  });
});

describe('the delivery log', () => {
  it('lists only the merchant’s own events, newest first, page by page', async () => {
    const shop = await merchant();
    const other = await merchant();
    const mine = [await enqueue(shop.user.id), await enqueue(shop.user.id), await enqueue(shop.user.id)];
    const theirs = await enqueue(other.user.id);

    const page1 = await call('GET', `${API.merchantSettings.webhookEvents}?limit=2`, shop);
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json();
    expect(body1.results.map((item: { id: string }) => item.id)).toEqual([mine[2], mine[1]]);
    expect(body1.results[0]).toMatchObject({
      type: 'order.pending',
      state: 'pending',
      attempts: 0,
      delivered_at: null,
    });
    expect(body1.next_cursor).toEqual(expect.any(String));

    const page2 = await call(
      'GET',
      `${API.merchantSettings.webhookEvents}?limit=2&cursor=${encodeURIComponent(body1.next_cursor)}`,
      shop,
    );
    expect(page2.json()).toMatchObject({ results: [{ id: mine[0] }], next_cursor: null });

    const theirList = (await call('GET', API.merchantSettings.webhookEvents, other)).json();
    expect(theirList.results.map((item: { id: string }) => item.id)).toEqual([theirs]);
  });

  it('answers a bad limit or cursor with a 400 {detail}', async () => {
    const shop = await merchant();
    for (const query of ['limit=0', 'limit=101', 'cursor=abc']) {
      const answer = await call('GET', `${API.merchantSettings.webhookEvents}?${query}`, shop);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json()), query).toEqual(['detail']);
    }
  });

  it('resends an event at once, logged as a manual attempt; a 2xx delivers it', async () => {
    const hook = await receiver();
    const shop = await merchant();
    await call('PUT', API.merchantSettings.webhook, shop, { url: hook.url });
    const id = await enqueue(shop.user.id);
    const answer = await call('POST', API.merchantSettings.resendEvent(id), shop);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id,
      state: 'delivered',
      attempts: 0,
      last_status_code: 200,
      next_attempt_at: null,
      delivered_at: expect.any(String),
    });
    expect(hook.of(id)).toHaveLength(1);
    expect(await repo.attemptsOf(t.database.db, id)).toMatchObject([
      { manual: true, statusCode: 200, url: hook.url },
    ]);
  });

  it('shows a failed resend on the event without changing its schedule', async () => {
    const hook = await receiver(() => 500);
    const shop = await merchant();
    await call('PUT', API.merchantSettings.webhook, shop, { url: hook.url });
    const id = await enqueue(shop.user.id);
    const before = await repo.findEvent(t.database.db, id);
    const answer = await call('POST', API.merchantSettings.resendEvent(id), shop);
    expect(answer.json()).toMatchObject({
      state: 'pending',
      attempts: 0,
      last_status_code: 500,
      last_outcome: '5xx',
    });
    const after = await repo.findEvent(t.database.db, id);
    expect(after!.nextAttemptAt).toEqual(before!.nextAttemptAt);
    expect(await repo.attemptsOf(t.database.db, id)).toMatchObject([{ manual: true, statusCode: 500 }]);
  });

  it('answers 404 for another merchant’s event and for an id that does not exist', async () => {
    const shop = await merchant();
    const other = await merchant();
    const theirs = await enqueue(other.user.id);
    for (const id of [theirs, 'msg_AAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense']) {
      const answer = await call('POST', API.merchantSettings.resendEvent(id), shop);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json()).toEqual({ detail: MERCHANT_TEXT.eventNotFound });
    }
    expect(await repo.attemptsOf(t.database.db, theirs)).toEqual([]);
  });
});

describe('what the merchant sees of a failed attempt', () => {
  it('the class of the outcome, never the connection error’s detail (codes, addresses, ports)', async () => {
    // A port nobody listens on: taken from a listener closed at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const shop = await merchant();
    await call('PUT', API.merchantSettings.webhook, shop, { url: `http://127.0.0.1:${port}/hook` });
    const id = await enqueue(shop.user.id);

    const resent = await call('POST', API.merchantSettings.resendEvent(id), shop);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id, state: 'pending', last_status_code: null });
    expect(resent.json().last_outcome).toBe('connection_failed');
    const listed = await call('GET', API.merchantSettings.webhookEvents, shop);
    expect(listed.json().results[0]).toMatchObject({ id, last_outcome: 'connection_failed' });
    for (const answer of [resent, listed]) {
      expect(answer.body).not.toMatch(/ECONN|ENOTFOUND|127\.0\.0\.1|Ошибка соединения/);
      expect(answer.body).not.toContain(String(port));
      expect(answer.body).not.toContain('last_error');
    }
    expect(WEBHOOK_OUTCOMES).toContain(resent.json().last_outcome);
    // The operator keeps the detail on the attempt.
    const [attempt] = await repo.attemptsOf(t.database.db, id);
    expect(attempt!.error).toBe(`Ошибка соединения: ECONNREFUSED 127.0.0.1:${port}`);
  });
});

describe('manual resends', () => {
  const LIMIT = 4;
  let limited: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    limited = await createTestApp({ WEBHOOK_RESENDS_PER_MIN: String(LIMIT) }, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const resend = (user: User, id: string) =>
    limited.app.inject({
      method: 'POST',
      url: `${limited.prefix}${API.merchantSettings.resendEvent(id)}`,
      headers: { cookie: user.cookie },
    });
  const event = (merchantId: string) =>
    limited.database.db.transaction((tx) =>
      limited.ctx.webhooks.enqueueOrderEvent(tx, {
        merchantId,
        order: sampleOrder({ id: randomUUID() }),
        callbackUrl: null,
      }),
    );

  it('are limited per merchant to WEBHOOK_RESENDS_PER_MIN a minute, also when they arrive at once', async () => {
    const hook = await receiver();
    const shop = await signedInUser(limited, { role: 'merchant' });
    const other = await signedInUser(limited, { role: 'merchant' });
    await limited.ctx.webhooks.updateUrl(shop.user.id, hook.url);
    const id = await event(shop.user.id);

    const answers = await Promise.all(Array.from({ length: 10 }, () => resend(shop, id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(10 - LIMIT).fill(429)]);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.json()).toEqual({ detail: MERCHANT_TEXT.resendLimited });
    }
    // Only the allowed ones went out.
    expect(hook.of(id)).toHaveLength(LIMIT);
    expect(await repo.attemptsOf(limited.database.db, id)).toHaveLength(LIMIT);

    // Another merchant has its own count.
    const theirs = await event(other.user.id);
    expect((await resend(other, theirs)).statusCode).toBe(200);

    // Within the minute still refused; a minute after the first, a new window.
    clock += 59_000;
    expect((await resend(shop, id)).statusCode).toBe(429);
    clock += 1_000;
    expect((await resend(shop, id)).statusCode).toBe(200);
    expect(hook.of(id)).toHaveLength(LIMIT + 1);
  });
});
