/**
 * SQL of the console's overview that no other module's service answers: the accounts by role, the leads and the
 * blocked (a read of users; the users module stays its only writer).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';

export interface UserCounts {
  trader: number;
  merchant: number;
  support: number;
  admin: number;
  leads: number;
  blocked: number;
}

export async function userCounts(db: DbOrTx): Promise<UserCounts> {
  const row = await selectRow<Record<keyof UserCounts, number | string>>(
    db,
    sql`select count(*) filter (where role = 'trader')::int as trader,
               count(*) filter (where role = 'merchant')::int as merchant,
               count(*) filter (where role = 'support')::int as support,
               count(*) filter (where role = 'admin')::int as admin,
               count(*) filter (where is_lead)::int as leads,
               count(*) filter (where blocked_at is not null)::int as blocked
          from users`,
  );
  const value = (name: keyof UserCounts) => Number(row?.[name] ?? 0);
  return {
    trader: value('trader'),
    merchant: value('merchant'),
    support: value('support'),
    admin: value('admin'),
    leads: value('leads'),
    blocked: value('blocked'),
  };
}
