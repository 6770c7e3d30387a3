/** SQL of support's queue: the open disputes oldest first with deadlines and locks, the counts per stage. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow, selectRows } from '../../db/rows.ts';

export interface QueueRow {
  id: string;
  status: 'waiting' | 'consideration' | 'deepconsideration';
  created_at: Date | string;
  evidence_deadline: Date | string;
  amount_kopecks: string;
  amount_usdt: string;
  blocker_id: string | null;
  blocker_username: string | null;
  blocker_email: string | null;
}

export interface QueueCounts {
  waiting: number;
  consideration: number;
  deepconsideration: number;
  blocked: number;
  total: number;
}

/**
 * The open disputes, oldest first (disputes_open_oldest_idx), each with its deal's amounts and the support
 * user holding a live block (a block past expires_at holds nothing).
 */
export async function openQueue(db: DbOrTx, at: Date, limit: number): Promise<QueueRow[]> {
  return selectRows<QueueRow>(
    db,
    sql`
    select d.id, d.status, d.created_at, d.evidence_deadline,
           deal.amount_kopecks::text as amount_kopecks, deal.amount_usdt::text as amount_usdt,
           u.id as blocker_id, u.username as blocker_username, u.email as blocker_email
    from disputes d
    join deals deal on deal.id = d.deal_id
    left join dispute_blocks b on b.dispute_id = d.id and b.expires_at > ${at.toISOString()}::timestamptz
    left join users u on u.id = b.support_user_id
    where d.status in ('waiting', 'consideration', 'deepconsideration')
    order by d.created_at, d.id
    limit ${limit}`,
  );
}

/** How many open disputes there are per status, and how many of them a live block holds. */
export async function openCounts(db: DbOrTx, at: Date): Promise<QueueCounts> {
  const row = await selectRow<QueueCounts>(
    db,
    sql`
    select (count(*) filter (where d.status = 'waiting'))::int as waiting,
           (count(*) filter (where d.status = 'consideration'))::int as consideration,
           (count(*) filter (where d.status = 'deepconsideration'))::int as deepconsideration,
           (count(*) filter (where exists (
              select 1 from dispute_blocks b
               where b.dispute_id = d.id and b.expires_at > ${at.toISOString()}::timestamptz
           )))::int as blocked,
           count(*)::int as total
    from disputes d
    where d.status in ('waiting', 'consideration', 'deepconsideration')`,
  );
  return row ?? { waiting: 0, consideration: 0, deepconsideration: 0, blocked: 0, total: 0 };
}
