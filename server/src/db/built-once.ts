import type { DbOrTx } from './client.ts';

/**
 * The statement name for `.prepare()`: the empty name is PostgreSQL's unnamed statement. The query's SQL is
 * built once by Drizzle and then sent like any parameterized query (Parse/Bind/Execute of the unnamed
 * statement, as node-postgres does for every query without a name). No named statement is ever created on
 * the server, so connections that share one backend session (the embedded engine behind a socket) cannot
 * collide with "prepared statement already exists", and a pooler in transaction mode is fine too.
 */
export const UNNAMED_STATEMENT = '';

/**
 * Memoises a prepared query per database handle: the Drizzle query builder runs once per handle instead of
 * on every request. A transaction handle gets its own (built when first used inside that transaction), so a
 * query never runs outside the transaction it was called in.
 */
export function builtOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byHandle = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
}
