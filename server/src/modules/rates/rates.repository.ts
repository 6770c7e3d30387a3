/** Use cases: store, confirm and read the USDT/RUB rate and its history (SQL). */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { exchangeRates } from '../../db/schema/index.ts';

export type RateRow = typeof exchangeRates.$inferSelect;

/** The newest rate, if one was ever set. */
export async function latest(db: DbOrTx): Promise<RateRow | undefined> {
  return firstRow(
    db.select().from(exchangeRates).orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id)),
  );
}

/** The newest `limit` rates, newest first (the console's history). */
export async function history(db: DbOrTx, limit: number): Promise<RateRow[]> {
  return db
    .select()
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(limit);
}

export async function insert(
  db: DbOrTx,
  values: { rateKopecks: bigint; source: 'manual' | 'coingecko'; setBy: string | null; at: Date },
): Promise<RateRow> {
  const [row] = await db
    .insert(exchangeRates)
    .values({
      rateKopecks: values.rateKopecks,
      source: values.source,
      setBy: values.setBy,
      createdAt: values.at,
      checkedAt: values.at,
    })
    .returning();
  return row!;
}

/** The source saw the same rate again: only its confirmation time moves. */
export async function confirm(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(exchangeRates).set({ checkedAt: at }).where(eq(exchangeRates.id, id));
}
