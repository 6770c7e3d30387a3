/** Use case: refresh the planner's statistics (ANALYZE) and read a row estimate (SQL). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Refreshes the planner's statistics of every table in the database. */
export async function analyzeAll(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze`);
}

/** The planner's row estimate of a table (-1 before its first ANALYZE). */
export async function plannerRowEstimate(db: DbOrTx, table: string): Promise<number> {
  const [row] = await db
    .select({ reltuples: sql<number | string>`reltuples` })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass(${table})`);
  return Number(row?.reltuples ?? -1);
}
