/** SQL of reserves: what a release put back held from withdrawal until a dispute can no longer claim it. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { ledgerPostings, ledgerReserves, ledgerTransactions } from '../../db/schema/index.ts';

/** Records what a release put back into available as reserved until `until` (one row per subject). */
export async function insertReserve(
  db: DbOrTx,
  values: { userId: string; subject: string; releaseTransactionId: string; amount: bigint; until: Date },
): Promise<void> {
  await db
    .insert(ledgerReserves)
    .values({ ...values, remaining: values.amount })
    .onConflictDoNothing({ target: ledgerReserves.subject });
}

/** Uses up the reserve of a subject (a dispute held the deal's amount again); returns what was left of it. */
export async function consumeReserve(
  db: DbOrTx,
  input: { userId: string; subject: string; consumedBy: string },
): Promise<bigint> {
  const rows = await db
    .update(ledgerReserves)
    .set({ remaining: 0n, consumedBy: input.consumedBy })
    .where(
      and(
        eq(ledgerReserves.subject, input.subject),
        eq(ledgerReserves.userId, input.userId),
        gt(ledgerReserves.remaining, 0n),
      ),
    )
    .returning({ amount: ledgerReserves.amount });
  return rows[0]?.amount ?? 0n;
}

/** A user's reserves still in force at `at`, the soonest to end first. */
export async function openReserves(db: DbOrTx, userId: string, at: Date) {
  return db
    .select({ amount: ledgerReserves.remaining, until: ledgerReserves.until })
    .from(ledgerReserves)
    .where(
      and(eq(ledgerReserves.userId, userId), gt(ledgerReserves.remaining, 0n), gt(ledgerReserves.until, at)),
    )
    .orderBy(asc(ledgerReserves.until), asc(ledgerReserves.id));
}

/** The sum of a user's reserves still in force at `at`. */
export async function sumOpenReserves(db: DbOrTx, userId: string, at: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerReserves.remaining}), 0)::text` })
    .from(ledgerReserves)
    .where(
      and(eq(ledgerReserves.userId, userId), gt(ledgerReserves.remaining, 0n), gt(ledgerReserves.until, at)),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * Reserves that disagree with the ledger (ledger-verify): the amount is not what the release credited to the
 * user's available, the release is not a release, or a consumed reserve does not name a dispute hold of the
 * same user. Empty when every reserve is backed by its postings. With `ids`, only those reserves.
 */
export async function inconsistentReserves(db: DbOrTx, ids?: string[]) {
  const rows = await selectRows<{ id: string; problem: string; expected: string; actual: string }>(
    db,
    sql`
    select r.id::text as id,
      case
        when rel.type is distinct from 'release' then 'release transaction is not a release'
        when coalesce(credit.total, 0) <> r.amount then 'amount differs from the release''s credit to available'
        when r.consumed_by is not null and (hold.type is distinct from 'dispute_hold'
          or hold.meta ->> 'userId' is distinct from r.user_id::text) then 'consumed by something other than a dispute hold'
      end as problem,
      coalesce(credit.total, 0)::text as expected,
      r.amount::text as actual
    from ${ledgerReserves} r
    left join ${ledgerTransactions} rel on rel.id = r.release_transaction_id
    left join ${ledgerTransactions} hold on hold.id = r.consumed_by
    left join lateral (
      select sum(p.amount) as total from ${ledgerPostings} p
      where p.transaction_id = r.release_transaction_id
        and p.account_id = 'user:' || r.user_id::text || ':available' and p.amount > 0
    ) credit on true
    where (rel.type is distinct from 'release'
      or coalesce(credit.total, 0) <> r.amount
      or (r.consumed_by is not null and (hold.type is distinct from 'dispute_hold'
        or hold.meta ->> 'userId' is distinct from r.user_id::text)))
      ${ids ? sql`and r.id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}`,
  );
  return rows.map((row) => ({
    id: row.id,
    problem: row.problem,
    expected: BigInt(row.expected),
    actual: BigInt(row.actual),
  }));
}
