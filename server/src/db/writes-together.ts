import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Writes whose results the caller does not need (an event row, an outbox row, a stamp, a stored answer), run
 * as one statement: each becomes a data-modifying CTE of `with w0 as (…), w1 as (…) select 1`, which
 * PostgreSQL runs completely whether or not the final select reads it. One round trip instead of one per
 * write, and the same atomicity (a statement fails or succeeds whole, inside the caller's transaction).
 * Every write is built by the module that owns its table (`server/src/db/table-owners.ts`); this only joins
 * them. The writes see the same snapshot, so none may depend on another's effect.
 */
export async function runWritesTogether(db: DbOrTx, writes: (SQL | SQLWrapper | undefined)[]): Promise<void> {
  // getSQL(): a query builder embedded as itself would be wrapped in parentheses, which a CTE's
  // data-modifying statement does not take.
  const present = writes.flatMap((write) => (write === undefined ? [] : [write.getSQL()]));
  if (present.length === 0) return;
  if (present.length === 1) {
    await db.execute(present[0]!);
    return;
  }
  const ctes = present.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
