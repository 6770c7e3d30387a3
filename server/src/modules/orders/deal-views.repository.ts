// Use cases: the read queries of deals — the merchant's order list and lookups, the web's transaction list
// and detail (events, matched notification, receipt), the dashboard's last deals and chart buckets, /status.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRows } from '../../db/rows.ts';
import { dealEvents, dealReceipts, deals, terminalNotifications } from '../../db/schema/index.ts';
import type { DealRow, DealStatusValue } from './orders.repository.ts';

/** The deal if this user is its trader or its merchant. */
export async function findVisibleTo(db: DbOrTx, id: string, userId: string): Promise<DealRow | undefined> {
  return firstRow(
    db
      .select()
      .from(deals)
      .where(and(eq(deals.id, id), or(eq(deals.traderId, userId), eq(deals.merchantId, userId)))),
  );
}

export async function findByMerchant(db: DbOrTx, id: string, merchantId: string) {
  return firstRow(
    db
      .select()
      .from(deals)
      .where(and(eq(deals.id, id), eq(deals.merchantId, merchantId))),
  );
}

/** The merchant's orders, newest first, by keyset after (createdAt, id). */
export async function listForMerchant(
  db: DbOrTx,
  input: {
    merchantId: string;
    status?: DealStatusValue;
    externalId?: string;
    createdFrom?: Date;
    createdTo?: Date;
    after?: { createdAt: Date; id: string };
    limit: number;
  },
): Promise<DealRow[]> {
  const conditions: SQL[] = [eq(deals.merchantId, input.merchantId)];
  if (input.status) conditions.push(eq(deals.status, input.status));
  if (input.externalId) conditions.push(eq(deals.externalId, input.externalId));
  if (input.createdFrom) conditions.push(gte(deals.createdAt, input.createdFrom));
  if (input.createdTo) conditions.push(lte(deals.createdAt, input.createdTo));
  if (input.after) {
    conditions.push(
      sql`(${deals.createdAt}, ${deals.id}) < (${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(deals)
    .where(and(...conditions))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(input.limit);
}

/** The web app's list: a trader's deals or a merchant's orders, filtered, sorted and paged by offset. */
export async function listForUser(
  db: DbOrTx,
  input: {
    userId: string;
    side: 'trader' | 'merchant';
    statuses: DealStatusValue[];
    from?: Date;
    before?: Date;
    sort: 'created_at' | 'amount' | 'profit';
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: DealRow[]; matching: number; total: number }> {
  const owner =
    input.side === 'trader' ? eq(deals.traderId, input.userId) : eq(deals.merchantId, input.userId);
  const conditions: SQL[] = [owner];
  if (input.statuses.length > 0) conditions.push(inArray(deals.status, input.statuses));
  if (input.from) conditions.push(gte(deals.createdAt, input.from));
  if (input.before) conditions.push(lt(deals.createdAt, input.before));
  // Profit is the trader's reward or what the merchant is credited; both are a fixed share of amount_usdt.
  const profit =
    input.side === 'trader'
      ? sql`${deals.amountUsdt} * least(${deals.traderRewardBps}, ${deals.merchantFeeBps})`
      : sql`${deals.amountUsdt} * (10000 - ${deals.merchantFeeBps})`;
  const key =
    input.sort === 'amount'
      ? sql`${deals.amountUsdt}`
      : input.sort === 'profit'
        ? profit
        : sql`${deals.createdAt}`;
  const direction = input.order === 'asc' ? asc : desc;
  const [rows, [matching], [total]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(and(...conditions))
      .orderBy(direction(key), direction(deals.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: count() })
      .from(deals)
      .where(and(...conditions)),
    db.select({ n: count() }).from(deals).where(owner),
  ]);
  return { rows, matching: matching?.n ?? 0, total: total?.n ?? 0 };
}

export async function listEvents(db: DbOrTx, dealId: string) {
  return db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId)).orderBy(asc(dealEvents.id));
}

export async function findNotification(db: DbOrTx, id: bigint) {
  return firstRow(
    db
      .select({
        id: terminalNotifications.id,
        receivedAt: terminalNotifications.receivedAt,
        sender: terminalNotifications.sender,
        body: terminalNotifications.body,
        amountKopecks: terminalNotifications.amountKopecks,
      })
      .from(terminalNotifications)
      .where(eq(terminalNotifications.id, id)),
  );
}

export async function findReceiptMeta(db: DbOrTx, dealId: string) {
  return firstRow(
    db
      .select({
        contentType: dealReceipts.contentType,
        sha256: dealReceipts.sha256,
        sizeBytes: dealReceipts.sizeBytes,
        uploadedAt: dealReceipts.uploadedAt,
      })
      .from(dealReceipts)
      .where(eq(dealReceipts.dealId, dealId)),
  );
}

export async function findReceipt(db: DbOrTx, dealId: string) {
  return firstRow(db.select().from(dealReceipts).where(eq(dealReceipts.dealId, dealId)));
}

/** The last deals of a user as trader or merchant (the dashboard's Last Transaction table). */
export async function lastForUser(db: DbOrTx, userId: string, side: 'trader' | 'merchant', limit: number) {
  return db
    .select()
    .from(deals)
    .where(side === 'trader' ? eq(deals.traderId, userId) : eq(deals.merchantId, userId))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(limit);
}

/** Deals of a trader (or orders of a merchant) created at or after `since` (the bot's /status). */
export async function countDealsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deals)
    .where(and(or(eq(deals.traderId, userId), eq(deals.merchantId, userId)), gte(deals.createdAt, since)));
  return row?.count ?? 0;
}

/** A chart bucket's length: an hour, a calendar day or a calendar month of the caller's time zone. */
export type BucketUnit = 'hour' | 'day' | 'month';

/** One bucket: its start as wall-clock text and UTC offset in the zone, and the deals created in it. */
export interface BucketCount {
  local: string;
  offsetSeconds: number;
  count: number;
}

/**
 * Deals of a trader (or orders of a merchant) per bucket of `unit` in `timeZone`: the `buckets` buckets ending
 * with the one holding `now`, oldest first, zero-filled. The bucket starts are what `date_trunc(unit, …, zone)`
 * gives: hours step in absolute time (a DST day has 23 or 25 of them), days and months step on the zone's wall
 * clock and are converted back (a local midnight moves with DST). An unknown zone fails with SQLSTATE 22023.
 *
 * A bucket [start, next) is not counted row by row (a year of a busy trader is every deal of that year) but cut
 * into whole UTC days and hours read from deal_chart_counts (migration 0028, kept by triggers in each deal's
 * transaction; long runs of hours and days are read as their day or month less the rest), so its cost is
 * bounded by a handful of counter rows per bucket, never by the deals:
 *   [start, h1) [h1, d1) [d1, d2) [d2, h2) [h2, next)
 *    deals       hours     days     hours    deals
 * h1 is the first whole UTC hour from start and h2 the last one before next, d1 and d2 the same for UTC days
 * (each clamped so the five pieces stay in order and cover the bucket exactly once). In a zone a whole number of
 * hours from UTC the two ends are empty; otherwise (+05:30, +05:45) each is under an hour of deals, counted from
 * deals_trader_created_idx / deals_merchant_created_idx. Intervals are added as hours ('24 hours', never
 * '1 day'), because adding a day to a timestamptz follows the session's time zone.
 */
export async function countByBucket(
  db: DbOrTx,
  input: {
    userId: string;
    side: 'trader' | 'merchant';
    unit: BucketUnit;
    buckets: number;
    timeZone: string;
    now: Date;
  },
): Promise<BucketCount[]> {
  const tz = sql`${input.timeZone}::text`;
  const step = sql`${`1 ${input.unit}`}::interval`;
  const current = sql`date_trunc(${input.unit}::text, ${input.now.toISOString()}::timestamptz, ${tz})`;
  // One start more than there are buckets: the one after the current bucket is where the current one ends.
  const first = input.buckets - 1;
  // Over integers, whose row count the planner knows (a timestamp series is guessed at 1000 rows, which priced
  // a busy user's chart above jit_above_cost: PostgreSQL then spent 200 ms compiling a 5 ms query).
  const starts =
    input.unit === 'hour'
      ? sql`select ${current} + i * ${step} as start from generate_series(-${first}::int, 1) as i`
      : sql`select ((${current} at time zone ${tz}) + i * ${step}) at time zone ${tz} as start
            from generate_series(-${first}::int, 1) as i`;
  const owner = input.side === 'trader' ? sql`d.trader_id` : sql`d.merchant_id`;
  const rows = await selectRows<{ local: string; offset_seconds: number; count: number }>(
    db,
    sql`
    with starts as (${starts}),
    bounds as (select start, lead(start) over (order by start) as next from starts),
    hour_ends as (
      select start, next,
             least(date_trunc('hour', start - interval '1 microsecond', 'UTC') + interval '1 hour', next) as h1,
             date_trunc('hour', next, 'UTC') as last_hour
      from bounds where next is not null),
    day_ends as (
      select start, next, h1, greatest(last_hour, h1) as h2,
             least(date_trunc('day', h1 - interval '1 microsecond', 'UTC') + interval '24 hours',
                   greatest(last_hour, h1)) as d1
      from hour_ends),
    -- Materialised: the bounds are computed once, not expanded into every range that uses them.
    pieces as materialized (
      select start, next, h1, h2, d1, d2, date_trunc('day', h1, 'UTC') as h1_day,
             date_trunc('month', d1, 'UTC') as month,
             ((date_trunc('month', d1, 'UTC') at time zone 'UTC') + interval '1 month') at time zone 'UTC' as month_end
      from (select *, greatest(date_trunc('day', h2, 'UTC'), d1) as d2 from day_ends) as b),
    -- Each bucket's reads: (unit, sign, [from, to)), where 'deals' counts deals and the others sum counters.
    -- Over 12 whole hours inside a UTC day are its day less the other hours (a Moscow day is 21 UTC hours of
    -- one day and 3 of the day before: 1 + 3 + 3 rows, not 24); over 15 whole days inside a UTC month its month
    -- less the other days. A month is added on the UTC wall clock: on a timestamptz it follows the session's zone.
    ranges as (
      select p.start, r.unit, r.sign, r.from_at, r.to_at
      from pieces p,
        lateral (values
          ('deals', 1, true, p.start, p.h1),
          ('hour', 1, p.d1 - p.h1 <= interval '12 hours', p.h1, p.d1),
          ('day', 1, p.d1 - p.h1 > interval '12 hours', p.h1_day, p.h1_day + interval '24 hours'),
          ('hour', -1, p.d1 - p.h1 > interval '12 hours', p.h1_day, p.h1),
          ('hour', -1, p.d1 - p.h1 > interval '12 hours', p.d1, p.h1_day + interval '24 hours'),
          ('day', 1, not (p.d2 - p.d1 > interval '15 days' and p.d2 <= p.month_end), p.d1, p.d2),
          ('month', 1, p.d2 - p.d1 > interval '15 days' and p.d2 <= p.month_end, p.month, p.month_end),
          ('day', -1, p.d2 - p.d1 > interval '15 days' and p.d2 <= p.month_end, p.month, p.d1),
          ('day', -1, p.d2 - p.d1 > interval '15 days' and p.d2 <= p.month_end, p.d2, p.month_end),
          ('hour', 1, p.h2 - p.d2 <= interval '12 hours', p.d2, p.h2),
          ('day', 1, p.h2 - p.d2 > interval '12 hours', p.d2, p.d2 + interval '24 hours'),
          ('hour', -1, p.h2 - p.d2 > interval '12 hours', p.h2, p.d2 + interval '24 hours'),
          ('deals', 1, true, p.h2, p.next)) as r(unit, sign, used, from_at, to_at)
      where r.used and r.from_at < r.to_at),
    counts as (
      select r.start, sum(r.sign * n.deals) as deals
      from ranges r,
        lateral (select case when r.unit = 'deals'
                   then (select count(*) from deals d
                         where ${owner} = ${input.userId}::uuid and d.created_at >= r.from_at and d.created_at < r.to_at)
                   else (select coalesce(sum(c.deals), 0) from deal_chart_counts c
                         where c.user_id = ${input.userId}::uuid and c.side = ${input.side}::text and c.unit = r.unit
                           and c.bucket_start >= r.from_at and c.bucket_start < r.to_at) end as deals) as n
      group by r.start)
    select to_char(p.start at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as local,
           extract(epoch from (p.start at time zone ${tz}) - (p.start at time zone 'UTC'))::int as offset_seconds,
           coalesce(c.deals, 0)::int as count
    from pieces p left join counts c on c.start = p.start
    order by p.start`,
  );
  return rows.map((row) => ({ local: row.local, offsetSeconds: row.offset_seconds, count: row.count }));
}
