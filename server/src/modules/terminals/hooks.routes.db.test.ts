import { randomBytes } from 'node:crypto';
import { API } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  javaUrlEncode,
  okHttpFormEncode,
  pairForwarder,
  smsForwarderDefaultContent,
  smsForwarderDefaultForm,
  smsForwarderJsonBody,
  smsForwarderPingBody,
  smsForwarderSignParam,
  smsGatewayHeaders,
  smsGatewayPing,
  smsGatewayReceived,
} from '../../../test/forwarder-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { deals, terminalNotifications, terminals, webhookEvents } from '../../db/schema/index.ts';

/**
 * The forwarder apps' URL end to end (issue 24): pairing with an app, requests built exactly as each app
 * builds them, the device API's parsers and matching behind them (real Sber texts of the parser tests),
 * deduplication, heartbeats, and the refusals that store nothing.
 */
const SBER = 'ru.sberbankmobile';
const SBER_TITLE = 'Перевод по СБП от АРТЁМ АНДРЕЕВИЧ М.';
const sberPush = (rubles: string) => `Т‑Банк + ${rubles} ₽ Плат. счёт •• 3055`;
const SBER_SMS = 'MIR-4821 13:54 Перевод 758р от Марина Петровна А. Баланс: 22393.15р';
const PROBLEM = /^application\/problem\+json/;

let t: TestApp;
beforeAll(async () => {
  // Each pairing mails a code: the per-address hourly budget would stop the tests' many pairings.
  t = await createTestApp({ OTP_MAX_SENDS_PER_HOUR: '1000' });
  await setRate(t, '100.00');
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
type Paired = Awaited<ReturnType<typeof pairForwarder>>;

const hook = (paired: { path: string }, options: Omit<InjectOptions, 'url'> & { query?: string }) =>
  t.app.inject({
    method: 'POST',
    ...options,
    url: `${paired.path}${options.query ? `?${options.query}` : ''}`,
  });

const rowOf = async (id: string) =>
  (await t.database.db.select().from(terminals).where(eq(terminals.id, id)))[0]!;
const storedOf = (terminalId: string) =>
  t.database.db
    .select()
    .from(terminalNotifications)
    .where(eq(terminalNotifications.terminalId, terminalId))
    .orderBy(terminalNotifications.id);
const dealStatus = async (id: string) =>
  (await t.database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, id)))[0]?.status;

const sfMessage = (
  paired: Paired,
  message: { from: string; title?: string; text: string },
  at = Date.now(),
) =>
  hook(paired, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: smsForwarderJsonBody(paired.secret!, {
      title: '',
      ...message,
      receivedAt: new Date(at - 3000),
      timestamp: at,
      battery: '64%',
    }),
  });
const sfPing = (paired: Paired, battery = '85%', plugged = 'AC') =>
  hook(paired, { payload: smsForwarderPingBody(paired.secret!, Date.now(), battery, plugged) });

/** An SmsForwarder paired by a new trader, online, its method routable with 100 USDT, and an order of `amount` ₽. */
async function onlineForwarderWithOrder(amount: string) {
  const trader = await signedInUser(t);
  const paired = await pairForwarder(t, trader, 'smsforwarder');
  await sfPing(paired);
  await routableMethod(t, {
    traderId: trader.user.id,
    terminalId: paired.terminal_id,
    balanceUsdt: 100n * USDT,
  });
  const merchant = await merchantWithKey(t);
  const order = (await postOrder(t, merchant.key, { amount })).json();
  return { paired, order };
}

