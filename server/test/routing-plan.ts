import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { genericPlansInTransaction } from '../src/db/prepared-statements.ts';
import { FastPgDialect } from '../src/db/sql-compiler.ts';
import {
  pickMethod,
  type RoutingQuery,
  walkRotationInOrder,
} from '../src/modules/orders/orders.repository.ts';
import { capturedStatement } from './captured-statement.ts';

/** The routing query exactly as pickMethod builds it. */
export function routingSql(query: RoutingQuery): Promise<SQL> {
  return capturedStatement((handle) => pickMethod(handle, query));
}

class Rollback extends Error {}

let explained = 0;

/**
 * EXPLAIN ANALYZE of the routing query inside a transaction that is rolled back (it locks a row), with the
 * plan an order runs (genericPlansInTransaction, walkRotationInOrder): an EXPLAIN of the statement with its
 * values would show the plan made for those values instead. So it is prepared under a name of its own and
 * explained as EXECUTE, whose values go in as literals (EXECUTE takes no bind parameters; these are the
 * caller's own, quoted).
 */
export async function explainRouting(database: Database, query: RoutingQuery): Promise<string[]> {
  const compiled = new FastPgDialect().sqlToQuery(await routingSql(query));
  const values = compiled.params
    .map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`))
    .join(', ');
  explained += 1;
  const name = `routing_plan_${process.pid}_${explained}`;
  let plan: string[] = [];
  try {
    await database.db.transaction(async (tx) => {
      await genericPlansInTransaction(tx);
      await walkRotationInOrder(tx);
      await tx.execute(sql.raw(`prepare ${name} as ${compiled.sql}`));
      const result = await tx.execute(
        sql.raw(`explain (analyze, costs off, timing on) execute ${name}(${values})`),
      );
      plan = (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']);
      await tx.execute(sql.raw(`deallocate ${name}`));
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return plan;
}
