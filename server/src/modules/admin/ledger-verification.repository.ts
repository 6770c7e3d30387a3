/** SQL of the ledger verifications (ledger_verifications): insert one run's outcome, read the newest. */
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerVerifications } from '../../db/schema/index.ts';

export type LedgerVerificationRow = typeof ledgerVerifications.$inferSelect;

export async function insertVerification(
  db: DbOrTx,
  row: typeof ledgerVerifications.$inferInsert,
): Promise<LedgerVerificationRow> {
  const [inserted] = await db.insert(ledgerVerifications).values(row).returning();
  return inserted!;
}

export async function latestVerification(db: DbOrTx): Promise<LedgerVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerVerifications)
    .orderBy(desc(ledgerVerifications.at), desc(ledgerVerifications.id))
    .limit(1);
  return row;
}
