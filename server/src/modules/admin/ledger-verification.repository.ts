/** SQL of ledger_verifications: store one verification's outcome and read the newest. */
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerVerifications } from '../../db/schema/index.ts';

export type VerificationRow = typeof ledgerVerifications.$inferSelect;

export async function insertVerification(
  db: DbOrTx,
  values: { actor: string; ok: boolean; differences: unknown; at?: Date },
): Promise<VerificationRow> {
  const [row] = await db.insert(ledgerVerifications).values(values).returning();
  return row!;
}

export async function latestVerification(db: DbOrTx): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerVerifications)
    .orderBy(desc(ledgerVerifications.at), desc(ledgerVerifications.id))
    .limit(1);
  return row;
}
