/** Use cases: pair and activate terminals, list, rename, delete, renew a URL, claim silent ones (SQL). */
import { pageWindow, type TerminalListQuery } from '@app/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRow } from '../../db/rows.ts';
import { terminals } from '../../db/schema/index.ts';

export type TerminalRow = typeof terminals.$inferSelect;

/** A terminal the Terminals page shows: activated and not deleted (the partial index covers exactly these). */
const listed = and(isNotNull(terminals.activatedAt), isNull(terminals.deletedAt))!;

/** A terminal still waiting for its device: never activated, not deleted. */
const pending = and(
  eq(terminals.status, 'pending'),
  isNull(terminals.activatedAt),
  isNull(terminals.deletedAt),
)!;

/**
 * Serializes the connect-requests of one user until the transaction ends, so the pending cap below counts
 * every pending terminal committed before it (each statement of a READ COMMITTED transaction sees the
 * commits made before it started, and the lock makes the other requests wait for this one's commit).
 */
export async function lockPendingCreation(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`terminal-pending:${userId}`}, 0))`);
}

/**
 * Creates a pending terminal named "Терминал N" (N: the user's terminals so far, plus one) unless the user
 * has `cap` pending ones created since `since`: one conditional INSERT … SELECT … WHERE. Returns its id, or
 * null when the cap refused it.
 */
export async function insertPendingUnderCap(
  tx: DbOrTx,
  input: { userId: string; at: Date; since: Date; cap: number; namePrefix: string },
): Promise<string | null> {
  const at = input.at.toISOString();
  const row = await selectRow<{ id: string }>(
    tx,
    sql`
    insert into terminals (user_id, name, created_at, updated_at)
    select ${input.userId}::uuid,
           ${input.namePrefix} || (select count(*) + 1 from terminals where user_id = ${input.userId}::uuid),
           ${at}::timestamptz, ${at}::timestamptz
    where (select count(*) from terminals
           where user_id = ${input.userId}::uuid and status = 'pending' and activated_at is null
             and deleted_at is null and created_at > ${input.since.toISOString()}::timestamptz) < ${input.cap}
    returning id`,
  );
  return row?.id ?? null;
}

/** The user's terminal (any state but deleted), or undefined. */
export async function findOwned(db: DbOrTx, id: string, userId: string): Promise<TerminalRow | undefined> {
  return firstRow(
    db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), eq(terminals.userId, userId), isNull(terminals.deletedAt))),
  );
}

/** The user's listed terminal, or undefined. */
export async function findListed(db: DbOrTx, id: string, userId: string): Promise<TerminalRow | undefined> {
  return firstRow(
    db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), eq(terminals.userId, userId), listed)),
  );
}

/**
 * The user's listed terminal, share-locked until the transaction ends: a concurrent delete waits for the
 * transaction (and then unlinks what it linked), and one that committed first makes this answer undefined.
 */
export async function lockListed(db: DbOrTx, id: string, userId: string): Promise<TerminalRow | undefined> {
  return firstRow(
    db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), eq(terminals.userId, userId), listed))
      .for('share'),
  );
}

/** Gives a pending terminal of the user a new pairing secret (its hash); undefined when it is not pending. */
export async function setPairing(
  db: DbOrTx,
  input: { id: string; userId: string; keyHash: string; expiresAt: Date; at: Date },
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ pairingKeyHash: input.keyHash, pairingExpiresAt: input.expiresAt, updatedAt: input.at })
    .where(and(eq(terminals.id, input.id), eq(terminals.userId, input.userId), pending))
    .returning();
  return row;
}

/**
 * Activates a pending terminal of the user as a forwarder app's terminal (issue 24), in one conditional
 * statement: Enabled and listed from now on, offline until its first request; the pairing key, if any, is
 * cleared. Undefined when the terminal is not (or no longer) pending.
 */
export async function activateForwarder(
  db: DbOrTx,
  input: {
    id: string;
    userId: string;
    app: string;
    hookTokenHash: string;
    hookSecret: string | null;
    at: Date;
  },
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({
      status: 'Enabled',
      activatedAt: input.at,
      app: input.app,
      hookTokenHash: input.hookTokenHash,
      hookSecret: input.hookSecret,
      pairingKeyHash: null,
      pairingExpiresAt: null,
      updatedAt: input.at,
    })
    .where(and(eq(terminals.id, input.id), eq(terminals.userId, input.userId), pending))
    .returning();
  return row;
}

/**
 * Gives a listed forwarder terminal of the user a new URL token (the old one stops working with this
 * statement). Undefined when there is no such terminal (another user's, a QR terminal, deleted).
 */
export async function renewHookToken(
  db: DbOrTx,
  input: { id: string; userId: string; hookTokenHash: string; at: Date },
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ hookTokenHash: input.hookTokenHash, updatedAt: input.at })
    .where(
      and(
        eq(terminals.id, input.id),
        eq(terminals.userId, input.userId),
        listed,
        ne(terminals.app, 'terminal-manager'),
      ),
    )
    .returning();
  return row;
}

/** LIKE pattern matching a literal text anywhere. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Search by name (case-insensitive substring) or by ID: the id's text without hyphens starts with the
 * search's letters and digits (the search filter keeps no hyphens, so both sides drop them).
 */
function searchCondition(search: string): SQL {
  const idPrefix = search.toLowerCase().replace(/[^0-9a-f]/g, '');
  const byName = sql`${terminals.name} ilike ${contains(search)}`;
  // Only a search made wholly of hex digits (spaces aside) can be the start of an ID.
  const isIdLike = idPrefix.length > 0 && idPrefix.length === search.replace(/\s/g, '').length;
  if (!isIdLike) return byName;
  return or(byName, sql`replace(${terminals.id}::text, '-', '') like ${`${idPrefix}%`}`)!;
}

/**
 * One page of the user's terminals for the Terminals page, newest first, with the filtered total: the listed
 * ones, and a pending one while its pairing QR code is still valid at `at` (issue 25: a trader who closed the
 * QR screen sees the terminal waiting for its phone, and until when).
 */
export async function listListed(
  db: DbOrTx,
  userId: string,
  query: TerminalListQuery,
  at: Date,
): Promise<{ rows: TerminalRow[]; count: number }> {
  const pairing = and(pending, gt(terminals.pairingExpiresAt, at));
  const conditions: (SQL | undefined)[] = [eq(terminals.userId, userId), or(listed, pairing)];
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.status !== 'all') conditions.push(eq(terminals.status, query.status));
  const where = and(...conditions);
  const { offset, limit } = pageWindow(query);
  const rows = await db
    .select()
    .from(terminals)
    .where(where)
    .orderBy(desc(terminals.createdAt), desc(terminals.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(terminals).where(where);
  return { rows, count: counted?.total ?? 0 };
}

/** The user's newest listed terminals (the dashboard's list). */
export async function newestListed(db: DbOrTx, userId: string, limit: number): Promise<TerminalRow[]> {
  return db
    .select()
    .from(terminals)
    .where(and(eq(terminals.userId, userId), listed))
    .orderBy(desc(terminals.createdAt), desc(terminals.id))
    .limit(limit);
}

/** Changes a listed terminal of the user; undefined when there is none. */
export async function updateListed(
  db: DbOrTx,
  id: string,
  userId: string,
  changes: { name?: string; status?: 'Enabled' | 'Disabled' },
  at: Date,
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ ...changes, updatedAt: at })
    .where(and(eq(terminals.id, id), eq(terminals.userId, userId), listed))
    .returning();
  return row;
}

/**
 * Deletes a terminal of the user (soft: its notifications stay as evidence) and revokes at once whatever
 * could still act as it: the device token, a forwarder's URL token and secret, and any pairing secret.
 * Undefined when there is none to delete.
 */
export async function softDelete(
  db: DbOrTx,
  id: string,
  userId: string,
  at: Date,
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({
      deletedAt: at,
      deviceTokenHash: null,
      hookTokenHash: null,
      hookSecret: null,
      pairingKeyHash: null,
      pairingExpiresAt: null,
      updatedAt: at,
    })
    .where(and(eq(terminals.id, id), eq(terminals.userId, userId), isNull(terminals.deletedAt)))
    .returning();
  return row;
}

/**
 * Deletes terminals that were never activated and were created before a moment (deleted or not); they
 * have no notifications or linked methods, which need an activated terminal. Returns how many went.
 */
export async function deleteNeverActivatedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(terminals)
    .where(and(isNull(terminals.activatedAt), lt(terminals.createdAt, before)))
    .returning({ id: terminals.id });
  return rows.length;
}

/** A terminal whose silence is claimed for announcing: whose it is, its name and the heartbeat it fell silent after. */
export interface SilentTerminal {
  id: string;
  userId: string;
  name: string;
  lastPing: Date;
}

/**
 * Claims up to `limit` listed, Enabled terminals silent since `silentBefore` or earlier whose silence since that
 * heartbeat is not announced yet, by recording that heartbeat as announced: one UPDATE whose candidates are
 * row-locked with SKIP LOCKED and re-checked after any concurrent change (a heartbeat, a disable, another
 * claim), so a silence is claimed by one caller only. The claim holds until the caller's transaction ends.
 */
export async function claimSilent(
  tx: DbOrTx,
  input: { silentBefore: Date; limit: number },
): Promise<SilentTerminal[]> {
  const unannounced = and(
    listed,
    eq(terminals.status, 'Enabled'),
    // Offline is the complement of online (heartbeat after onlineSince), as the Terminals page shows it.
    lte(terminals.lastPing, input.silentBefore),
    sql`${terminals.offlineNotifiedPing} is distinct from ${terminals.lastPing}`,
  );
  const candidates = tx
    .select({ id: terminals.id })
    .from(terminals)
    .where(unannounced)
    .orderBy(asc(terminals.lastPing))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(terminals)
    .set({ offlineNotifiedPing: sql`${terminals.lastPing}` })
    .where(and(inArray(terminals.id, candidates), unannounced))
    .returning({
      id: terminals.id,
      userId: terminals.userId,
      name: terminals.name,
      lastPing: terminals.lastPing,
    });
  // The condition lte(last_ping, …) holds for every returned row, so none has a null heartbeat.
  return rows.map((row) => ({ ...row, lastPing: row.lastPing! }));
}
