// The dashboard benchmark of `npm run bench` (BENCH_ONLY=dashboard): the home page's two calls, GET
// /api/account/dashboard/ and the Transaction Summary chart (24h, 30d, 1y), for a trader with 10^2 deals and one
// with 10^5, each history spread evenly over the last two years. Mean latency under a small concurrent load from
// the separate load process; the figure is the ratio 10^5 : 10^2, whose goal is ≤ 1.5 for the dashboard (issue 13)
// and for each chart (issue 28): neither may cost more with the history. A chart reads the per-hour and per-day
// counters of deal_chart_counts (migration 0028) rather than the deals of its window.
import { randomBytes } from 'node:crypto';
import { API, WITHDRAWAL_IN_FLIGHT_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../server/src/context.ts';
import type { Database } from '../server/src/db/client.ts';
import { hashToken } from '../server/src/modules/auth/auth.service.ts';
import { insertSession } from '../server/src/modules/auth/sessions.repository.ts';
import { type BucketUnit, countByBucket } from '../server/src/modules/orders/deal-views.repository.ts';
import { insertUser } from '../server/src/modules/users/users.repository.ts';
import { SESSION_COOKIE } from '../server/src/plugins/session.ts';
import { capturedStatement } from '../server/test/captured-statement.ts';
import { fixed, line, load, requireOk } from './harness.ts';
import type { LoadResult } from './load.ts';

const SMALL = 100;
const LARGE = 100_000;
const HISTORY_DAYS = 730;
const TERMINALS = 7;
/** Withdrawals already finished (rejected) in the 10^5 trader's history, beside one in flight. */
const WITHDRAWAL_HISTORY = 10_000;
const CONNECTIONS = 4;
const RATIO_GOAL = 1.5;
/** The stripes each chart counter is kept in (migration 0034: a backend's pid modulo 16). */
const STRIPES = 16;

export interface DashboardBenchInput {
  engine: 'pglite' | 'postgres';
  database: Database;
  ctx: AppContext;
  origin: string;
  seconds: number;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A trader with a session cookie, `deals` deals from one merchant over the last two years, and some terminals. */
async function seedTrader(
  database: Database,
  merchantId: string,
  deals: number,
  withdrawals: number,
  cardPrefix: string,
) {
  const { db } = database;
  const email = `bench-dashboard-${randomBytes(6).toString('hex')}@example.com`;
  const trader = await insertUser(db, { email, passwordHash: 'x', role: 'trader' });
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    userId: trader.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [method] = rows<{ id: string }>(
    await db.execute(sql`
      insert into payment_methods (user_id, bank_id, name, card, is_sbp, is_c2c, is_active, rating,
                                   rating_points_tenths, base_points_tenths)
      values (${trader.id}::uuid, 1, 'Бенч', ${`${cardPrefix}000000000000`}, true, true, true, 100, 0, 0)
      returning id`),
  );
  await db.execute(sql`
    insert into terminals (user_id, name, status, activated_at, last_ping, phone_charge, created_at)
    select ${trader.id}::uuid, 'Телефон ' || g, 'Enabled', now(), now(), 10 * g, now() - g * interval '1 day'
    from generate_series(1, ${TERMINALS}) as g`);
  // Finished withdrawals over the history and one in flight (held): the dashboard sums only the latter.
  await db.execute(sql`
    insert into withdrawals (user_id, amount, fee, to_address, status, created_at, updated_at)
    select ${trader.id}::uuid, 10000000, 1000000, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
           case when g = 1 then 'held' else 'rejected' end, at, at
    from generate_series(1, ${withdrawals + 1}) as g
      cross join lateral (select now() - (g - 1) * interval '1 hour' as at) as t`);
  // Evenly over the history, newest first; finished statuses, so the open-amount key never applies.
  await db.execute(sql`
    insert into deals (merchant_id, external_id, trader_id, payment_method_id, payment_mode, status,
                       amount_kopecks, amount_usdt, rate_kopecks, merchant_fee_bps, trader_reward_bps,
                       bank_id, bank_name, card, owner_name, expires_at, completed_at, created_at, updated_at)
    select ${merchantId}::uuid, ${cardPrefix} || '-' || g, ${trader.id}::uuid, ${method!.id}::uuid, 'sbp',
           case when g % 10 = 0 then 'expired' else 'complete' end,
           150000 + g, 16666666, 9000, 300, 200, 1, 'Сбербанк', '2200000000000000', 'Бенч', at + interval '15 minutes',
           case when g % 10 = 0 then null else at + interval '5 minutes' end, at, at
    from generate_series(1, ${deals}) as g
      cross join lateral (select now() - (g - 1) * (${HISTORY_DAYS} * interval '1 day' / ${deals}) as at) as t`);
  // One statement counted every deal in one connection's stripe (migration 0034). A busy trader's deals come
  // through every connection of the servers' pools, so each counter of its history is spread over all 16
  // stripes here: the chart reads a bucket's every stripe, the most rows it can cost.
  if (deals >= STRIPES) {
    await db.execute(sql`
      with counted as (delete from deal_chart_counts where user_id = ${trader.id}::uuid returning *)
      insert into deal_chart_counts (user_id, side, unit, bucket_start, stripe, deals)
      select user_id, side, unit, bucket_start, s, deals / ${STRIPES} + (s < deals % ${STRIPES})::int
      from counted, generate_series(0, ${STRIPES - 1}) as s`);
  }
  return { userId: trader.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** EXPLAIN ANALYZE of the sum of a user's withdrawals in flight (the statement of wallet's sumUserWithdrawals). */
async function explainWithdrawing(ctx: AppContext, userId: string): Promise<string[]> {
  const result = await ctx.database.db.execute(sql`
    explain (analyze, costs off, summary on)
    select coalesce(sum(amount + fee), 0)::text from withdrawals
    where user_id = ${userId}::uuid and status in ${sql.raw(`('${WITHDRAWAL_IN_FLIGHT_STATUSES.join("', '")}')`)}`);
  return rows<{ 'QUERY PLAN': string }>(result).map((row) => row['QUERY PLAN']);
}

/** EXPLAIN ANALYZE of the chart's query exactly as the repository builds it (captured instead of run). */
async function explainChart(
  ctx: AppContext,
  userId: string,
  unit: BucketUnit,
  buckets: number,
): Promise<string[]> {
  const captured = await capturedStatement((handle) =>
    countByBucket(handle, {
      userId,
      side: 'trader',
      unit,
      buckets,
      timeZone: 'Europe/Moscow',
      now: new Date(),
    }),
  );
  const result = await ctx.database.db.execute(sql`explain (analyze, costs off, summary on) ${captured}`);
  return rows<{ 'QUERY PLAN': string }>(result).map((row) => row['QUERY PLAN']);
}

export async function benchDashboard(input: DashboardBenchInput): Promise<void> {
  const { database, ctx, origin, seconds } = input;
  const prefix = ctx.config.API_PREFIX;
  const merchant = await insertUser(database.db, {
    email: `bench-dashboard-merchant-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: 'x',
    role: 'merchant',
  });
  const tag = input.engine === 'pglite' ? '61' : '62';
  const seedStarted = performance.now();
  const small = await seedTrader(database, merchant.id, SMALL, 0, `${tag}01`);
  const large = await seedTrader(database, merchant.id, LARGE, WITHDRAWAL_HISTORY, `${tag}02`);
  // What the folding job (deal-chart-folding.ts) does each minute: the ended buckets' stripes become one row each;
  // the current hour, day and month keep theirs.
  let folded = 0;
  for (;;) {
    const rows = await ctx.orders.foldChartStripes(5_000);
    if (rows === 0) break;
    folded += rows;
  }
  // What autovacuum (and the embedded engine's statistics job) does after such a load: statistics and the
  // visibility map, which lets the chart count from the index alone.
  await database.db.execute(
    sql`vacuum analyze deals, deal_chart_counts, withdrawals, terminals, payment_methods, users`,
  );
  line(
    `seeded 10^2 and 10^5 deals over two years, 10^4 old withdrawals; ${folded} chart counter rows folded`,
    `${fixed(performance.now() - seedStarted, 0)} ms`,
    '',
  );
  if (input.engine === 'postgres') {
    console.log('  the withdrawals in flight of the trader with 10^4 old ones (EXPLAIN ANALYZE):');
    for (const planLine of await explainWithdrawing(ctx, large.userId)) console.log(`    ${planLine}`);
    console.log('  the 1y chart query for 10^5 deals (EXPLAIN ANALYZE):');
    for (const planLine of await explainChart(ctx, large.userId, 'month', 12)) console.log(`    ${planLine}`);
  }

  const figures: [string, string][] = [
    ['GET dashboard', API.dashboard],
    ['GET chart 24h (tz Europe/Moscow)', `${API.dashboardChart}?range=24h&tz=Europe/Moscow`],
    ['GET chart 30d (tz Europe/Moscow)', `${API.dashboardChart}?range=30d&tz=Europe/Moscow`],
    ['GET chart 1y (tz Europe/Moscow)', `${API.dashboardChart}?range=1y&tz=Europe/Moscow`],
  ];
  // A short load of every call first, so neither trader's figure pays for the first requests (JIT, caches).
  for (const [label, path] of figures) {
    for (const who of [small, large]) {
      const warm = await load({
        origin,
        requests: [{ path: `${prefix}${path}` }],
        connections: CONNECTIONS,
        durationSeconds: 1,
        headers: { cookie: who.cookie },
      });
      requireOk(`${label} (warm-up)`, warm);
    }
  }
  for (const [label, path] of figures) {
    const results: LoadResult[] = [];
    for (const who of [small, large]) {
      const result = await load({
        origin,
        requests: [{ path: `${prefix}${path}` }],
        connections: CONNECTIONS,
        durationSeconds: seconds,
        headers: { cookie: who.cookie },
      });
      requireOk(label, result);
      results.push(result);
    }
    const [at2, at5] = results as [LoadResult, LoadResult];
    const ratio = at5.latencyMs.mean / at2.latencyMs.mean;
    line(
      `${label}, mean latency 10^2 → 10^5 deals`,
      `${fixed(at2.latencyMs.mean)} → ${fixed(at5.latencyMs.mean)} ms`,
      `${fixed(ratio)}× (goal ≤ ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
  }
}
