import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { firstRow } from '../db/rows.ts';
import { workerLeases } from '../db/schema/index.ts';

/**
 * Takes or renews a job's lease for ttlMs (database clock, so instances with skewed clocks agree).
 * True when this holder has it now.
 */
export async function acquireLease(
  db: DbOrTx,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(workerLeases)
    .values({ name, holder, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: workerLeases.name,
      set: { holder, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` },
      setWhere: sql`${workerLeases.holder} = ${holder} or ${workerLeases.expiresAt} < now()`,
    })
    .returning({ holder: workerLeases.holder });
  return rows[0]?.holder === holder;
}

/** Gives a lease up so another instance can take over at once. */
export async function releaseLease(db: DbOrTx, name: string, holder: string): Promise<void> {
  await db.delete(workerLeases).where(and(eq(workerLeases.name, name), eq(workerLeases.holder, holder)));
}

/** Who holds a lease now (null when nobody does or it expired). */
export async function leaseHolder(db: DbOrTx, name: string): Promise<string | null> {
  const row = await firstRow(
    db
      .select({ holder: workerLeases.holder })
      .from(workerLeases)
      .where(and(eq(workerLeases.name, name), sql`${workerLeases.expiresAt} >= now()`)),
  );
  return row?.holder ?? null;
}

/**
 * Drops every lease. Only for the embedded engine at start-up: the data-dir lock proves no other process runs
 * jobs on this database, so leases left by a killed server are stale and its jobs resume at once instead of
 * after their leases expire.
 */
export async function dropAllLeases(db: DbOrTx): Promise<void> {
  await db.delete(workerLeases);
}
