/**
 * Use case: the operator's review of withdrawals (console): a page of them with the user's email and how long the
 * address has been on the user's whitelist, and the user's recent deposits and disputes beside it (reads only).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { users, type WithdrawalStatusValue, withdrawals } from '../../db/schema/index.ts';
import type { WithdrawalRow } from './wallet.repository.ts';

export type ReviewedWithdrawal = WithdrawalRow & { email: string; whitelistedAt: Date | null };

/** One page of withdrawals in `states` (every state when none; only `id` when given), newest first, and the total. */
export async function pageWithdrawals(
  db: DbOrTx,
  filter: { states?: WithdrawalStatusValue[]; id?: string; offset: number; limit: number },
): Promise<{ count: number; rows: ReviewedWithdrawal[] }> {
  const where = and(
    filter.states?.length ? inArray(withdrawals.status, filter.states) : undefined,
    filter.id ? eq(withdrawals.id, filter.id) : undefined,
  );
  // The earliest entry of that address on the user's list: its age is what the operator weighs.
  const whitelistedAt = sql<string | null>`(
    select to_json(min(w.created_at)) #>> '{}' from wallet_whitelist w
     where w.user_id = withdrawals.user_id and w.address = withdrawals.to_address)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, email: users.email, whitelistedAt })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    rows: rows.map((row) => ({
      ...row.withdrawal,
      email: row.email,
      whitelistedAt: row.whitelistedAt ? new Date(row.whitelistedAt) : null,
    })),
  };
}

export interface UserActivity {
  deposits: { amount: bigint; txid: string; at: Date }[];
  disputes: { id: string; status: string; createdAt: Date }[];
}

/**
 * The newest `limit` deposits and disputes (of deals where the user is the trader or the merchant) of each
 * user, keyed by user id; a user without either gets empty lists.
 */
export async function recentActivity(
  db: DbOrTx,
  userIds: string[],
  limit: number,
): Promise<Map<string, UserActivity>> {
  const activity = new Map<string, UserActivity>(userIds.map((id) => [id, { deposits: [], disputes: [] }]));
  if (userIds.length === 0) return activity;
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [deposits, disputes] = await Promise.all([
    selectRows<{ user_id: string; amount: string; txid: string; at: string }>(
      db,
      sql`select user_id, amount::text as amount, txid, at from (
            select d.user_id, d.amount, d.txid, to_json(d.created_at) #>> '{}' as at,
                   row_number() over (partition by d.user_id order by d.created_at desc, d.txid) as n
              from deposits d where d.user_id in (${ids})) recent
          where n <= ${limit} order by at desc`,
    ),
    selectRows<{ user_id: string; id: string; status: string; created_at: string }>(
      db,
      sql`select user_id, id, status, created_at from (
            select party.user_id, s.id, s.status, to_json(s.created_at) #>> '{}' as created_at,
                   row_number() over (partition by party.user_id order by s.created_at desc, s.id) as n
              from disputes s
              join deals on deals.id = s.deal_id
              join lateral (values (deals.trader_id), (deals.merchant_id)) as party(user_id) on true
             where party.user_id in (${ids})) recent
          where n <= ${limit} order by created_at desc`,
    ),
  ]);
  for (const row of deposits) {
    activity
      .get(row.user_id)
      ?.deposits.push({ amount: BigInt(row.amount), txid: row.txid, at: new Date(row.at) });
  }
  for (const row of disputes) {
    activity
      .get(row.user_id)
      ?.disputes.push({ id: row.id, status: row.status, createdAt: new Date(row.created_at) });
  }
  return activity;
}
