import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { THEN_COMMIT } from './round-trips.ts';

/**
 * A named part of a statement built from several modules' writes: `name as (statement)`, which later parts and
 * the final select may read by name (a write's RETURNING rows). Names are chosen by the part's owner, prefixed
 * so that two owners' parts never collide.
 */
export interface StatementPart {
  name: string;
  statement: SQL | SQLWrapper;
}

/**
 * One statement of data-modifying CTEs: the named parts in order, then the writes (`w0`, `w1`, …) whose
 * results nobody reads, then `final` (a select that may read the parts). PostgreSQL runs every part and write
 * completely whether or not the final select reads it, all on the statement's one snapshot: a write never sees
 * another's effect, only what a part returns.
 */
export function statementOf(
  parts: StatementPart[],
  writes: (SQL | SQLWrapper | undefined)[],
  final: SQL,
): SQL {
  // getSQL(): a query builder embedded as itself would be wrapped in parentheses, which a CTE's
  // data-modifying statement does not take.
  const named = parts.map((part) => sql`${sql.raw(part.name)} as (${part.statement.getSQL()})`);
  const anonymous = writes.flatMap((write, index) =>
    write === undefined ? [] : [sql`${sql.raw(`w${index}`)} as (${write.getSQL()})`],
  );
  const ctes = [...named, ...anonymous];
  if (ctes.length === 0) return final;
  return sql`with ${sql.join(ctes, sql`, `)} ${final}`;
}

/**
 * Writes whose results the caller does not need (an event row, an outbox row, a stamp, a stored answer), run
 * as one statement (`statementOf`): one round trip instead of one per write, and the same atomicity (a
 * statement fails or succeeds whole, inside the caller's transaction). Every write is built by the module that
 * owns its table (`server/src/db/table-owners.ts`); this only joins them. The writes see the same snapshot, so
 * none may depend on another's effect.
 */
export async function runWritesTogether(db: DbOrTx, writes: (SQL | SQLWrapper | undefined)[]): Promise<void> {
  const present = writes.filter((write) => write !== undefined);
  if (present.length === 0) return;
  if (present.length === 1) {
    await db.execute(present[0]!.getSQL());
    return;
  }
  await db.execute(statementOf([], present, sql`select 1`));
}

/**
 * Ends the statement, and so the caller's transaction, with `reason` (SQLSTATE P0001) when `when` holds: the
 * final select of a statement whose writes must not stand unless their parts wrote (migration 0029's
 * `abort_statement`). `abortedWith` recognises the error.
 */
export function abortWhen(cases: { when: SQL; reason: string }[]): SQL {
  const branches = cases.map(({ when, reason }) => sql`when ${when} then abort_statement(${reason})`);
  return sql`select case ${sql.join(branches, sql` `)} else true end as written`;
}

/** The reason `abortWhen` ended the statement with (found on the error or its causes), or undefined. */
export function abortedWith(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === 'P0001' && typeof message === 'string') return message;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `statement` marked as its transaction's last: on PostgreSQL the transaction's `commit` is written right
 * behind it (db/prepared-statements.ts), so the locks it takes are held one round trip less. Nothing may run
 * in the transaction after it, and once it succeeded the transaction commits even if the caller then throws:
 * for a use case whose last step is this statement. Elsewhere (the embedded engine) an ordinary statement.
 */
export function thenCommit(statement: SQL): SQL {
  return sql`${sql.raw(THEN_COMMIT)}${statement}`;
}
