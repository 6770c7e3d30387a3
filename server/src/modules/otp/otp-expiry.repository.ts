/** Use case: delete expired codes and erase their sealed copies (SQL). */
import { and, isNotNull, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';

/** Deletes codes that expired before a moment (used or not); returns how many went. */
export async function deleteExpiredBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(otpCodes).where(lt(otpCodes.expiresAt, before)).returning({ id: otpCodes.id });
  return rows.length;
}

/** Erases the sealed copy of every code expired by now; returns how many were erased. */
export async function eraseExpiredSeals(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(otpCodes)
    .set({ codeSealed: null })
    .where(and(isNotNull(otpCodes.codeSealed), lte(otpCodes.expiresAt, now)))
    .returning({ id: otpCodes.id });
  return rows.length;
}
