/** Use cases: chain cursors and deposit rows (SQL only). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { chainCursors, deposits, walletAddresses } from '../../db/schema/index.ts';

export type NewDeposit = typeof deposits.$inferInsert;

/** A chain cursor: position (block_timestamp, ms) and when its last scan succeeded. */
export async function readCursor(db: DbOrTx, name: string) {
  return firstRow(db.select().from(chainCursors).where(eq(chainCursors.name, name)));
}

/** Moves a cursor forward (never back), creating it on first use. */
export async function advanceCursor(db: DbOrTx, name: string, position: number): Promise<void> {
  await db
    .insert(chainCursors)
    .values({ name, position })
    .onConflictDoUpdate({
      target: chainCursors.name,
      set: { position: sql`greatest(${chainCursors.position}, excluded.position)`, updatedAt: sql`now()` },
    });
}

/** Records a complete, successful scan (what staleness is measured from). */
export async function markScanned(db: DbOrTx, name: string, at: Date): Promise<void> {
  await db
    .update(chainCursors)
    .set({ scannedAt: at, updatedAt: sql`now()` })
    .where(eq(chainCursors.name, name));
}

/** The owners of those of the addresses that are ours, in one query however many users there are. */
export async function findOwnersByAddresses(db: DbOrTx, addresses: string[]): Promise<Map<string, string>> {
  // Only base58 addresses reach here; the filter keeps the array literal below free of , { } " by construction.
  const wanted = [...new Set(addresses)].filter((address) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ userId: walletAddresses.userId, address: walletAddresses.address })
    .from(walletAddresses)
    .where(sql`${walletAddresses.address} = any(${`{${wanted.join(',')}}`}::text[])`);
  return new Map(rows.map((row) => [row.address, row.userId]));
}

/** When the first deposit address was handed out (where a first scan starts); null when none exists. */
export async function earliestAddressCreatedAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${walletAddresses.createdAt})` })
    .from(walletAddresses);
  return row?.first ? new Date(row.first) : null;
}

/** Records a credited deposit; false when this (txid, event index) was recorded before. */
export async function insertDeposit(db: DbOrTx, values: NewDeposit): Promise<boolean> {
  const rows = await db
    .insert(deposits)
    .values(values)
    .onConflictDoNothing({ target: [deposits.txid, deposits.eventIndex] })
    .returning({ txid: deposits.txid });
  return rows.length === 1;
}

/** Which of these transaction ids already credited a deposit to an address. */
export async function recordedTxids(db: DbOrTx, address: string, txids: string[]): Promise<Set<string>> {
  if (txids.length === 0) return new Set();
  const rows = await db
    .select({ txid: deposits.txid })
    .from(deposits)
    .where(and(eq(deposits.address, address), inArray(deposits.txid, txids)));
  return new Set(rows.map((row) => row.txid));
}

/** Every deposit of a user, oldest first. */
export async function depositsOfUser(db: DbOrTx, userId: string) {
  return db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(deposits.createdAt);
}
