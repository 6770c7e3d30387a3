import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { receiversPerTest, sampleOrder, startTlsReceiver } from '../../../test/webhook-fixtures.ts';
import { type AppConfig, loadConfig } from '../../config.ts';
import type { ResolvedAddress, Resolver } from './webhook-url.ts';
import * as repo from './webhooks.repository.ts';
import { createWebhooksService, RETRY_DELAYS_MS } from './webhooks.service.ts';

/**
 * Where a delivery connects (issue 23): the name is resolved once, the answer vetted and then connected to as
 * it is, with the URL's host kept for the Host header and TLS; a failed lookup refuses the attempt; private
 * targets are refused in production whatever PUBLIC_URL is, unless WEBHOOK_ALLOW_PRIVATE_URLS=true.
 */

const silent = pino({ level: 'silent' });
const TIMEOUT_MS = 1_000;
/** TEST-NET-1 (RFC 5737): public by the rules, routed nowhere. */
const PUBLIC_ADDRESS = '192.0.2.10';
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

const { receiver, closeAfterTest } = receiversPerTest();

/** The service under a configuration parsed from `env`, as the server would start with it. */
function service(env: Record<string, string>, resolve?: Resolver) {
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    WEBHOOK_TIMEOUT_MS: TIMEOUT_MS,
  };
  return createWebhooksService({
    database: t.database,
    config,
    log: silent,
    now: () => new Date(clock),
    random: () => 0.5,
    resolve,
  });
}
type Service = ReturnType<typeof service>;

/** A resolver that answers each call from the list in turn (the last one again after the end). */
function resolverAnswering(...answers: (ResolvedAddress[] | Error)[]) {
  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    const answer = answers[Math.min(calls.length, answers.length - 1)]!;
    calls.push(host);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { resolve, calls };
}

/** A merchant whose webhook goes to `url` (saved through `webhooks`, under its rules), and one event of it. */
async function eventFor(webhooks: Service, url: string) {
  const { user } = await insertUser(t, { role: 'merchant' });
  await webhooks.updateUrl(user.id, url);
  const id = await t.database.db.transaction((tx) =>
    webhooks.enqueueOrderEvent(tx, {
      merchantId: user.id,
      order: sampleOrder({ id: randomUUID() }),
      callbackUrl: null,
    }),
  );
  return { merchantId: user.id, id };
}

const event = async (id: string) => (await repo.findEvent(t.database.db, id))!;
const attempts = (id: string) => repo.attemptsOf(t.database.db, id);

