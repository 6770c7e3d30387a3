/**
 * SQL of the evidence budgets per dispute and role: usage, an upload's reservations, stale ones given back.
 * Usage (migrations/0021_dispute_limits.sql) is stored files plus what uploads under way reserved, each
 * reservation one conditional statement so parallel uploads never pass the caps.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { disputeEvidenceUsage, type EvidenceBudget } from '../../db/schema/index.ts';

/** The usage row an upload reserves in, created empty when the budget has none yet. */
export async function ensureUsage(db: DbOrTx, disputeId: string, budget: EvidenceBudget): Promise<void> {
  await db.insert(disputeEvidenceUsage).values({ disputeId, budget }).onConflictDoNothing();
}

/**
 * Adds `files` and `bytes` to the usage row and to hold `holdId` (created by its first reservation), in one
 * statement and only while the row stays within both caps. False (nothing changed) when it would not.
 */
export async function reserve(
  db: DbOrTx,
  input: {
    holdId: string;
    disputeId: string;
    budget: EvidenceBudget;
    files: number;
    bytes: number;
    maxFiles: number;
    maxBytes: number;
  },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
    with raised as (
      update dispute_evidence_usage
         set files = files + ${input.files}::int, bytes = bytes + ${input.bytes}::bigint
       where dispute_id = ${input.disputeId}::uuid and budget = ${input.budget}
         and files + ${input.files}::int <= ${input.maxFiles}::int
         and bytes + ${input.bytes}::bigint <= ${input.maxBytes}::bigint
      returning dispute_id
    )
    insert into dispute_evidence_holds as h (id, dispute_id, budget, files, bytes, touched_at)
    select ${input.holdId}::uuid, dispute_id, ${input.budget}, ${input.files}::int, ${input.bytes}::bigint, now()
      from raised
    on conflict (id) do update
       set files = h.files + excluded.files, bytes = h.bytes + excluded.bytes, touched_at = now()
    returning h.id`,
  );
  return rows.length === 1;
}

/** Gives back what the holds chosen by `where` reserved: the holds are deleted and the usage lowered by them. */
async function giveBack(db: DbOrTx, where: ReturnType<typeof sql>): Promise<number> {
  const rows = await selectRows<{ dispute_id: string }>(
    db,
    sql`
    with gone as (
      delete from dispute_evidence_holds where ${where}
      returning dispute_id, budget, files, bytes
    ), totals as (
      select dispute_id, budget, sum(files)::int as files, sum(bytes)::bigint as bytes
        from gone group by dispute_id, budget
    )
    update dispute_evidence_usage u
       set files = u.files - totals.files, bytes = u.bytes - totals.bytes
      from totals
     where u.dispute_id = totals.dispute_id and u.budget = totals.budget
    returning u.dispute_id`,
  );
  return rows.length;
}

/** A failed upload's reservation, given back (nothing when it was already given back or settled). */
export function release(db: DbOrTx, holdId: string): Promise<number> {
  return giveBack(db, sql`id = ${holdId}::uuid`);
}

/**
 * Gives back the holds of this dispute and budget that have not moved for `staleSeconds`: left by a process
 * that died mid-upload (a live upload touches its hold at every file and block).
 */
export function releaseStale(
  db: DbOrTx,
  disputeId: string,
  budget: EvidenceBudget,
  staleSeconds: number,
): Promise<number> {
  return giveBack(
    db,
    sql`dispute_id = ${disputeId}::uuid and budget = ${budget}
        and touched_at < now() - make_interval(secs => ${staleSeconds}::int)`,
  );
}

/**
 * Turns the hold into usage as the files are recorded (in their transaction): the hold goes, and what it
 * reserved beyond the stored bytes is given back. False when the hold is gone or does not cover these files
 * (it was given back as stale), so the caller stores nothing.
 */
export async function settle(
  tx: DbOrTx,
  input: { holdId: string; files: number; bytes: number },
): Promise<boolean> {
  const rows = await selectRows<{ dispute_id: string }>(
    tx,
    sql`
    with gone as (
      delete from dispute_evidence_holds
       where id = ${input.holdId}::uuid and files = ${input.files}::int and bytes >= ${input.bytes}::bigint
      returning dispute_id, budget, bytes
    )
    update dispute_evidence_usage u
       set bytes = u.bytes - (gone.bytes - ${input.bytes}::bigint)
      from gone
     where u.dispute_id = gone.dispute_id and u.budget = gone.budget
    returning u.dispute_id`,
  );
  return rows.length === 1;
}

/** The evidence a dispute was opened with, as its opener's usage (a new dispute: nothing else counts yet). */
export async function recordOpeningUsage(
  tx: DbOrTx,
  input: { disputeId: string; budget: EvidenceBudget; files: number; bytes: number },
): Promise<void> {
  await tx.insert(disputeEvidenceUsage).values(input);
}
