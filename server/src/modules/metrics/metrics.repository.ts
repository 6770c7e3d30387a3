/** Use case: the reads of a GET /metrics scrape (counts only, bounded by a statement timeout). */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';

/**
 * The scrape's reads. They look at other modules' tables, but only to count rows for monitoring: nothing
 * here is a rule of those modules, and nothing is ever written. Each family is one statement in its own
 * read-only transaction under SCRAPE_STATEMENT_TIMEOUT_MS, so a slow count fails alone and never holds a
 * connection for long.
 */
export const SCRAPE_STATEMENT_TIMEOUT_MS = 2_000;

/** An outbox's count stops here: past it the number only says "very many", and the read stays bounded. */
export const OUTBOX_COUNT_CAP = 100_000;

/**
 * The outboxes whose pending rows are reported, one line each: the label, the table, and what pending
 * means there (each condition is the predicate of the table's partial due index, so the count reads the
 * index only).
 */
export const OUTBOXES: ReadonlyArray<{ name: string; table: string; pending: SQL }> = [
  { name: 'webhooks', table: 'webhook_events', pending: sql`state = 'pending'` },
  { name: 'telegram', table: 'telegram_notifications', pending: sql`sent_at is null and failed_at is null` },
  { name: 'mail', table: 'mail_outbox', pending: sql`sent_at is null and expired_at is null` },
];

/** One statement in a read-only transaction under the scrape's statement timeout; its rows. */
async function boundedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  return db.transaction(
    async (tx) => {
      // Local to this transaction: the connection (on PGlite, the one shared session) keeps no setting.
      await tx.execute(sql.raw(`set local statement_timeout = ${SCRAPE_STATEMENT_TIMEOUT_MS}`));
      return selectRows<Row>(tx, query);
    },
    { accessMode: 'read only' },
  );
}

/** Pending rows per outbox (at most OUTBOX_COUNT_CAP each), in one statement. */
export async function outboxDepths(db: Db): Promise<Array<{ outbox: string; pending: number }>> {
  const parts = OUTBOXES.map(
    (outbox) =>
      sql`select ${outbox.name}::text as outbox, count(*)::int as pending from (select 1 from ${sql.identifier(outbox.table)} where ${outbox.pending} limit ${sql.raw(String(OUTBOX_COUNT_CAP))}) as capped`,
  );
  const rows = await boundedRows<{ outbox: string; pending: number }>(db, sql.join(parts, sql` union all `));
  return rows.map((row) => ({ outbox: row.outbox, pending: Number(row.pending) }));
}

/**
 * Deals per status, one grouped count. deals has no index on status (each of its indexes serves a request
 * path), so this reads the table: about 0.5 s per 10^6 deals on PostgreSQL (measured on the shared 2-core
 * development machine; an index on status only brought it to 0.2 s, not worth its cost on every deal write).
 * The statement timeout bounds it on PostgreSQL; PGlite ignores statement_timeout, but an embedded
 * deployment is small.
 */
export async function dealsByStatus(db: Db): Promise<Array<{ status: string; count: number }>> {
  const rows = await boundedRows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from deals group by status`,
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
