// The order benchmark of `npm run bench`: order creation through the merchant API (Bearer key, Idempotency-Key,
// routing, freeze, deal, outbox) with 1,000 traders and 5,000 active methods, as a ratio to TPC-B on the same
// engine; one hot trader (every order to it) as a ratio to a one-row update; p50/p99 at a constant arrival of
// half the measured throughput; and where the time of one order goes.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { API, RATING } from '@app/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../server/src/context.ts';
import type { Database } from '../server/src/db/client.ts';
import type { RoutingQuery } from '../server/src/modules/orders/orders.repository.ts';
import { insertUser } from '../server/src/modules/users/users.repository.ts';
import { explainRouting } from '../server/test/routing-plan.ts';
import { oneRowUpdateTps, pgbenchTps, tpcbLikeTps } from './ceilings.ts';
import { fixed, line, load, requireOk } from './harness.ts';
import type { LoadResult } from './load.ts';
import { profiled } from './profile.ts';

const TRADERS = 1_000;
const METHODS_PER_TRADER = 5;
const HOT_METHODS = 200;
/** Sberbank in the seeded bank directory. */
const SBERBANK_ID = 1;
const RATE = '90.00';
/** 1,000,000 USDT per trader: the whole run freezes a few thousand at most. */
const TRADER_BALANCE = 1_000_000n * 1_000_000n;
/** 1,000,000,000 USDT for the hot trader, who takes every order of its part. */
const HOT_BALANCE = 1_000_000_000n * 1_000_000n;
const DEPOSIT_BATCH = 100;
/** Terminals count as online for TERMINAL_OFFLINE_AFTER_S (90 s by default): a heartbeat well inside that. */
const HEARTBEAT_MS = 20_000;
const P99_GOAL_MS = 25;
const TPCB_RATIO_GOAL = 0.3;
const HOT_RATIO_GOAL = 0.1;
const CPU_PER_ORDER_GOAL_MS = 1.2;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
/** Orders of the instrumented, one-at-a-time run that breaks an order's time down. */
const TRACED_ORDERS = 200;

