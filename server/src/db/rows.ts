import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The rows of a raw statement, typed by the caller. Both drivers (node-postgres and PGlite) answer `{ rows }`,
 * but drizzle types `db.execute` per driver, so the one cast between the two lives here.
 */
export async function selectRows<Row>(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The first row of a raw statement, or undefined. */
export async function selectRow<Row>(db: DbOrTx, statement: SQL): Promise<Row | undefined> {
  const [row] = await selectRows<Row>(db, statement);
  return row;
}

/**
 * The first row of a drizzle query (it reads at most one), or undefined: the `limit 1` and the destructuring
 * that every one-row lookup of a repository would otherwise repeat.
 */
export async function firstRow<Row>(query: {
  limit(count: number): PromiseLike<Row[]>;
}): Promise<Row | undefined> {
  const [row] = await query.limit(1);
  return row;
}
