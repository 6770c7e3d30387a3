import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';

/** Deletes codes that expired before a moment (used or not); returns how many went. */
export async function deleteExpiredBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(otpCodes).where(lt(otpCodes.expiresAt, before)).returning({ id: otpCodes.id });
  return rows.length;
}