export interface OrdersBenchInput {
  engine: 'pglite' | 'postgres';
  database: Database;
  ctx: AppContext;
  origin: string;
  seconds: number;
  connections: number;
  /** The PostgreSQL database pgbench runs on (postgres only). */
  databaseUrl?: string;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A trader per row with its terminal, `methods` methods on `bankId`, and `balance` credited through the ledger. */
export async function seedTraders(
  ctx: AppContext,
  input: {
    tag: string;
    traders: number;
    methods: number;
    bankId: number;
    balance: bigint;
    cardPrefix: string;
  },
): Promise<{ traderIds: string[]; terminalIds: string[] }> {
  const { db } = ctx.database;
  const traders = rows<{ id: string }>(
    await db.execute(sql`
      insert into users (email, password_hash, role)
      select 'bench-' || ${input.tag} || '-' || g || '@example.com', 'x', 'trader'
      from generate_series(1, ${input.traders}) as g
      returning id`),
  ).map((row) => row.id);
  const uuids = (ids: string[]) => `{${ids.join(',')}}`;
  const terminals = rows<{ id: string; user_id: string }>(
    await db.execute(sql`
      insert into terminals (user_id, name, status, device_token_hash, activated_at, last_ping)
      select u, 'Бенч', 'Enabled', md5(u::text || ${input.tag}), now(), now()
      from unnest(${uuids(traders)}::uuid[]) as u
      returning id, user_id`),
  );
  // Card, phone and account number come from one counter, so they are unique across every seeded method.
  await db.execute(sql`
    insert into payment_methods (user_id, bank_id, name, card, phone_number, nomer_scheta, is_sbp, is_c2c,
                                 is_active, first_activated_at, rating, rating_points_tenths, base_points_tenths,
                                 terminal_id)
    select t.user_id, ${input.bankId}, 'Бенч ' || k, ${input.cardPrefix} || lpad(n::text, 12, '0'),
           '+7' || lpad(n::text, 10, '0'), ${input.cardPrefix} || lpad(n::text, 12, '0'), true, true,
           true, now(), 100, 0, 0, t.id
    from unnest(${uuids(terminals.map((row) => row.id))}::uuid[], ${uuids(terminals.map((row) => row.user_id))}::uuid[])
           with ordinality as t(id, user_id, r)
      cross join generate_series(1, ${input.methods}) as k
      cross join lateral (select (t.r - 1) * ${input.methods} + k as n) as numbered`);
  // Deposits through the ledger service, a batch of traders per transaction, so ledger-verify stays clean.
  for (let start = 0; start < traders.length; start += DEPOSIT_BATCH) {
    const batch = traders.slice(start, start + DEPOSIT_BATCH);
    await db.transaction(async (tx) => {
      for (const userId of batch) {
        await ctx.ledger.creditDeposit(
          { userId, amount: input.balance, idempotencyKey: `bench-deposit:${userId}` },
          tx,
        );
      }
    });
  }
  // What PostgreSQL's autovacuum (and the embedded engine's statistics job) does after such a change.
  await db.execute(sql`analyze users, terminals, payment_methods, user_balances`);
  return { traderIds: traders, terminalIds: terminals.map((row) => row.id) };
}

/** How many slices the terminals' heartbeats are spread over within each HEARTBEAT_MS. */
const HEARTBEAT_SLICES = 20;

/**
 * Keeps the seeded terminals online, as their phones would, until stopped. Phones ping on their own clocks, so
 * the pings are spread over the period (a slice of the terminals every HEARTBEAT_MS / HEARTBEAT_SLICES), not
 * one update of every terminal at once: on the embedded engine, whose one session runs one statement at a
 * time, that single update of a thousand rows stalled every order behind it and set the p99.
 */
function heartbeat(ctx: AppContext, terminalIds: () => string[]): () => void {
  let slice = 0;
  const timer = setInterval(() => {
    const ids = terminalIds().filter((_, index) => index % HEARTBEAT_SLICES === slice);
    slice = (slice + 1) % HEARTBEAT_SLICES;
    if (ids.length === 0) return;
    ctx.database.db
      .execute(sql`update terminals set last_ping = now() where id = any(${`{${ids.join(',')}}`}::uuid[])`)
      .catch((error: unknown) => console.error('heartbeat failed', error));
  }, HEARTBEAT_MS / HEARTBEAT_SLICES);
  return () => clearInterval(timer);
}

/** A statement's kind for the breakdown: its first words with the table, values and lists stripped. */
function statementKind(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (/^(begin|commit|rollback)/.test(flat)) return flat.split(' ')[0]!;
  if (/^(savepoint|release)/.test(flat)) return `${flat.split(' ')[0]} (ledger/attempt)`;
  const table = /(?:from|into|update|join) "?([a-z_]+)"?/.exec(flat)?.[1] ?? '?';
  const verb = flat.split(' ')[0]!;
  if (verb === 'select' && flat.includes('payment_methods pm')) return 'select routing (pickMethod)';
  if (verb === 'select' && flat.includes('pg_advisory')) return 'select advisory lock';
  return `${verb} ${table}`;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Times every statement this process sends while `run` runs, by kind. The driver is patched at its one
 * entry point (Client#query, which the pool and Drizzle both call), for callbacks and promises alike. A
 * connection answers in order, so a statement sent while an earlier one of its connection was still running
 * (the `commit` written with the order's last statement, db/round-trips.ts) is timed from that one's answer:
 * otherwise the `commit` would count the last statement's time again.
 */
async function traceStatements<T>(
  run: () => Promise<T>,
): Promise<{ result: T; byKind: Map<string, { count: number; ms: number }> }> {
  const byKind = new Map<string, { count: number; ms: number }>();
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  const lastAnswer = new WeakMap<object, number>();
  const record = (client: object, text: string | undefined, sent: number) => {
    const answered = performance.now();
    const started = Math.max(sent, lastAnswer.get(client) ?? sent);
    lastAnswer.set(client, answered);
    const kind = statementKind(text ?? '?');
    const entry = byKind.get(kind) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += answered - started;
    byKind.set(kind, entry);
  };
  prototype.query = function traced(this: object, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const sent = performance.now();
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...callbackArgs: unknown[]) => {
        record(this, text, sent);
        return (last as QueryFn)(...callbackArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.finally(() => record(this, text, sent));
    return result;
  };
  try {
    return { result: await run(), byKind };
  } finally {
    prototype.query = original;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The server process's CPU use during `run`, as a share of one core. */
async function withCpu<T>(run: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  return { result, cpu: (used.user + used.system) / 1000 / (performance.now() - started) };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (getconf CLK_TCK; 100 on Linux). */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * CPU time (user + system, in seconds) of each PostgreSQL process pg_stat_activity lists (client backends and
 * the WAL writer, checkpointer and the rest), read from /proc: only when the server runs on this machine.
 */
async function postgresCpu(client: pg.Client): Promise<Map<number, number> | null> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where pid <> pg_backend_pid()',
  );
  const ticks = clockTicks();
  const times = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // Not a process of this machine (a remote server) or it just ended.
    }
  }
  return times.size === 0 ? null : times;
}

/** `run` with the CPU seconds PostgreSQL's processes spent meanwhile (null when they are not on this machine). */
async function withPostgresCpu<T>(
  databaseUrl: string,
  run: () => Promise<T>,
): Promise<{ result: T; postgresCpuSeconds: number | null }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const before = await postgresCpu(client);
    const result = await run();
    const after = await postgresCpu(client);
    if (!before || !after) return { result, postgresCpuSeconds: null };
    // A backend that started during the run (a pool growing, pgbench's clients) counts from zero.
    let postgresCpuSeconds = 0;
    for (const [pid, seconds] of after) postgresCpuSeconds += seconds - (before.get(pid) ?? 0);
    return { result, postgresCpuSeconds };
  } finally {
    await client.end();
  }
}

/**
 * What the server's backends of this database are doing during `run`, sampled every 20 ms from
 * pg_stat_activity (PostgreSQL only): running (no wait), waiting for the client (the next statement of an
 * open transaction: round trips and the Node side), on a lock, on the WAL flush of a commit.
 */
async function sampleWaits<T>(
  databaseUrl: string,
  run: () => Promise<T>,
): Promise<{ result: T; shares: [string, number][] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const { rows: active } = await client.query<{ what: string }>(`
        select case when wait_event is null then 'running (CPU)'
                    else wait_event_type || ':' || wait_event end as what
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and state in ('active', 'idle in transaction')`);
      for (const { what } of active) counts.set(what, (counts.get(what) ?? 0) + 1);
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await run();
    return {
      result,
      shares: [...counts.entries()]
        .map(([what, count]): [string, number] => [what, count / Math.max(samples, 1)])
        .sort(([, a], [, b]) => b - a),
    };
  } finally {
    sampling = false;
    await loop;
    await client.end();
  }
}

export async function benchOrders(input: OrdersBenchInput): Promise<void> {
  const { ctx, database, engine, origin, seconds, connections } = input;
  const { db } = database;
  const prefix = ctx.config.API_PREFIX;
  const tag = randomBytes(4).toString('hex');
  const cardDigit = engine === 'pglite' ? '1' : '2';

  // On a shared machine every figure here moves with its load; printed so a reader can tell.
  line(
    'machine: load average (1 min) / CPUs',
    `${fixed(os.loadavg()[0] ?? 0, 1)} / ${os.availableParallelism()}`,
    '',
  );
  const seedStarted = performance.now();
  await ctx.rates.record({ rate: RATE, source: 'manual' });
  const merchant = await insertUser(db, {
    email: `bench-merchant-${tag}@example.com`,
    passwordHash: 'x',
    role: 'merchant',
  });
  const { key } = await ctx.merchantKeys.createKey(merchant.id, 'Бенч');
  const regular = await seedTraders(ctx, {
    tag: `${tag}-r`,
    traders: TRADERS,
    methods: METHODS_PER_TRADER,
    bankId: SBERBANK_ID,
    balance: TRADER_BALANCE,
    cardPrefix: `47${cardDigit}`,
  });
  const terminalIds = [...regular.terminalIds];
  const stopHeartbeat = heartbeat(ctx, () => terminalIds);
  line(
    `seeded ${TRADERS} traders, ${TRADERS * METHODS_PER_TRADER} methods, deposits via the ledger`,
    `${fixed(performance.now() - seedStarted, 0)} ms`,
    '',
  );

  const ordersPath = `${prefix}${API.merchant.orders}`;
  /** Orders with varying amounts, both modes, unique external ids and keys within this load. */
  const orderLoad = (run: string, extra: string, overallRate?: number) =>
    load({
      origin,
      requests: ['c2c', 'sbp'].map((mode) => ({
        path: ordersPath,
        method: 'POST' as const,
        body: `{"amount":"%RUB%","payment_mode":"${mode}","external_id":"${tag}-${run}-%SEQ%"${extra}}`,
      })),
      connections,
      durationSeconds: seconds,
      headers: { authorization: `Bearer ${key}` },
      requestHeaders: { 'idempotency-key': `${tag}-${run}-%SEQ%` },
      sequence: true,
      ...(overallRate ? { overallRate } : {}),
    });

  try {
    const tpcb = input.databaseUrl
      ? await pgbenchTps(input.databaseUrl, seconds)
      : await tpcbLikeTps(database, seconds);
    const tpcbLabel = input.databaseUrl ? 'pgbench TPC-B, 8 clients' : 'TPC-B-like loop, 8 clients, our pool';
    line(`ceiling: ${tpcbLabel}`, `${fixed(tpcb, 0)} tps`, '');

    const databaseUrl = input.databaseUrl;
    const fullLoad = () => profiled(`orders-${engine}`, () => withCpu(() => orderLoad('full', '')));
    const measured = databaseUrl
      ? await sampleWaits(databaseUrl, () => withPostgresCpu(databaseUrl, fullLoad))
      : { result: { result: await fullLoad(), postgresCpuSeconds: null }, shares: [] };
    const { postgresCpuSeconds } = measured.result;
    const { result: full, cpu } = measured.result.result;
    requireOk('orders', full);
    const ratio = full.requestsPerSecond / tpcb;
    line(
      `POST merchant/v1/orders, ${connections} connections`,
      `${fixed(full.requestsPerSecond, 0)} orders/s`,
      `${fixed(ratio)} of TPC-B (goal ≥ ${TPCB_RATIO_GOAL}: ${ratio >= TPCB_RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
    const cpuPerOrder = (cpu * 1000) / full.requestsPerSecond;
    line(
      '  server process CPU during it (PGlite runs inside it)',
      `${fixed(cpu * 100, 0)} % of a core`,
      `${fixed(cpuPerOrder, 2)} ms of CPU per order` +
        (engine === 'postgres'
          ? ` (goal ≤ ${CPU_PER_ORDER_GOAL_MS}: ${met(cpuPerOrder <= CPU_PER_ORDER_GOAL_MS)})`
          : ' (the embedded database’s work included)'),
    );
    if (postgresCpuSeconds !== null) {
      // The order's CPU on every side, so that what runs out first shows: the instance (its event loop is one
      // core), PostgreSQL (all of its processes), or the machine they share with the load generator.
      const orders = full.total;
      const serverMs = cpuPerOrder;
      const postgresMs = (postgresCpuSeconds * 1000) / orders;
      const loadMs = (full.cpuSeconds * 1000) / orders;
      line(
        '  CPU per order: server / PostgreSQL / load generator',
        `${fixed(serverMs, 2)} / ${fixed(postgresMs, 2)} / ${fixed(loadMs, 2)} ms`,
        `${fixed(((serverMs + postgresMs + loadMs) * full.requestsPerSecond) / 1000, 2)} of ${os.cpus().length} cores busy`,
      );
    }
    for (const [what, share] of measured.shares.slice(0, 6)) {
      line(`  backends ${what}, on average`, `${fixed(share, 1)} of ${connections}`, '');
    }
    const half = await orderLoad('half', '', full.requestsPerSecond / 2);
    requireOk('orders at half load', half);
    printLatency(`orders at ${fixed(full.requestsPerSecond / 2, 0)}/s (half load)`, half);

    const hotStarted = performance.now();
    const bank = rows<{ id: number }>(
      await db.execute(
        sql`insert into banks (name, full_name) values (${`Бенч-банк ${tag}`}, 'Банк горячего трейдера') returning id`,
      ),
    )[0]!;
    const hot = await seedTraders(ctx, {
      tag: `${tag}-h`,
      traders: 1,
      methods: HOT_METHODS,
      bankId: bank.id,
      balance: HOT_BALANCE,
      cardPrefix: `48${cardDigit}`,
    });
    terminalIds.push(...hot.terminalIds);
    line(
      `seeded the hot trader: ${HOT_METHODS} methods on its own bank`,
      `${fixed(performance.now() - hotStarted, 0)} ms`,
      '',
    );
    const oneRow = await oneRowUpdateTps(database, seconds);
    line('ceiling: one-row update, 8 clients', `${fixed(oneRow, 0)} tps`, '');
    const hotFull = await orderLoad('hot', `,"bank_id":${bank.id}`);
    requireOk('hot trader orders', hotFull);
    line(
      `POST merchant/v1/orders, all to one trader, ${connections} connections`,
      `${fixed(hotFull.requestsPerSecond, 0)} orders/s`,
      `${fixed(hotFull.requestsPerSecond / oneRow)} of the one-row update (goal ≥ ${HOT_RATIO_GOAL}: ${met(hotFull.requestsPerSecond / oneRow >= HOT_RATIO_GOAL)})`,
    );
    const hotHalf = await orderLoad('hothalf', `,"bank_id":${bank.id}`, hotFull.requestsPerSecond / 2);
    requireOk('hot trader orders at half load', hotHalf);
    printLatency(`hot trader at ${fixed(hotFull.requestsPerSecond / 2, 0)}/s (half load)`, hotHalf);

    await breakdown(input, { merchantId: merchant.id, key, tag, hotBankId: bank.id });
  } finally {
    stopHeartbeat();
  }
}

function printLatency(label: string, result: LoadResult) {
  line(
    `${label}, p50 / p99`,
    `${fixed(result.latencyMs.p50)} / ${fixed(result.latencyMs.p99)} ms`,
    `p99 goal ≤ ${P99_GOAL_MS} ms: ${result.latencyMs.p99 <= P99_GOAL_MS ? 'met' : 'NOT met'}`,
  );
}

/**
 * Where one order's time goes: the same steps the route takes (key, the order's transaction with the
 * idempotency claim first and its stored answer last), one order at a time in this process, each phase and each statement
 * timed; the HTTP round trip of one connection for the whole; the routing query's plan at this size.
 */
async function breakdown(
  input: OrdersBenchInput,
  seeded: { merchantId: string; key: string; tag: string; hotBankId: number },
) {
  const { ctx, database, origin, seconds } = input;
  const phases = { auth: [] as number[], transaction: [] as number[] };
  const { byKind } = await traceStatements(async () => {
    for (let n = 0; n < TRACED_ORDERS; n++) {
      const body = {
        amount: `${100 + n}.${String(n % 100).padStart(2, '0')}`,
        payment_mode: 'c2c' as const,
        external_id: `${seeded.tag}-traced-${n}`,
      };
      let started = performance.now();
      const principal = await ctx.merchantKeys.authenticate(`Bearer ${seeded.key}`);
      if (principal?.merchantId !== seeded.merchantId) throw new Error('the bench key did not authenticate');
      phases.auth.push(performance.now() - started);
      started = performance.now();
      const request = {
        scope: `merchant:${seeded.merchantId}`,
        key: `${seeded.tag}-traced-${n}`,
        method: 'POST',
        path: `${ctx.config.API_PREFIX}${API.merchant.orders}`,
        body,
      };
      // As the route does: the key claimed as the transaction's first statement, the answer stored with
      // the order's other writes in one statement.
      await ctx.orders.createOrder(seeded.merchantId, body, {
        claim: async (tx) => {
          const begun = await ctx.idempotency.beginIn(tx, request);
          if (begun.kind !== 'new') throw new Error(`idempotency claim: ${begun.kind}`);
        },
        write: (tx, order) =>
          ctx.idempotency.completeWrite(tx, request.scope, request.key, {
            statusCode: 201,
            body: JSON.stringify(order),
            headers: {},
          }),
      });
      phases.transaction.push(performance.now() - started);
    }
  });
  const single = await load({
    origin,
    requests: [
      {
        path: `${ctx.config.API_PREFIX}${API.merchant.orders}`,
        method: 'POST',
        body: `{"amount":"%RUB%","payment_mode":"c2c","external_id":"${seeded.tag}-single-%SEQ%"}`,
      },
    ],
    connections: 1,
    durationSeconds: Math.min(seconds, 3),
    headers: { authorization: `Bearer ${seeded.key}` },
    requestHeaders: { 'idempotency-key': `${seeded.tag}-single-%SEQ%` },
    sequence: true,
  });
  requireOk('single-connection orders', single);

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const inProcess = mean(phases.auth) + mean(phases.transaction);
  console.log(`  where the time of one order goes (${TRACED_ORDERS} orders one at a time, in this process):`);
  for (const [name, values] of Object.entries(phases)) {
    line(
      `  ${name}, mean (p99)`,
      `${fixed(mean(values))} (${fixed(percentile(values, 99))}) ms`,
      `${fixed((mean(values) / inProcess) * 100, 0)} %`,
    );
  }
  line(
    '  HTTP round trip, one connection (the rest: HTTP, JSON, hooks)',
    `${fixed(single.latencyMs.mean)} ms`,
    `${fixed(single.latencyMs.mean - inProcess)} ms beyond the phases`,
  );
  const statements = [...byKind.entries()].sort(([, a], [, b]) => b.ms - a.ms);
  const total = statements.reduce((sum, [, entry]) => sum + entry.ms, 0);
  const perOrder = statements.reduce((sum, [, entry]) => sum + entry.count, 0) / TRACED_ORDERS;
  console.log(`  statements per order: ${fixed(perOrder, 1)}; by kind, time per order:`);
  for (const [kind, entry] of statements) {
    line(
      `    ${kind} ×${fixed(entry.count / TRACED_ORDERS, 1)}`,
      `${fixed(entry.ms / TRACED_ORDERS, 3)} ms`,
      `${fixed((entry.ms / total) * 100, 0)} %`,
    );
  }

  const routing = (bankId: number | null): RoutingQuery => ({
    merchantId: seeded.merchantId,
    mode: 'c2c',
    bankId,
    amountKopecks: 12_345_67n,
    amountUsdt: 1_000_000n,
    minRating: RATING.minPercent,
    onlineSince: ctx.config.ROUTING_REQUIRE_TERMINAL ? ctx.terminals.onlineSince() : null,
    exclude: [],
  });
  for (const [label, query] of [
    ['any bank', routing(null)],
    ['the hot trader’s bank', routing(seeded.hotBankId)],
  ] as const) {
    // The plan's nodes and its two times; the conditions of each node are left out to keep it short.
    const plan = (await explainRouting(database, query)).filter((planLine) =>
      /^\s*(->|Limit|Planning Time|Execution Time)/.test(planLine),
    );
    console.log(`  routing query plan (${label}):`);
    for (const planLine of plan) console.log(`    ${planLine}`);
  }
}
