/**
 * Use cases: store terminal notifications once, record their match, list unparsed ones (CLI and console page),
 * count them by day, bank and outcome (SQL).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { terminalNotifications, terminals, users } from '../../db/schema/index.ts';

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

/** One page of unparsed notifications, newest first, with the terminal, its trader and the total. */
export async function pageUnparsed(
  db: DbOrTx,
  window: { offset: number; limit: number },
): Promise<{ count: number; rows: (UnparsedNotificationRow & { id: bigint; traderEmail: string })[] }> {
  const unparsed = sql`${terminalNotifications.parseOutcome} = 'unparsed'`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: terminalNotifications.id,
        createdAt: terminalNotifications.createdAt,
        receivedAt: terminalNotifications.receivedAt,
        terminalId: terminalNotifications.terminalId,
        terminalName: terminals.name,
        traderEmail: users.email,
        source: terminalNotifications.source,
        sender: terminalNotifications.sender,
        title: terminalNotifications.title,
        body: terminalNotifications.body,
      })
      .from(terminalNotifications)
      .innerJoin(terminals, eq(terminals.id, terminalNotifications.terminalId))
      .innerJoin(users, eq(users.id, terminals.userId))
      .where(unparsed)
      .orderBy(desc(terminalNotifications.createdAt), desc(terminalNotifications.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ value: sql<number>`count(*)::int` }).from(terminalNotifications).where(unparsed),
  ]);
  return { count: Number(total?.value ?? 0), rows };
}

/** How many notifications no parser understood arrived since `since`. */
export async function countUnparsedSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(terminalNotifications)
    .where(
      sql`${terminalNotifications.parseOutcome} = 'unparsed' and ${terminalNotifications.createdAt} >= ${since.toISOString()}::timestamptz`,
    );
  return Number(row?.value ?? 0);
}

export interface NotificationStatsRow {
  day: string;
  bank: string;
  matched: number;
  unmatched: number;
  ignored: number;
  unparsed: number;
}

/**
 * Counts per UTC day and bank since `since`, by outcome: matched or unmatched (a payment the parser read, paired
 * with a deal or not), ignored (not a payment) and unparsed (no parser understood it). The bank is the
 * directory's name for the parser's code, the code itself when the directory has none, '' when not recognised.
 */
export async function statsSince(db: DbOrTx, since: Date): Promise<NotificationStatsRow[]> {
  const rows = await selectRows<NotificationStatsRow>(
    db,
    sql`select to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               coalesce(min(b.name), n.bank, '') as bank,
               count(*) filter (where n.result = 'matched')::int as matched,
               count(*) filter (where n.parse_outcome = 'incoming' and n.result <> 'matched')::int as unmatched,
               count(*) filter (where n.parse_outcome = 'ignored')::int as ignored,
               count(*) filter (where n.parse_outcome = 'unparsed')::int as unparsed
          from terminal_notifications n
          left join banks b on b.parser_code = n.bank
         where n.created_at >= ${since.toISOString()}::timestamptz
         group by 1, n.bank
         order by 1 desc, 2`,
  );
  return rows.map((row) => ({
    ...row,
    matched: Number(row.matched),
    unmatched: Number(row.unmatched),
    ignored: Number(row.ignored),
    unparsed: Number(row.unparsed),
  }));
}
