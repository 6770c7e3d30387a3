// `npm run bench`: the API's hot paths as ratios to ceilings measured in this same run, so the figures mean
// the same on any machine. This process serves the API (and the ceiling); every load comes from a separate
// child process (bench/load.ts), because a load generator sharing the server's event loop measures itself.
// BENCH_SECONDS sets the length of each measurement (default 5); BENCH_ONLY=api, =orders, =dashboard or =burst runs
// one part, a comma-separated list several (the orders part is bench/orders.ts, the dashboard part
// bench/dashboard.ts, the burst part bench/burst.ts); TEST_DATABASE_URL names a PostgreSQL server on which a
// throwaway database is created and dropped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { API } from '@app/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type AppContext, createContext } from '../server/src/context.ts';
import { type Database, type Db, openDatabase } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { sessions, users } from '../server/src/db/schema/index.ts';
import { hashToken } from '../server/src/modules/auth/auth.service.ts';
import { hashPassword } from '../server/src/modules/auth/passwords.ts';
import { findLive, insertSession } from '../server/src/modules/auth/sessions.repository.ts';
import type { Mailer } from '../server/src/modules/mail/mailer.ts';
import { insertUser } from '../server/src/modules/users/users.repository.ts';
import { SESSION_COOKIE } from '../server/src/plugins/session.ts';
import { benchBurst, standInWebDist } from './burst.ts';
import { benchDashboard } from './dashboard.ts';
import { fixed, line, load, requireOk } from './harness.ts';
import type { LoadRequest, LoadResult } from './load.ts';
import { benchOrders } from './orders.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** BENCH_ONLY=api, =orders, =dashboard or =burst runs one part (or a comma-separated list); unset, all of them. */
const PARTS = new Set(
  process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : ['api', 'orders', 'dashboard', 'burst'],
);
/** The burst part loads the SPA's page: the web build when there is one, else a stand-in of its index.html. */
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const webDist = !PARTS.has('burst')
  ? undefined
  : fs.existsSync(path.join(WEB_DIST, 'index.html'))
    ? WEB_DIST
    : standInWebDist();
/** Concurrent connections of the load (BENCH_CONNECTIONS overrides, e.g. to see whether throughput follows them). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const EVENT_LOOP_GOAL_MS = 20;
const LIST_RATIO_GOAL = 1.5;

// The ceiling: a bare Fastify hello served by this process, loaded from the child like everything else.
async function measureCeiling(): Promise<number> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const origin = await hello.listen({ port: 0, host: '127.0.0.1' });
  const result = await load({
    origin,
    requests: [{ path: '/' }],
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
  });
  await hello.close();
  requireOk('ceiling', result);
  return result.requestsPerSecond;
}

/** The session lookup written the way every repository call is: the query builder runs on each call. */
async function findLiveRebuilt(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return row;
}

