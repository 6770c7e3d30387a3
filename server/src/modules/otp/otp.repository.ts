/** Use cases: issue, budget and consume mailed one-time codes (SQL). */
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { otpCodes, otpSealKeys } from '../../db/schema/index.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

/**
 * Serializes code issuing per address and purpose, and per requesting IP, until the transaction ends, so the
 * send counts below (and the re-send of a live code) cannot be passed by concurrent requests. Always the
 * address first, then the IP: a transaction waiting for an IP lock holds only an address lock, and one
 * holding an IP lock waits for nothing, so no deadlock.
 */
export async function lockSendKeys(tx: DbOrTx, email: string, purpose: string, ip: string): Promise<void> {
  // The purpose (a fixed word without a colon) goes first, so no email can make two keys collide.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp-address:${purpose}:${email}`}, 0))`,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-ip:${ip}`}, 0))`);
}

/**
 * Codes issued since a moment: for this address, purpose and IP; from this IP (any address and purpose); and
 * to this address for this purpose (from every IP). Re-sends write no row, so they count nowhere.
 */
export async function countSendsSince(
  db: DbOrTx,
  key: { email: string; purpose: string; ip: string },
  since: Date,
): Promise<{ addressPurposeIp: number; ip: number; addressPurpose: number }> {
  const { email, purpose, ip } = key;
  const [row] = await db
    .select({
      addressPurposeIp: sql<number>`(count(*) filter (where ${otpCodes.email} = ${email} and ${otpCodes.purpose} = ${purpose} and ${otpCodes.requestedIp} = ${ip}))::int`,
      ip: sql<number>`(count(*) filter (where ${otpCodes.requestedIp} = ${ip}))::int`,
      addressPurpose: sql<number>`(count(*) filter (where ${otpCodes.email} = ${email} and ${otpCodes.purpose} = ${purpose}))::int`,
    })
    .from(otpCodes)
    .where(and(gte(otpCodes.createdAt, since), or(eq(otpCodes.email, email), eq(otpCodes.requestedIp, ip))));
  return {
    addressPurposeIp: Number(row?.addressPurposeIp ?? 0),
    ip: Number(row?.ip ?? 0),
    addressPurpose: Number(row?.addressPurpose ?? 0),
  };
}

/** The live code of an email and purpose: neither consumed nor replaced. */
const liveCode = (email: string, purpose: string) =>
  and(
    eq(otpCodes.email, email),
    eq(otpCodes.purpose, purpose),
    isNull(otpCodes.consumedAt),
    isNull(otpCodes.supersededAt),
  );

/** Marks the live code of an email and purpose as replaced, erasing its sealed copy. */
export async function supersedeLive(db: DbOrTx, email: string, purpose: string, now: Date): Promise<void> {
  await db.update(otpCodes).set({ supersededAt: now, codeSealed: null }).where(liveCode(email, purpose));
}

export async function insertCode(db: DbOrTx, values: typeof otpCodes.$inferInsert): Promise<OtpRow> {
  const [row] = await db.insert(otpCodes).values(values).returning();
  return row!;
}

/** The live (not consumed, not replaced) code of an email and purpose, if any. */
export async function findLive(db: DbOrTx, email: string, purpose: string): Promise<OtpRow | undefined> {
  return firstRow(db.select().from(otpCodes).where(liveCode(email, purpose)));
}

/**
 * Counts one wrong guess, only while the code still has tries left; returns the new count or null. The last
 * try kills the code, and its sealed copy goes with it.
 */
export async function recordWrongGuess(db: DbOrTx, id: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(otpCodes)
    .set({
      attempts: sql`${otpCodes.attempts} + 1`,
      codeSealed: sql`case when ${otpCodes.attempts} + 1 >= ${maxAttempts} then null else ${otpCodes.codeSealed} end`,
    })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses the code up (erasing its sealed copy); only one caller can win, so a code is single-use. */
export async function consume(db: DbOrTx, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now, codeSealed: null })
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

/** A code that can be mailed again: live, unexpired, with tries left and its sealed copy kept. */
export async function findResendable(
  db: DbOrTx,
  key: { email: string; purpose: string },
  now: Date,
  maxAttempts: number,
): Promise<{ id: string; expiresAt: Date } | undefined> {
  return firstRow(
    db
      .select({ id: otpCodes.id, expiresAt: otpCodes.expiresAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.email, key.email),
          eq(otpCodes.purpose, key.purpose),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.supersededAt),
          isNotNull(otpCodes.codeSealed),
          lt(otpCodes.attempts, maxAttempts),
          gt(otpCodes.expiresAt, now),
        ),
      ),
  );
}

/**
 * Claims the re-send of a live code: moves last_mailed_at to now only when the last mail went before
 * `mailedBefore` and the code is still usable, and returns the sealed code then (undefined otherwise). One
 * conditional update, so of concurrent requests at most one re-sends within the interval.
 */
export async function claimResend(
  db: DbOrTx,
  id: string,
  at: { now: Date; mailedBefore: Date },
  maxAttempts: number,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ lastMailedAt: at.now })
    .where(
      and(
        eq(otpCodes.id, id),
        lte(otpCodes.lastMailedAt, at.mailedBefore),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.supersededAt),
        isNotNull(otpCodes.codeSealed),
        lt(otpCodes.attempts, maxAttempts),
        gt(otpCodes.expiresAt, at.now),
      ),
    )
    .returning({ codeSealed: otpCodes.codeSealed });
  return row?.codeSealed ?? undefined;
}

/** The key live codes are sealed with, if it was made. */
export async function findSealKey(db: DbOrTx): Promise<Buffer | undefined> {
  const [row] = await db.select({ key: otpSealKeys.key }).from(otpSealKeys).where(eq(otpSealKeys.id, 1));
  return row ? Buffer.from(row.key) : undefined;
}

/** Stores the seal key unless one exists (several instances starting together keep the first). */
export async function insertSealKeyIfMissing(db: DbOrTx, key: Buffer): Promise<void> {
  await db.insert(otpSealKeys).values({ id: 1, key }).onConflictDoNothing();
}
