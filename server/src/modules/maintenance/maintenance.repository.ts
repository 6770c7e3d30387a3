/** Use case: vacuum and analyze the tables that need it, and read a row estimate (SQL). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow, selectRows } from '../../db/rows.ts';

/** A table past autovacuum's default thresholds, and what it needs. */
export type DueTable = { schema: string; table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables autovacuum would take now with its default settings: vacuum past 50 dead rows + 20 % of the live
 * ones (or 1 000 inserted rows + 20 % since the last vacuum, which keeps the visibility map current), analyze
 * past 50 changed rows + 10 %. From the statistics PostgreSQL keeps per table (the embedded engine too).
 */
export async function dueTables(db: DbOrTx): Promise<DueTable[]> {
  return selectRows<DueTable>(
    db,
    sql`select schemaname as schema, relname as "table", "vacuum", "analyze"
    from (
      select schemaname, relname,
             n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as "vacuum",
             n_mod_since_analyze > 50 + 0.1 * n_live_tup as "analyze"
      from pg_stat_user_tables
    ) stats
    where "vacuum" or "analyze"
    order by schemaname, relname`,
  );
}

/** Whether this PostgreSQL server runs autovacuum (`autovacuum = on`). */
export async function autovacuumRuns(db: DbOrTx): Promise<boolean> {
  const row = await selectRow<{ on: boolean }>(db, sql`select current_setting('autovacuum') = 'on' as on`);
  return row?.on === true;
}

/** VACUUM (ANALYZE) or ANALYZE of one table; outside a transaction (VACUUM cannot run inside one). */
export async function maintainTable(db: DbOrTx, due: DueTable): Promise<void> {
  const name = sql`${sql.identifier(due.schema)}.${sql.identifier(due.table)}`;
  await db.execute(due.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
}

/** The planner's row estimate of a table (-1 before its first ANALYZE). */
export async function plannerRowEstimate(db: DbOrTx, table: string): Promise<number> {
  const [row] = await db
    .select({ reltuples: sql<number | string>`reltuples` })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass(${table})`);
  return Number(row?.reltuples ?? -1);
}