/** Calls per second of a lookup with 8 calls in flight, for `seconds`. */
async function callsPerSecond(call: () => Promise<unknown>, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  const worker = async () => {
    while (performance.now() < until) {
      if (!(await call())) throw new Error('the session lookup found nothing');
      calls += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  return calls / ((performance.now() - started) / 1000);
}

interface Signed {
  userId: string;
  email: string;
  cookie: string;
}

async function signedInUser(database: Database, password = 'x'): Promise<Signed> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const user = await insertUser(database.db, { email, passwordHash: password, role: 'trader' });
  const token = randomBytes(32).toString('base64url');
  await insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { userId: user.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

/** `count` payment methods for one user in one INSERT … SELECT; the card prefix keeps cards unique. */
async function seedMethods(database: Database, userId: string, count: number, cardPrefix: string) {
  await database.db.execute(sql`
    insert into payment_methods (user_id, bank_id, name, card, is_sbp, is_c2c, is_active, rating,
                                 rating_points_tenths, base_points_tenths, created_at)
    select ${userId}::uuid, 1 + g % 30, 'Карта ' || g, ${cardPrefix} || lpad(g::text, 12, '0'),
           g % 3 = 0, true, g % 2 = 0, 100, 0, 0, now() - g * interval '1 second'
    from generate_series(1, ${count}) as g`);
}

/**
 * Bulk load as one would: the trigram indexes (as the migrations define them) are dropped during the seed
 * and built afterwards, then the table is analyzed, as PostgreSQL's autovacuum would after such a change
 * (PGlite has no autovacuum; see the report's open points).
 */
async function bulkSeed(database: Database, seeds: [string, number, string][]) {
  const found = (await database.db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'payment_methods' and indexdef like '%gin_trgm_ops%'`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const index of found.rows) await database.db.execute(sql.raw(`drop index ${index.indexname}`));
  for (const [userId, count, prefix] of seeds) await seedMethods(database, userId, count, prefix);
  for (const index of found.rows) await database.db.execute(sql.raw(index.indexdef));
  await database.db.execute(sql`analyze payment_methods`);
}

/** The API's general figures: health, session lookup, list latency against history, writes, a login flood. */
async function benchApi(
  engine: 'pglite' | 'postgres',
  database: Database,
  ctx: AppContext,
  app: FastifyInstance,
  origin: string,
  { ceiling, floodLogins }: { ceiling: number; floodLogins: boolean },
) {
  const prefix = ctx.config.API_PREFIX;
  const user = await signedInUser(database);
  const health = await load({
    origin,
    requests: [{ path: `${prefix}${API.health}` }],
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
  });
  requireOk('health', health);
  line(
    'GET /health (database ping)',
    `${fixed(health.requestsPerSecond, 0)} req/s`,
    `${fixed(health.requestsPerSecond / ceiling, 3)} of the ceiling`,
  );
  const auth = await load({
    origin,
    requests: [{ path: `${prefix}${API.auth.checkUserAuth}` }],
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    headers: { cookie: user.cookie },
  });
  requireOk('check_user_auth', auth);
  line(
    'GET check_user_auth (session lookup)',
    `${fixed(auth.requestsPerSecond, 0)} req/s`,
    `${fixed(auth.requestsPerSecond / ceiling, 3)} of the ceiling`,
  );

  // Built once vs rebuilt per call, in this process with no HTTP in between: the difference is the
  // query builder's work, which the server pays on its one event loop.
  const tokenHash = hashToken(user.cookie.slice(SESSION_COOKIE.length + 1));
  const lookupSeconds = Math.min(SECONDS, 2);
  const args = () => {
    const now = new Date();
    return [tokenHash, now, new Date(now.getTime() - 3_600_000)] as const;
  };
  const rebuilt = await callsPerSecond(() => findLiveRebuilt(database.db, ...args()), lookupSeconds);
  const builtOnce = await callsPerSecond(() => findLive(database.db, ...args()), lookupSeconds);
  line('session lookup, query rebuilt per call', `${fixed(rebuilt, 0)} calls/s`, '');
  line(
    'session lookup, query built once',
    `${fixed(builtOnce, 0)} calls/s`,
    `${fixed(builtOnce / rebuilt)}× the rebuilt one`,
  );

  // List latency does not grow with the history: 10^2 vs 10^5 methods of one user.
  const small = await signedInUser(database);
  const large = await signedInUser(database);
  const seedStarted = performance.now();
  await bulkSeed(database, [
    [small.userId, 100, `5${engine === 'pglite' ? 1 : 2}01`],
    [large.userId, 100_000, `5${engine === 'pglite' ? 1 : 2}02`],
  ]);
  line(
    'seeded 10^5 methods (INSERT … SELECT, then indexes)',
    `${fixed(performance.now() - seedStarted, 0)} ms`,
    '',
  );
  const listPath = `${prefix}${API.payments.list}`;
  const walk = async (who: Signed): Promise<LoadRequest[]> => {
    const first = await app.inject({ url: `${listPath}?page=1`, headers: { cookie: who.cookie } });
    const cursor = (first.json() as { next_cursor?: string | null }).next_cursor;
    return [
      { path: `${listPath}?page=1` },
      { path: `${listPath}?page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` },
    ];
  };
  const searchPath = `${listPath}?page=1&search=777`;
  const listFigures: Record<string, [LoadResult, LoadResult]> = {};
  for (const [label, requests] of [
    ['list pages 1 and 2', [await walk(small), await walk(large)]],
    ['list search "777" (name or requisites)', [[{ path: searchPath }], [{ path: searchPath }]]],
  ] as const) {
    const results: LoadResult[] = [];
    for (const [who, cycle] of [
      [small, requests[0]],
      [large, requests[1]],
    ] as const) {
      const result = await load({
        origin,
        requests: [...cycle],
        connections: 4,
        durationSeconds: SECONDS,
        headers: { cookie: who.cookie },
      });
      requireOk(label, result);
      results.push(result);
    }
    listFigures[label] = [results[0]!, results[1]!];
  }
  for (const [label, [at2, at5]] of Object.entries(listFigures)) {
    const ratio = at5.latencyMs.mean / at2.latencyMs.mean;
    line(
      `${label}, mean latency 10^2 → 10^5`,
      `${fixed(at2.latencyMs.mean)} → ${fixed(at5.latencyMs.mean)} ms`,
      `${fixed(ratio)}× (goal ≤ ${LIST_RATIO_GOAL}: ${ratio <= LIST_RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
  }

  // Event-loop delay of this (the serving) process while the load process writes.
  const writer = await signedInUser(database);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const writes = await load({
    origin,
    requests: [
      {
        path: `${prefix}${API.payments.create}`,
        method: 'POST',
        body: `{"name":"Нагрузка","bank":1,"card":"6${engine === 'pglite' ? 1 : 2}${randomBytes(1)[0]! % 10}%SEQ%"}`,
      },
    ],
    connections: 32,
    durationSeconds: SECONDS,
    headers: { cookie: writer.cookie },
    sequence: true,
  });
  delay.disable();
  requireOk('payment creates', writes);
  const p99 = delay.percentile(99) / 1e6;
  line('POST payments/create under load', `${fixed(writes.requestsPerSecond, 0)} req/s`, '');
  line(
    'event-loop delay p99 during those writes',
    `${fixed(p99, 1)} ms`,
    `${fixed(p99 / EVENT_LOOP_GOAL_MS)}× the ${EVENT_LOOP_GOAL_MS} ms goal (${p99 <= EVENT_LOOP_GOAL_MS ? 'met' : 'NOT met'})`,
  );

  if (floodLogins) {
    const victim = await signedInUser(database, await hashPassword('the-right-password-1'));
    const healthCheck = (durationSeconds: number) =>
      load({
        origin,
        requests: [{ path: `${prefix}${API.health}` }],
        connections: 4,
        durationSeconds,
      });
    const rest = await healthCheck(SECONDS);
    requireOk('health at rest', rest);
    const flood = load({
      origin,
      requests: [
        {
          path: `${prefix}${API.auth.login}`,
          method: 'POST',
          body: JSON.stringify({ email: victim.email, password: 'Wrong-password-1' }),
        },
      ],
      connections: 64,
      durationSeconds: SECONDS + 2,
    });
    // Let the flood fill the queue first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = await healthCheck(SECONDS);
    const flooded = await flood;
    requireOk('health under a login flood', busy);
    requireOk('login flood', flooded, true);
    line(
      '/health p99 at rest → under a login flood',
      `${fixed(rest.latencyMs.p99)} → ${fixed(busy.latencyMs.p99)} ms`,
      `${fixed(busy.latencyMs.p99 / Math.max(rest.latencyMs.p99, 1))}× at rest (p99 floored at 1 ms)`,
    );
    line(
      'wrong-password logins answered during the flood',
      `${fixed(flooded.requestsPerSecond, 0)} req/s`,
      '',
    );
  }
}

async function benchEngine(
  engine: 'pglite' | 'postgres',
  database: Database,
  options: { ceiling: number; floodLogins: boolean; databaseUrl?: string },
) {
  console.log(`\n${engine}`);
  await migrate(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bench.example.com',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-')),
    // The flood must reach argon2: no per-IP limit and no account lock stops it first.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_MAX_FAILURES: '100000000',
    // The order load is one merchant: its per-merchant request limit would answer 429 instead of measuring.
    MERCHANT_RATE_LIMIT_PER_MIN: '100000000',
    ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
  });
  const mailer: Mailer = { send: async () => undefined, close: () => undefined };
  const ctx = createContext({ config, database, mailer, log: pino({ level: 'silent' }) });
  const app: FastifyInstance = await buildApp(ctx, { serveWeb: PARTS.has('burst') });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    if (PARTS.has('api')) await benchApi(engine, database, ctx, app, origin, options);
    if (PARTS.has('orders')) {
      await benchOrders({
        engine,
        database,
        ctx,
        origin,
        seconds: SECONDS,
        connections: CONNECTIONS,
        databaseUrl: options.databaseUrl,
      });
    }
    if (PARTS.has('dashboard')) {
      await benchDashboard({ engine, database, ctx, origin, seconds: SECONDS });
    }
    if (PARTS.has('burst')) {
      await benchBurst({ engine, database, ctx, origin, seconds: SECONDS });
    }
  } finally {
    await app.close();
  }
}

const ceiling = PARTS.has('api') ? await measureCeiling() : 0;
if (PARTS.has('api')) {
  console.log(
    `ceiling: bare Fastify hello ${fixed(ceiling, 0)} req/s (${CONNECTIONS} connections, ${SECONDS} s, load from a separate process)`,
  );
}

/** BENCH_ENGINES=pglite or =postgres measures one engine (e.g. under a CPU profile); unset, both. */
const ENGINES = new Set(
  process.env.BENCH_ENGINES ? process.env.BENCH_ENGINES.split(',') : ['pglite', 'postgres'],
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
if (ENGINES.has('pglite')) {
  const embedded = await openDatabase({ dataDir, holder: 'bench' });
  try {
    await benchEngine('pglite', embedded, { ceiling, floodLogins: true });
  } finally {
    await embedded.close();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const throwaway = `app_bench_${process.pid}`;
let admin: pg.Client | undefined;
if (ENGINES.has('postgres'))
  try {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  } catch {
    admin = undefined;
    console.log('\n(PostgreSQL not reachable at TEST_DATABASE_URL: measured the embedded engine only)');
  }
if (admin) {
  await admin.query(`drop database if exists ${throwaway} with (force)`);
  await admin.query(`create database ${throwaway}`);
  const url = new URL(serverUrl);
  url.pathname = `/${throwaway}`;
  const server = await openDatabase({ databaseUrl: url.toString(), dataDir, holder: 'bench', poolSize: 16 });
  try {
    await benchEngine('postgres', server, {
      ceiling,
      floodLogins: false,
      databaseUrl: url.toString(),
    });
  } finally {
    await server.close();
    await admin.query(`drop database if exists ${throwaway} with (force)`);
    await admin.end();
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