describe('one lookup, pinned', () => {
  it('connects to the address it vetted: a name that rebinds to 127.0.0.1 after the check never reaches it', async () => {
    const hook = await receiver();
    const { resolve, calls } = resolverAnswering([{ address: PUBLIC_ADDRESS, family: 4 }], [LOOPBACK]);
    const production = service({ NODE_ENV: 'production', PUBLIC_URL: 'https://pay.example.com' }, resolve);
    const url = `http://hooks.rebind.example:${new URL(hook.url).port}/hook`;
    const { id } = await eventFor(production, url);

    await production.deliverDue(100);

    expect(hook.received).toHaveLength(0);
    expect(calls).toEqual(['hooks.rebind.example']);
    const [attempt] = await attempts(id);
    // Whatever became of the connection to the documentation address, it went there and nowhere else.
    expect(attempt).toMatchObject({ url, manual: false });
    expect(['timeout', 'connection_failed']).toContain(attempt!.outcome);
    expect(await event(id)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('keeps the URL’s host in the Host header while connecting to the resolved address', async () => {
    const hook = await receiver();
    const { resolve, calls } = resolverAnswering([LOOPBACK]);
    const webhooks = service({}, resolve);
    const port = new URL(hook.url).port;
    const { id } = await eventFor(webhooks, `http://hooks.shop.test:${port}/hook?shop=1`);

    await webhooks.deliverDue(100);

    const [request] = hook.of(id);
    expect(request).toMatchObject({ path: '/hook?shop=1' });
    expect(request!.headers.host).toBe(`hooks.shop.test:${port}`);
    expect(calls).toEqual(['hooks.shop.test']);
    expect(await event(id)).toMatchObject({ state: 'delivered', lastOutcome: '2xx' });
  });

  it('asks TLS for the URL’s host name (SNI), not the address, and checks its certificate', async () => {
    const tlsReceiver = await startTlsReceiver();
    closeAfterTest(tlsReceiver);
    const { resolve } = resolverAnswering([LOOPBACK]);
    const webhooks = service({}, resolve);
    const { id } = await eventFor(webhooks, `https://hooks.shop.test:${tlsReceiver.port}/hook`);

    await webhooks.deliverDue(100);

    expect(tlsReceiver.serverNames).toEqual(['hooks.shop.test']);
    // The certificate is self-signed: refused in the handshake, so nothing was sent over it.
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({ outcome: 'tls_failed', statusCode: null });
    expect(attempt!.error).toMatch(/SELF_SIGNED/);
  });

  it('refuses the attempt when the lookup fails (no second lookup at connect) and retries it on the schedule', async () => {
    const hook = await receiver();
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND hooks.shop.test'), { code: 'ENOTFOUND' });
    const { resolve, calls } = resolverAnswering(notFound, [LOOPBACK]);
    const webhooks = service({}, resolve);
    const { id } = await eventFor(webhooks, `http://hooks.shop.test:${new URL(hook.url).port}/hook`);
    const start = clock;

    await webhooks.deliverDue(100);

    expect(hook.received).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(await event(id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastOutcome: 'dns_failed',
      lastError: 'DNS: ENOTFOUND hooks.shop.test',
    });
    expect((await event(id)).nextAttemptAt.getTime()).toBe(start + RETRY_DELAYS_MS[0]);

    clock += RETRY_DELAYS_MS[0];
    await webhooks.deliverDue(100);
    expect(hook.of(id)).toHaveLength(1);
    expect(await event(id)).toMatchObject({ state: 'delivered', attempts: 2, lastOutcome: '2xx' });
  });
});

describe('private targets in production', () => {
  it('are refused even with a loopback PUBLIC_URL, when saved and when sent; WEBHOOK_ALLOW_PRIVATE_URLS=true opens them', async () => {
    const hook = await receiver();
    const { resolve } = resolverAnswering([LOOPBACK]);
    const local = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' };
    const guarded = service(local, resolve);
    const opened = service({ ...local, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, resolve);

    // Saving a literal private address is refused at once.
    const { user } = await insertUser(t, { role: 'merchant' });
    await expect(guarded.updateUrl(user.id, hook.url)).rejects.toMatchObject({ statusCode: 400 });
    expect(guarded.callbackUrlRefusal(hook.url)).not.toBeNull();
    expect(opened.callbackUrlRefusal(hook.url)).toBeNull();

    // A public-looking name that resolves to loopback is refused when sent, with nothing sent.
    const named = `http://hooks.shop.test:${new URL(hook.url).port}/hook`;
    const { id } = await eventFor(guarded, named);
    await guarded.deliverDue(100);
    expect(hook.received).toHaveLength(0);
    expect(await event(id)).toMatchObject({
      state: 'pending',
      lastOutcome: 'refused_address',
      lastError: 'Адрес во внутренней сети: hooks.shop.test → 127.0.0.1',
    });

    const allowed = await eventFor(opened, hook.url);
    await opened.deliverDue(100);
    expect(hook.of(allowed.id)).toHaveLength(1);
    expect(await event(allowed.id)).toMatchObject({ state: 'delivered', lastOutcome: '2xx' });
  });
});

describe('outcome classes', () => {
  it('records the class for the merchant and the socket detail for the operator', async () => {
    // A port nobody listens on: taken from a listener closed at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const webhooks = service({});
    const { id } = await eventFor(webhooks, `http://127.0.0.1:${port}/hook`);

    await webhooks.deliverDue(100);

    expect(await event(id)).toMatchObject({
      lastOutcome: 'connection_failed',
      lastError: `Ошибка соединения: ECONNREFUSED 127.0.0.1:${port}`,
    });
    expect(await attempts(id)).toMatchObject([{ outcome: 'connection_failed', statusCode: null }]);
  });
});
