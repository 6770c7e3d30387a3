import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { API, HTTP_ERROR_TEXT } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, MemoryMailer, signIn, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { databaseUnavailable } from '../lib/pg-errors.ts';
import { type Database, postgresDatabase } from './client.ts';
import { SOCKET_PORT } from './embedded-server.ts';

// The database going away under load: the application reaches its test database through a TCP proxy
// (node:net) that can drop every connection and refuse new ones for a while, as a restart of the server
// does; on PostgreSQL the backends are also killed with pg_terminate_backend. Requests then fail with 503 in
// the spec §8 shape (problem details under device/v1), never 500; the process stays up; requests succeed
// again once the database is back, and the pool holds no broken connection.

/** A TCP proxy to the database that can be "restarted": every connection dropped, new ones refused. */
async function startProxy(target: net.NetConnectOpts) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    open.add(client);
    open.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Drops every open connection (the server terminated its backends). */
    dropAll() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
    /** Stops listening (connections refused) and drops everything: the server is down. */
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      this.dropAll();
      await closed;
    },
    /** Listens again on the same port: the server is back. */
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    },
    async close() {
      this.dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let direct: Database;
let proxied: Database;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let t: TestApp;
let databaseName = 'postgres';

beforeAll(async () => {
  direct = await createTestDatabase();
  const options = (
    direct.raw as unknown as { options: { connectionString?: string; host?: string; port?: number } }
  ).options;
  let target: net.NetConnectOpts;
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    databaseName = url.pathname.slice(1);
    target = { host: url.hostname, port: Number(url.port || 5432) };
  } else {
    target = { path: `${options.host}/.s.PGSQL.${options.port ?? SOCKET_PORT}` };
  }
  proxy = await startProxy(target);
  proxied = {
    // The embedded engine behind the proxy shares one session among connections: no prepared statements.
    ...postgresDatabase(`postgres://postgres@127.0.0.1:${proxy.port}/${databaseName}`, 10, {
      preparedStatements: direct.engine === 'postgres',
    }),
    engine: direct.engine,
  };
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: `/tmp/app-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '100000',
    NODE_ENV: 'test',
  });
  const mailer = new MemoryMailer();
  const ctx = createContext({ config, database: proxied, mailer, log: pino({ level: 'silent' }) });
  const app: FastifyInstance = await buildApp(ctx, { serveWeb: false });
  app.addHook('onSend', async () => {
    await ctx.mail.deliverDue(1000).catch(() => undefined);
  });
  await app.ready();
  t = {
    app,
    ctx,
    database: proxied,
    mailer,
    prefix: config.API_PREFIX,
    flushMail: async () => {
      await ctx.mail.deliverDue(1000);
    },
    close: async () => {
      await app.close();
    },
  };
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  await proxy?.close();
  await direct?.close();
});

interface Outcome {
  status: number;
  body: string;
  contentType: string;
}

/** Concurrent requests that each touch the database, until `until()` says stop. */
function load(cookie: string, workers: number, until: () => boolean): Promise<Outcome[]> {
  const requests = [
    () => t.app.inject({ method: 'GET', url: `${t.prefix}${API.auth.checkUserAuth}`, headers: { cookie } }),
    // Each payer read from its own address: the page's per-IP limit is not what this test is about.
    () =>
      t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.payer.order(randomUUID())}`,
        remoteAddress: `10.${randomBytes(3).join('.')}`,
      }),
    () =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.device.heartbeat}`,
        headers: {
          authorization: `Bearer ${randomBytes(32).toString('base64url')}`,
          'idempotency-key': randomUUID(),
        },
        payload: { battery: 50 },
      }),
  ];
  return Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const outcomes: Outcome[] = [];
      for (let i = worker; !until(); i++) {
        const response = await requests[i % requests.length]!();
        outcomes.push({
          status: response.statusCode,
          body: response.body,
          contentType: String(response.headers['content-type']),
        });
      }
      return outcomes;
    }),
  ).then((all) => all.flat());
}

/** Every failure is a 503 in its API's shape; nothing else but the requests' normal answers. */
function expectOnly503s(outcomes: Outcome[]) {
  const statuses = new Set(outcomes.map((outcome) => outcome.status));
  expect([...statuses].filter((status) => ![200, 401, 404, 503].includes(status))).toEqual([]);
  for (const outcome of outcomes.filter((o) => o.status === 503)) {
    const body = JSON.parse(outcome.body);
    if (outcome.contentType.startsWith('application/problem+json')) {
      expect(body).toMatchObject({
        status: 503,
        type: 'urn:processing:problem:unavailable',
        detail: HTTP_ERROR_TEXT.unavailable,
      });
    } else {
      expect(body).toEqual({ detail: HTTP_ERROR_TEXT.unavailable });
    }
  }
}

/** Polls until a database request succeeds again (liveness only: a generous limit). */
async function recovered(cookie: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.auth.checkUserAuth}`,
      headers: { cookie },
    });
    if (response.statusCode === 200) return;
    expect(response.statusCode).toBe(503);
    if (Date.now() > deadline) throw new Error('the application did not recover');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** After recovery: a burst wider than the pool all succeeds (no broken connection left in it). */
async function poolIsHealthy(cookie: string) {
  const responses = await Promise.all(
    Array.from({ length: 30 }, () =>
      t.app.inject({ method: 'GET', url: `${t.prefix}${API.auth.checkUserAuth}`, headers: { cookie } }),
    ),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
}

describe('database outage', () => {
  let cookie: string;
  beforeAll(async () => {
    const { email, password } = await insertUser(t);
    cookie = await signIn(t, email, password);
  });

  it('a restart under load: 503 in the spec shape (problem details under device/v1), never 500, then recovery', async () => {
    let stop = false;
    const running = load(cookie, 12, () => stop);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.down();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await proxy.up();
    await recovered(cookie);
    stop = true;
    const outcomes = await running;
    expectOnly503s(outcomes);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.some((outcome) => outcome.contentType.startsWith('application/problem+json'))).toBe(
      true,
    );
    await poolIsHealthy(cookie);
  });

  it('connections dropped while a transaction waits between statements: that transaction fails, the process stays up', async () => {
    const failure = await proxied.db
      .transaction(async (tx) => {
        await tx.execute('select 1');
        proxy.dropAll();
        // The client's connection ends while it is checked out and idle: its 'error' event must not be
        // unhandled (that would end the process).
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute('select 1');
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(databaseUnavailable(failure)).toBe(true);
    await recovered(cookie);
    await poolIsHealthy(cookie);
  });

  it.skipIf(testEngine !== 'postgres')(
    'pg_terminate_backend on every backend under load: 503s, then recovery',
    async () => {
      let stop = false;
      const running = load(cookie, 12, () => stop);
      for (let round = 0; round < 5; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await direct.raw.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        );
      }
      await recovered(cookie);
      stop = true;
      const outcomes = await running;
      expectOnly503s(outcomes);
      await poolIsHealthy(cookie);
    },
  );
});