describe('pairing a forwarder', () => {
  let user: User;
  beforeAll(async () => {
    user = await signedInUser(t);
  });

  it('verify-request with an app activates the terminal at once with its own URL and secret', async () => {
    const paired = await pairForwarder(t, user, 'smsforwarder');
    expect(paired).toEqual({
      terminal_id: expect.any(String),
      app: 'smsforwarder',
      webhook_url: `${TEST_ORIGIN}${t.prefix}/device/v1/hooks/${paired.token}`,
      secret: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path: expect.any(String),
    });
    expect(await rowOf(paired.terminal_id)).toMatchObject({
      app: 'smsforwarder',
      status: 'Enabled',
      hookTokenHash: sha256(paired.token),
      hookSecret: paired.secret,
      deviceTokenHash: null,
      pairingKeyHash: null,
      lastPing: null,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.terminals.list}`,
      headers: { cookie: user.cookie },
    });
    expect(list.json().results.find((row: { id: string }) => row.id === paired.terminal_id)).toMatchObject({
      app: 'smsforwarder',
      terminal_status_display: 'Enabled',
      online: false,
      last_ping: null,
      phone_charge: null,
      charging: null,
    });
  });

  it('gives a secret only to the apps that sign; without an app the QR answer is unchanged', async () => {
    for (const [app, signs] of [
      ['sms-gateway', true],
      ['sms-to-url', false],
      ['automation', false],
    ] as const) {
      const paired = await pairForwarder(t, user, app);
      expect(paired.secret === null, app).toBe(!signs);
      expect((await rowOf(paired.terminal_id)).app).toBe(app);
    }
    const request = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.terminals.connectRequest}`,
      headers: { cookie: user.cookie },
    });
    const qr = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.terminals.verifyRequest}`,
      headers: { cookie: user.cookie },
      payload: { terminal_id: request.json().terminal_id, otp: t.mailer.lastCode(user.email) },
    });
    expect(Object.keys(qr.json()).sort()).toEqual(['auth_key', 'expires_at', 'server_url', 'terminal_id']);
    expect((await rowOf(request.json().terminal_id)).app).toBe('terminal-manager');
  });

  it('refuses an unknown app with the contract’s message and activates nothing', async () => {
    const request = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.terminals.connectRequest}`,
      headers: { cookie: user.cookie },
    });
    const id = request.json().terminal_id as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.terminals.verifyRequest}`,
      headers: { cookie: user.cookie },
      payload: { terminal_id: id, otp: t.mailer.lastCode(user.email), app: 'telegram' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ app: ['Неизвестное приложение'] });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', activatedAt: null, hookTokenHash: null });
  });
});

describe('SmsForwarder', () => {
  it('a forwarded Sber push for a deal’s amount completes the deal and writes the merchant’s event', async () => {
    const trader = await signedInUser(t);
    const paired = await pairForwarder(t, trader, 'smsforwarder');
    // Online from its first heartbeat: routing may then pick its methods.
    const ping = await sfPing(paired, '85%', 'AC');
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toEqual({ status: 'ping' });
    expect(await rowOf(paired.terminal_id)).toMatchObject({ phoneCharge: 85, charging: true });
    await routableMethod(t, {
      traderId: trader.user.id,
      terminalId: paired.terminal_id,
      balanceUsdt: 1000n * USDT,
    });
    const merchant = await merchantWithKey(t);
    const order = await postOrder(t, merchant.key, { amount: '8431.84' });
    expect(order.statusCode).toBe(201);
    const dealId = order.json().id as string;

    const push = await sfMessage(paired, { from: SBER, title: SBER_TITLE, text: sberPush('8 431,84') });
    expect(push.statusCode).toBe(200);
    expect(push.json()).toEqual({ status: 'matched' });
    expect(await dealStatus(dealId)).toBe('complete');
    const events = await t.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.orderId, dealId));
    expect(events.map((event) => event.type)).toContain('order.complete');
    const [stored] = await storedOf(paired.terminal_id);
    expect(stored).toMatchObject({
      source: 'push',
      sender: SBER,
      title: SBER_TITLE,
      body: sberPush('8 431,84'),
      parseOutcome: 'incoming',
      bank: 'sber',
      amountKopecks: 843_184n,
      result: 'matched',
      dealId,
    });
    // The message is a sign of life and carried the battery.
    expect(await rowOf(paired.terminal_id)).toMatchObject({ phoneCharge: 64 });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('a retried delivery is one notification, answered duplicate', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'smsforwarder');
    const at = Date.now();
    const first = await sfMessage(paired, { from: '900', text: SBER_SMS }, at);
    expect(first.json()).toEqual({ status: 'unmatched' });
    // SmsForwarder's own retry resends the same body; its Resend task signs anew with a new timestamp but
    // the same receive time.
    const retry = await sfMessage(paired, { from: '900', text: SBER_SMS }, at);
    const resent = await hook(paired, {
      payload: smsForwarderJsonBody(paired.secret!, {
        from: '900',
        title: 'SIM1_МТС',
        text: SBER_SMS,
        receivedAt: new Date(at - 3000),
        timestamp: at + 61_000,
      }),
    });
    expect([retry.json(), resent.json()]).toEqual([{ status: 'duplicate' }, { status: 'duplicate' }]);
    expect(await storedOf(paired.terminal_id)).toHaveLength(1);
  });

  it('parallel deliveries of one payment complete its deal once: one matched, the rest duplicate', async () => {
    const { paired, order } = await onlineForwarderWithOrder('2150.00');
    const at = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        sfMessage(paired, { from: SBER, title: SBER_TITLE, text: sberPush('2 150') }, at),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((response) => response.json().status).sort()).toEqual([
      ...Array(5).fill('duplicate'),
      'matched',
    ]);
    expect(await storedOf(paired.terminal_id)).toHaveLength(1);
    expect(await dealStatus(order.id)).toBe('complete');
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('a push from a look-alike package is stored unparsed and completes nothing', async () => {
    const { paired, order } = await onlineForwarderWithOrder('1500.00');
    for (const sender of ['s.berbank', 'ru.sberbankmobile.pay', 'RU.SBERBANKMOBILE']) {
      const response = await sfMessage(paired, { from: sender, title: SBER_TITLE, text: sberPush('1 500') });
      expect(response.json(), sender).toEqual({ status: 'unmatched' });
    }
    expect(
      (await storedOf(paired.terminal_id)).map((row) => [row.source, row.parseOutcome, row.dealId]),
    ).toEqual(Array(3).fill(['push', 'unparsed', null]));
    expect(await dealStatus(order.id)).toBe('pending');
  });

  it('reads the default form, a GET query, a PUT and a PATCH (form params in the query)', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'smsforwarder');
    const at = Date.now();
    const content = smsForwarderDefaultContent({
      from: '900',
      text: SBER_SMS,
      slot: 'SIM1_МТС',
      type: 'sms',
      localTime: '2026-11-23 15:02:25',
    });
    const form = await hook(paired, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: smsForwarderDefaultForm(paired.secret!, '900', content, at),
    });
    expect(form.json()).toEqual({ status: 'unmatched' });
    const query = (text: string, encode: (value: string) => string, sign: string) =>
      [
        `from=${encode(SBER)}`,
        `title=${encode(SBER_TITLE)}`,
        `text=${encode(text)}`,
        `timestamp=${at}`,
        `sign=${sign}`,
      ].join('&');
    const signParam = smsForwarderSignParam(paired.secret!, at);
    const get = await hook(paired, {
      method: 'GET',
      query: query(sberPush('10'), javaUrlEncode, javaUrlEncode(signParam)),
    });
    const put = await hook(paired, {
      method: 'PUT',
      query: query(sberPush('20'), okHttpFormEncode, okHttpFormEncode(signParam)),
    });
    const patch = await hook(paired, {
      method: 'PATCH',
      query: query(sberPush('30'), okHttpFormEncode, okHttpFormEncode(signParam)),
    });
    expect([get.statusCode, put.statusCode, patch.statusCode]).toEqual([200, 200, 200]);
    const stored = await storedOf(paired.terminal_id);
    expect(stored.map((row) => [row.source, row.sender, row.title, row.body, row.parseOutcome])).toEqual([
      ['sms', '900', null, SBER_SMS, 'incoming'],
      ['push', SBER, SBER_TITLE, sberPush('10'), 'incoming'],
      ['push', SBER, SBER_TITLE, sberPush('20'), 'incoming'],
      ['push', SBER, SBER_TITLE, sberPush('30'), 'incoming'],
    ]);
  });

  it('refuses a wrong secret, a stale timestamp and another app’s shape with 401 and stores nothing', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'smsforwarder');
    const before = await rowOf(paired.terminal_id);
    const message = { from: SBER, title: SBER_TITLE, text: sberPush('1 500') };
    const wrongSecret = await hook(paired, {
      payload: smsForwarderJsonBody('another-secret-entirely1', {
        ...message,
        receivedAt: new Date(),
        timestamp: Date.now(),
      }),
    });
    const staleAt = Date.now() - 6 * 60_000;
    const stale = await hook(paired, {
      payload: smsForwarderJsonBody(paired.secret!, {
        ...message,
        receivedAt: new Date(staleAt),
        timestamp: staleAt,
      }),
    });
    const automationShape = await hook(paired, {
      query: new URLSearchParams({ sender: SBER, title: SBER_TITLE, text: sberPush('1 500') }).toString(),
    });
    for (const response of [wrongSecret, stale, automationShape]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json()).toMatchObject({ status: 401, type: 'urn:processing:problem:unauthorized' });
    }
    expect(stale.json().detail).toMatch(/часы телефона/);
    expect(await storedOf(paired.terminal_id)).toEqual([]);
    expect(await rowOf(paired.terminal_id)).toEqual(before);
  });
});

describe('SMS Gateway for Android', () => {
  const gateway = (paired: Paired, body: string, seconds = Math.floor(Date.now() / 1000)) =>
    hook(paired, { headers: smsGatewayHeaders(paired.secret!, body, seconds), payload: body });

  it('stores a signed sms:received once (its id), however often it is retried; a ping reports the battery', async () => {
    const user = await signedInUser(t);
    const paired = await pairForwarder(t, user, 'sms-gateway');
    const id = randomBytes(12).toString('base64url');
    const body = smsGatewayReceived({
      id,
      message: SBER_SMS,
      sender: '900',
      receivedAt: new Date().toISOString().replace('Z', '+00:00'),
    });
    const first = await gateway(paired, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'unmatched' });
    // Every retry is signed anew (a new X-Timestamp) over the same body.
    const retry = await gateway(paired, body, Math.floor(Date.now() / 1000) + 5);
    expect(retry.json()).toEqual({ status: 'duplicate' });
    const stored = await storedOf(paired.terminal_id);
    expect(stored.map((row) => [row.deviceItemId, row.source, row.sender, row.body, row.bank])).toEqual([
      [`sms-gateway:${id}`, 'sms', '900', SBER_SMS, 'sber'],
    ]);
    const ping = await gateway(paired, smsGatewayPing('p-1', 94, 5));
    expect(ping.json()).toEqual({ status: 'ping' });
    expect(await rowOf(paired.terminal_id)).toMatchObject({ phoneCharge: 94, charging: true });
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.terminals.list}`,
      headers: { cookie: user.cookie },
    });
    expect(list.json().results[0]).toMatchObject({
      online: true,
      phone_charge: 94,
      charging: true,
      app: 'sms-gateway',
    });
  });

  it('refuses an unsigned or wrongly signed request with 401 and stores nothing', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'sms-gateway');
    const body = smsGatewayReceived({
      id: 'abc',
      message: SBER_SMS,
      sender: '900',
      receivedAt: '2026-11-23T15:02:11.000+03:00',
    });
    const unsigned = await hook(paired, { headers: { 'content-type': 'application/json' }, payload: body });
    const tampered = await hook(paired, {
      headers: smsGatewayHeaders(paired.secret!, body, Math.floor(Date.now() / 1000)),
      payload: body.replace('758р', '7580р'),
    });
    expect([unsigned.statusCode, tampered.statusCode]).toEqual([401, 401]);
    expect(await storedOf(paired.terminal_id)).toEqual([]);
    expect((await rowOf(paired.terminal_id)).lastPing).toBeNull();
  });
});

