/** Use cases: store terminal notifications once, record their match, list unparsed ones (SQL). */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { terminalNotifications, terminals } from '../../db/schema/index.ts';

export type NewNotificationRow = typeof terminalNotifications.$inferInsert;

/**
 * Stores the notifications whose (terminal, device id) is new and answers which ones were; a device id seen
 * before, or twice in these rows, is skipped by the unique key (the first one stays).
 */
export async function insertNew(
  db: DbOrTx,
  rows: NewNotificationRow[],
): Promise<{ id: bigint; deviceItemId: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(terminalNotifications)
    .values(rows)
    .onConflictDoNothing({ target: [terminalNotifications.terminalId, terminalNotifications.deviceItemId] })
    .returning({ id: terminalNotifications.id, deviceItemId: terminalNotifications.deviceItemId });
}

/** Records the deal a stored notification confirmed (the one change the append-only trigger allows). */
export async function recordMatch(db: DbOrTx, id: bigint, dealId: string): Promise<void> {
  await db
    .update(terminalNotifications)
    .set({ result: 'matched', dealId })
    .where(eq(terminalNotifications.id, id));
}

export interface UnparsedNotificationRow {
  createdAt: Date;
  receivedAt: Date;
  terminalId: string;
  terminalName: string;
  source: string;
  sender: string;
  title: string | null;
  body: string;
}

/** The newest notifications no parser understood, with the terminal that sent them. */
export async function listUnparsed(db: DbOrTx, limit: number): Promise<UnparsedNotificationRow[]> {
  return db
    .select({
      createdAt: terminalNotifications.createdAt,
      receivedAt: terminalNotifications.receivedAt,
      terminalId: terminalNotifications.terminalId,
      terminalName: terminals.name,
      source: terminalNotifications.source,
      sender: terminalNotifications.sender,
      title: terminalNotifications.title,
      body: terminalNotifications.body,
    })
    .from(terminalNotifications)
    .innerJoin(terminals, eq(terminals.id, terminalNotifications.terminalId))
    .where(sql`${terminalNotifications.parseOutcome} = 'unparsed'`)
    .orderBy(desc(terminalNotifications.createdAt), desc(terminalNotifications.id))
    .limit(limit);
}
