import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

/**
 * Serializes code issuing per address and per requesting IP until the transaction ends, so the send counts
 * below cannot be passed by concurrent requests. Always address first, then IP: a transaction waiting for
 * an IP lock holds only an address lock, and one holding an IP lock waits for nothing, so no deadlock.
 */
export async function lockSendKeys(tx: DbOrTx, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-address:${email}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-ip:${ip}`}, 0))`);
}

/** Codes issued since a moment: for this address, purpose and IP; from this IP; and to this address. */
export async function countSendsSince(
  db: DbOrTx,
  key: { email: string; purpose: string; ip: string },
  since: Date,
): Promise<{ addressPurposeIp: number; ip: number; address: number }> {
  const { email, purpose, ip } = key;
  const [row] = await db
    .select({
      addressPurposeIp: sql<number>`(count(*) filter (where ${otpCodes.email} = ${email} and ${otpCodes.purpose} = ${purpose} and ${otpCodes.requestedIp} = ${ip}))::int`,
      ip: sql<number>`(count(*) filter (where ${otpCodes.requestedIp} = ${ip}))::int`,
      address: sql<number>`(count(*) filter (where ${otpCodes.email} = ${email}))::int`,
    })
    .from(otpCodes)
    .where(and(gte(otpCodes.createdAt, since), or(eq(otpCodes.email, email), eq(otpCodes.requestedIp, ip))));
  return {
    addressPurposeIp: Number(row?.addressPurposeIp ?? 0),
    ip: Number(row?.ip ?? 0),
    address: Number(row?.address ?? 0),
  };
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
