// SQL of login_failures: the per-account lockout after failed sign-ins, and its clean-up.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { loginFailures } from '../../db/schema/index.ts';

/** Until when sign-in for an email is locked, or null when it is not locked at `at`. */
export async function lockedUntil(db: DbOrTx, email: string, at: Date): Promise<Date | null> {
  const row = await firstRow(
    db
      .select({ lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures)
      .where(eq(loginFailures.email, email)),
  );
  return row?.lockedUntil && row.lockedUntil.getTime() > at.getTime() ? row.lockedUntil : null;
}

/**
 * Counts one failed password check for an email in a single statement (an upsert), so concurrent failures
 * are all counted. A window older than `windowMs`, or a lock that has run out, starts a new count; the
 * failure that reaches `maxFailures` locks the email until `at + lockMs` (a lock in force is not extended).
 * Returns the count and the lock after this failure.
 */
export async function recordFailure(
  db: DbOrTx,
  email: string,
  at: Date,
  rules: { maxFailures: number; windowMs: number; lockMs: number },
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(at.getTime() + rules.lockMs).toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(at.getTime() - rules.windowMs).toISOString()}::timestamptz`;
  const restart = sql`(${loginFailures.windowStartedAt} <= ${windowStart} or ${loginFailures.lockedUntil} <= ${now})`;
  const next = sql`(case when ${restart} then 1 else ${loginFailures.failures} + 1 end)`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      email,
      failures: 1,
      windowStartedAt: at,
      lockedUntil: rules.maxFailures <= 1 ? new Date(at.getTime() + rules.lockMs) : null,
    })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${restart} then ${now} else ${loginFailures.windowStartedAt} end`,
        lockedUntil: sql`case
          when ${loginFailures.lockedUntil} > ${now} then ${loginFailures.lockedUntil}
          when ${next} >= ${rules.maxFailures} then ${lockEnd}
          else null end`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return row!;
}

/** Forgets the failures of an email (a successful sign-in or password reset). */
export async function clearFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** The failure row of an email (tests and diagnostics). */
export async function findFailures(db: DbOrTx, email: string) {
  return firstRow(db.select().from(loginFailures).where(eq(loginFailures.email, email)));
}

/**
 * Deletes the failure rows that no longer count: their window began before `windowStartedBefore` and no
 * lock is in force at `now`. Unknown emails get rows too, so without this the table only grows.
 */
export async function deleteStale(
  db: DbOrTx,
  cut: { now: Date; windowStartedBefore: Date },
): Promise<number> {
  const rows = await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.windowStartedAt, cut.windowStartedBefore),
        or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, cut.now)),
      ),
    )
    .returning({ email: loginFailures.email });
  return rows.length;
}
