/** Use case: a merchant's webhook health (undelivered and failing events). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow, selectRows } from '../../db/rows.ts';

export interface WebhookHealthRow {
  pending: number;
  failed24h: number;
}

export interface FailedEventRow {
  id: string;
  order_id: string;
  type: string;
  state: 'pending' | 'failed';
  attempts: number;
  last_outcome: string | null;
  last_status_code: number | null;
  created_at: Date | string;
}

/**
 * The merchant's undelivered events (webhook_events_merchant_undelivered_idx): how many are pending, and how
 * many have an attempt that failed since `since` (webhook_attempts by event).
 */
export async function merchantCounts(db: DbOrTx, merchantId: string, since: Date): Promise<WebhookHealthRow> {
  const row = await selectRow<{ pending: number; failed_24h: number }>(
    db,
    sql`
    select (count(*) filter (where e.state = 'pending'))::int as pending,
           (count(*) filter (where exists (
              select 1 from webhook_attempts a
               where a.event_id = e.id and a.outcome <> '2xx' and a.created_at >= ${since.toISOString()}::timestamptz
           )))::int as failed_24h
    from webhook_events e
    where e.merchant_id = ${merchantId}::uuid and e.state <> 'delivered'`,
  );
  return { pending: row?.pending ?? 0, failed24h: row?.failed_24h ?? 0 };
}

/** The newest undelivered events of the merchant that failed at least once. */
export async function lastFailures(db: DbOrTx, merchantId: string, limit: number): Promise<FailedEventRow[]> {
  return selectRows<FailedEventRow>(
    db,
    sql`
    select e.id, e.order_id, e.type, e.state, e.attempts, e.last_outcome, e.last_status_code, e.created_at
    from webhook_events e
    where e.merchant_id = ${merchantId}::uuid and e.state <> 'delivered' and e.attempts > 0
    order by e.seq desc
    limit ${limit}`,
  );
}
