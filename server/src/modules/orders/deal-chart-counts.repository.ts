// Use case: folding the chart counters' stripes (migration 0034) of buckets that have ended into stripe 0.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';

/**
 * Sums the stripes of at most `limit` counter rows of closed buckets (their hour, day or month ended before
 * `now`) into stripe 0 of their bucket, in one statement: the bucket's sum is unchanged and a chart of the past
 * reads one row per bucket. Returns how many rows it folded.
 *
 * The rows are locked with SKIP LOCKED before they are deleted, so the fold never waits for an order's
 * transaction (whose deferred counting may still add to a bucket that has just ended): it takes the rest at its
 * next pass, and an order never waits in a cycle with it. Its only wait is on stripe 0's row, which only the
 * transactions of stripe 0's backends hold, and they never wait for the other stripes.
 */
export async function foldClosedStripes(db: DbOrTx, input: { now: Date; limit: number }): Promise<number> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const row = await selectRow<{ rows: number }>(
    db,
    sql`
    with due as (
      select user_id, side, unit, bucket_start, stripe from deal_chart_counts
      where stripe <> 0
        and ((unit = 'hour' and bucket_start < date_trunc('hour', ${now}, 'UTC'))
          or (unit = 'day' and bucket_start < date_trunc('day', ${now}, 'UTC'))
          or (unit = 'month' and bucket_start < date_trunc('month', ${now}, 'UTC')))
      limit ${input.limit}
      for update skip locked),
    moved as (
      delete from deal_chart_counts c using due
      where c.user_id = due.user_id and c.side = due.side and c.unit = due.unit
        and c.bucket_start = due.bucket_start and c.stripe = due.stripe
      returning c.user_id, c.side, c.unit, c.bucket_start, c.deals),
    folded as (
      insert into deal_chart_counts (user_id, side, unit, bucket_start, stripe, deals)
      select user_id, side, unit, bucket_start, 0, sum(deals) from moved group by 1, 2, 3, 4
      on conflict (user_id, side, unit, bucket_start, stripe)
        do update set deals = deal_chart_counts.deals + excluded.deals
      returning 1)
    select (select count(*) from moved)::int as rows, (select count(*) from folded)::int as buckets`,
  );
  return row?.rows ?? 0;
}