describe('automation apps', () => {
  it('take Query Params, a form, and the JSON template with a raw quote and newline', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'automation');
    const quoted = 'Альфа-Банк + 4 000 ₽ Счёт карты VISA •• 2209 "Перевод денежных средств"';
    const fields = (text: string) =>
      new URLSearchParams({ sender: SBER, title: SBER_TITLE, text, battery: '41' }).toString();
    const query = await hook(paired, { query: fields(sberPush('11')) });
    const form = await hook(paired, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields(sberPush('12')),
    });
    const json = await hook(paired, {
      headers: { 'content-type': 'application/json' },
      payload: `{"sender":"${SBER}","title":"${SBER_TITLE}","battery":"41","text":"${quoted}\nстрока 2"}`,
    });
    const heartbeat = await hook(paired, { query: 'battery=39' });
    expect([query, form, json, heartbeat].map((response) => response.json().status)).toEqual([
      'unmatched',
      'unmatched',
      'unmatched',
      'ping',
    ]);
    const stored = await storedOf(paired.terminal_id);
    expect(stored.map((row) => row.body)).toEqual([sberPush('11'), sberPush('12'), `${quoted}\nстрока 2`]);
    expect(stored.every((row) => row.source === 'push' && row.title === SBER_TITLE)).toBe(true);
    expect((await rowOf(paired.terminal_id)).phoneCharge).toBe(39);
  });
});

