// Use case: the SQL of the merchant home's order figures (merchant-summary.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';

export interface MerchantTotals {
  dayStart: Date;
  dayStartLocal: string;
  dayOffsetSeconds: number;
  completedToday: number;
  volumeKopecks: bigint;
  volumeUsdt: bigint;
  creditedUsdt: bigint;
  createdToday: number;
  createdTodayCompleted: number;
  createdWeek: number;
  createdWeekCompleted: number;
  avgConfirmationSeconds: number | null;
  openCount: number;
  openKopecks: bigint;
  openUsdt: bigint;
}

/**
 * One statement of index ranges over the merchant's orders: completed today and in the week
 * (deals_merchant_completed_idx), created today and in the week (deals_merchant_created_idx), still open
 * (deals_merchant_open_idx). "Today" starts at midnight of `timeZone`; the week is today and the 6 days before.
 * The credited USDT is each order's amount minus its merchant fee rounded down, as the settlement credits it
 * (shared splitDeal).
 */
export async function merchantTotals(
  db: DbOrTx,
  input: { merchantId: string; timeZone: string; now: Date },
): Promise<MerchantTotals> {
  const tz = sql`${input.timeZone}::text`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const merchant = sql`${input.merchantId}::uuid`;
  const row = await selectRow<{
    day_start: Date | string;
    day_start_local: string;
    day_offset: number;
    completed_today: number;
    volume_kopecks: string;
    volume_usdt: string;
    credited_usdt: string;
    created_today: number;
    created_today_completed: number;
    created_week: number;
    created_week_completed: number;
    avg_confirmation: number | null;
    open_count: number;
    open_kopecks: string;
    open_usdt: string;
  }>(
    db,
    sql`
    with bounds as (
      select date_trunc('day', ${now}, ${tz}) as day_start,
             ((date_trunc('day', ${now}, ${tz}) at time zone ${tz}) - interval '6 days') at time zone ${tz} as week_start
    ),
    completed as (
      select d.amount_kopecks, d.amount_usdt, d.merchant_fee_bps, d.created_at, d.completed_at
      from deals d, bounds b
      where d.merchant_id = ${merchant} and d.status = 'complete'
        and d.completed_at >= b.week_start and d.completed_at <= ${now}
    ),
    created as (
      select d.status, d.created_at
      from deals d, bounds b
      where d.merchant_id = ${merchant} and d.created_at >= b.week_start and d.created_at <= ${now}
    ),
    open as (
      select d.amount_kopecks, d.amount_usdt
      from deals d
      where d.merchant_id = ${merchant} and d.status in ('pending', 'verification', 'dispute')
    )
    select b.day_start,
           to_char(b.day_start at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as day_start_local,
           extract(epoch from (b.day_start at time zone ${tz}) - (b.day_start at time zone 'UTC'))::int as day_offset,
           (select count(*)::int from completed c where c.completed_at >= b.day_start) as completed_today,
           (select coalesce(sum(c.amount_kopecks), 0)::text from completed c where c.completed_at >= b.day_start) as volume_kopecks,
           (select coalesce(sum(c.amount_usdt), 0)::text from completed c where c.completed_at >= b.day_start) as volume_usdt,
           (select coalesce(sum(c.amount_usdt - (c.amount_usdt * c.merchant_fee_bps) / 10000), 0)::text
              from completed c where c.completed_at >= b.day_start) as credited_usdt,
           (select count(*)::int from created c where c.created_at >= b.day_start) as created_today,
           (select count(*)::int from created c where c.created_at >= b.day_start and c.status = 'complete') as created_today_completed,
           (select count(*)::int from created c) as created_week,
           (select count(*)::int from created c where c.status = 'complete') as created_week_completed,
           (select round(avg(extract(epoch from c.completed_at - c.created_at)))::int from completed c) as avg_confirmation,
           (select count(*)::int from open) as open_count,
           (select coalesce(sum(o.amount_kopecks), 0)::text from open o) as open_kopecks,
           (select coalesce(sum(o.amount_usdt), 0)::text from open o) as open_usdt
    from bounds b`,
  );
  if (!row) throw new Error('merchantTotals: no row');
  return {
    dayStart: new Date(row.day_start),
    dayStartLocal: row.day_start_local,
    dayOffsetSeconds: row.day_offset,
    completedToday: row.completed_today,
    volumeKopecks: BigInt(row.volume_kopecks),
    volumeUsdt: BigInt(row.volume_usdt),
    creditedUsdt: BigInt(row.credited_usdt),
    createdToday: row.created_today,
    createdTodayCompleted: row.created_today_completed,
    createdWeek: row.created_week,
    createdWeekCompleted: row.created_week_completed,
    avgConfirmationSeconds: row.avg_confirmation,
    openCount: row.open_count,
    openKopecks: BigInt(row.open_kopecks),
    openUsdt: BigInt(row.open_usdt),
  };
}
