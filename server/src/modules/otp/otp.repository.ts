import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

/** Counts the codes issued for an email and purpose since a moment (the per-email send limit). */
export async function countIssuedSince(
  db: DbOrTx,
  email: string,
  purpose: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), gte(otpCodes.createdAt, since)));
  return row?.count ?? 0;
}

/** Marks the live code of an email and purpose as replaced. */
export async function supersedeLive(db: DbOrTx, email: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ supersededAt: now })
    .where(
      and(
        eq(otpCodes.email, email),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.supersededAt),
      ),
    );
}

export async function insertCode(db: DbOrTx, values: typeof otpCodes.$inferInsert): Promise<OtpRow> {
  const [row] = await db.insert(otpCodes).values(values).returning();
  return row!;
}

/** The live (not consumed, not replaced) code of an email and purpose, if any. */
export async function findLive(db: DbOrTx, email: string, purpose: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.supersededAt),
      ),
    )
    .limit(1);
  return row;
}

/** Counts one wrong guess, only while the code still has tries left; returns the new count or null. */
export async function recordWrongGuess(db: DbOrTx, id: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses the code up; only one caller can win, so a code is single-use even under concurrency. */
export async function consume(db: DbOrTx, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.supersededAt),
        lt(otpCodes.attempts, maxAttempts),
        sql`${otpCodes.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}
