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
 * clock and are converted back (a local midnight moves with DST). Each bucket is then counted as the index range
 * [start, next start) of deals_trader_created_idx / deals_merchant_created_idx (index only), rather than grouping
 * the window's rows by date_trunc with a zone, which converts every row and measured 3–4× slower on a year of
 * 50,000 deals. The cost is the deals inside the window, never the older history. An unknown zone fails with
 * SQLSTATE 22023.
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
  const starts =
    input.unit === 'hour'
      ? sql`select generate_series(${current} - ${first}::int * ${step}, ${current} + ${step}, ${step}) as start`
      : sql`select wall at time zone ${tz} as start
            from generate_series((${current} at time zone ${tz}) - ${first}::int * ${step},
                                 (${current} at time zone ${tz}) + ${step}, ${step}) as wall`;
  const owner = input.side === 'trader' ? sql`d.trader_id` : sql`d.merchant_id`;
  const rows = await selectRows<{ local: string; offset_seconds: number; count: number }>(
    db,
    sql`
    with starts as (${starts}),
    bounds as (select start, lead(start) over (order by start) as next from starts)
    select to_char(b.start at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as local,
           extract(epoch from (b.start at time zone ${tz}) - (b.start at time zone 'UTC'))::int as offset_seconds,
           (select count(*)::int from deals d
             where ${owner} = ${input.userId}::uuid and d.created_at >= b.start and d.created_at < b.next) as count
    from bounds b
    where b.next is not null
    order by b.start`,
  );
  return rows.map((row) => ({ local: row.local, offsetSeconds: row.offset_seconds, count: row.count }));
}