describe('the URL', () => {
  it('answers 401 (small problem details) for an unknown or malformed token and 413 above 64 kB', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'automation');
    for (const token of [randomBytes(32).toString('base64url'), 'short', `${paired.token}x`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.device.hook(token)}`,
        payload: { battery: 50 },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.body.length).toBeLessThan(300);
    }
    const big = await hook(paired, {
      headers: { 'content-type': 'text/plain' },
      payload: `text=${'x'.repeat(70 * 1024)}&sender=900`,
    });
    expect(big.statusCode).toBe(413);
    expect(await storedOf(paired.terminal_id)).toEqual([]);
  });

  it('stops working when the terminal is deleted; a new URL revokes the old one, for the owner only', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const paired = await pairForwarder(t, owner, 'smsforwarder');
    expect((await sfPing(paired)).statusCode).toBe(200);

    const renew = (user: User, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.terminals.hookUrl(id)}`,
        headers: { cookie: user.cookie },
      });
    const stranger = await renew(other, paired.terminal_id);
    expect(stranger.statusCode).toBe(404);
    expect((await sfPing(paired)).statusCode).toBe(200);

    const renewed = await renew(owner, paired.terminal_id);
    expect(renewed.statusCode).toBe(200);
    const setup = renewed.json();
    expect(setup).toMatchObject({
      terminal_id: paired.terminal_id,
      app: 'smsforwarder',
      secret: paired.secret,
    });
    const next = { ...paired, path: new URL(setup.webhook_url).pathname };
    expect(next.path).not.toBe(paired.path);
    expect((await sfPing(paired)).statusCode).toBe(401);
    expect((await sfPing(next)).statusCode).toBe(200);

    // A QR terminal has no URL to renew.
    const qr = await routableMethod(t, { traderId: owner.user.id });
    expect((await renew(owner, qr.terminalId)).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${t.prefix}${API.terminals.remove(paired.terminal_id)}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await sfPing(next)).statusCode).toBe(401);
    expect(await rowOf(paired.terminal_id)).toMatchObject({ hookTokenHash: null, hookSecret: null });
    expect((await renew(owner, paired.terminal_id)).statusCode).toBe(404);
  });

  it('parallel new URLs leave exactly one working URL', async () => {
    const owner = await signedInUser(t);
    const paired = await pairForwarder(t, owner, 'automation');
    const renewals = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${t.prefix}${API.terminals.hookUrl(paired.terminal_id)}`,
          headers: { cookie: owner.cookie },
        }),
      ),
    );
    expect(renewals.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const paths = [paired.path, ...renewals.map((response) => new URL(response.json().webhook_url).pathname)];
    const statuses = await Promise.all(paths.map((path) => hook({ path }, { query: 'battery=50' })));
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect((await rowOf(paired.terminal_id)).hookTokenHash).toBe(
      sha256(paths[statuses.findIndex((response) => response.statusCode === 200)]!.split('/').at(-1)!),
    );
  });

  it('is limited per terminal like the device API, whatever address the phone calls from', async () => {
    const limited = await createTestApp({ DEVICE_RATE_LIMIT_PER_MIN: '3', OTP_MAX_SENDS_PER_HOUR: '1000' });
    try {
      const user = await signedInUser(limited);
      const paired = await pairForwarder(limited, user, 'automation');
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `${paired.path}?battery=50`,
          remoteAddress: `10.0.0.${index + 1}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await pairForwarder(limited, user, 'automation');
      expect((await limited.app.inject({ method: 'POST', url: `${other.path}?battery=50` })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('a terminal of one app stores nothing from another app’s requests it cannot authenticate', async () => {
    const paired = await pairForwarder(t, await signedInUser(t), 'sms-gateway');
    const automationShape = await hook(paired, { query: 'sender=900&text=hello' });
    expect(automationShape.statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(terminalNotifications)
        .where(and(eq(terminalNotifications.terminalId, paired.terminal_id))),
    ).toEqual([]);
  });
});
