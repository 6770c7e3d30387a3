import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  telegramAccounts,
  telegramBotState,
  telegramKeys,
  telegramNotifications,
} from '../../db/schema/index.ts';

export type TelegramAccountRow = typeof telegramAccounts.$inferSelect;
export interface ClaimedNotification {
  id: number;
  chatId: number;
  userId: string;
  kind: string;
  text: string;
  attempts: number;
}

const pending = () => and(isNull(telegramNotifications.sentAt), isNull(telegramNotifications.failedAt));

export async function findKey(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ key: telegramKeys.connectionKey })
    .from(telegramKeys)
    .where(eq(telegramKeys.userId, userId));
  return row?.key;
}

/** Stores the key unless the user has one already (two first GETs at once keep one); returns the user's key. */
export async function insertKeyIfNone(db: DbOrTx, userId: string, key: string): Promise<string> {
  await db.insert(telegramKeys).values({ userId, connectionKey: key }).onConflictDoNothing({
    target: telegramKeys.userId,
  });
  return (await findKey(db, userId))!;
}

export async function replaceKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db
    .insert(telegramKeys)
    .values({ userId, connectionKey: key })
    .onConflictDoUpdate({ target: telegramKeys.userId, set: { connectionKey: key, createdAt: sql`now()` } });
}

/**
 * The user whose current connection key this is, with the key's row locked until the transaction ends: a
 * second link with the same key waits, and then no longer finds it once the first renewed it.
 */
export async function lockUserByKey(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: telegramKeys.userId })
    .from(telegramKeys)
    .where(eq(telegramKeys.connectionKey, key))
    .for('update');
  return row?.userId;
}

export function listAccounts(db: DbOrTx, userId: string): Promise<TelegramAccountRow[]> {
  return db
    .select()
    .from(telegramAccounts)
    .where(eq(telegramAccounts.userId, userId))
    .orderBy(asc(telegramAccounts.id));
}

/** The users a Telegram account is linked to. */
export async function usersOfTelegram(db: DbOrTx, telegramId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: telegramAccounts.userId })
    .from(telegramAccounts)
    .where(eq(telegramAccounts.telegramId, telegramId))
    .orderBy(asc(telegramAccounts.id));
  return rows.map((row) => row.userId);
}

/** Links an account; linking it again changes nothing. True when it was new. */
export async function linkAccount(
  db: DbOrTx,
  input: { userId: string; telegramId: number; telegramName: string; authDate: Date },
): Promise<boolean> {
  const rows = await db
    .insert(telegramAccounts)
    .values(input)
    .onConflictDoNothing({ target: [telegramAccounts.userId, telegramAccounts.telegramId] })
    .returning({ id: telegramAccounts.id });
  return rows.length > 0;
}

export async function deleteAllAccounts(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId));
}

/**
 * Deletes one account of the user unless it is the user's last, in one statement: the CTE locks every
 * account of the user (in id order, so two of these never deadlock) and counts what is still there once the
 * locks are held, so of two parallel deletes of the last two accounts the second sees one left and deletes
 * nothing. 'deleted', 'last' (refused) or 'missing'.
 */
export async function deleteAccountUnlessLast(
  db: DbOrTx,
  userId: string,
  telegramId: number,
): Promise<'deleted' | 'last' | 'missing'> {
  const result = await db.execute(sql`
    with locked as (
      select id, telegram_id from telegram_accounts where user_id = ${userId} order by id for update
    ),
    gone as (
      delete from telegram_accounts
      where user_id = ${userId} and telegram_id = ${telegramId}
        and (select count(*) from locked) > 1
        and id in (select id from locked)
      returning id
    )
    select (select count(*) from gone)::int as deleted,
           (select count(*) from locked)::int as remaining,
           (select count(*) from locked where telegram_id = ${telegramId})::int as present
  `);
  // db.execute answers node-postgres's QueryResult on both engines (one driver); Drizzle types it loosely.
  const row = (result as unknown as { rows: { deleted: number; present: number }[] }).rows[0]!;
  if (row.deleted > 0) return 'deleted';
  return row.present > 0 ? 'last' : 'missing';
}

/** Drops the unsent messages of a user (to one chat, or to all of them) once its account is disconnected. */
export async function dropPendingNotifications(db: DbOrTx, userId: string, chatId?: number): Promise<void> {
  await db
    .delete(telegramNotifications)
    .where(
      and(
        eq(telegramNotifications.userId, userId),
        chatId === undefined ? undefined : eq(telegramNotifications.chatId, chatId),
        pending(),
      ),
    );
}

/** One outbox row per linked account of the user (but `exceptChatId`), in one statement; returns how many. */
export async function insertNotifications(
  db: DbOrTx,
  input: { userId: string; kind: string; text: string; exceptChatId?: number | undefined },
): Promise<number> {
  const except = input.exceptChatId === undefined ? sql`` : sql` and telegram_id <> ${input.exceptChatId}`;
  const result = await db.execute(sql`
    insert into telegram_notifications (user_id, chat_id, kind, text)
    select user_id, telegram_id, ${input.kind}, ${input.text}
    from telegram_accounts where user_id = ${input.userId}${except}
  `);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}

/**
 * Claims up to `limit` due rows for `claim`: due_at moves claimMs ahead (a claimer that dies leaves them due
 * again then), in one statement; rows another claimer holds are skipped.
 */
export async function claimDue(
  db: DbOrTx,
  input: { limit: number; claim: string; claimMs: number },
): Promise<ClaimedNotification[]> {
  const result = await db.execute(sql`
    update telegram_notifications
    set claim = ${input.claim}, due_at = now() + ${input.claimMs} * interval '1 millisecond'
    where id in (
      select id from telegram_notifications
      where sent_at is null and failed_at is null and due_at <= now()
      order by due_at, id
      limit ${input.limit}
      for update skip locked
    )
    returning id, chat_id, user_id, kind, text, attempts
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows
    .map((row) => ({
      id: Number(row.id),
      chatId: Number(row.chat_id),
      userId: String(row.user_id),
      kind: String(row.kind),
      text: String(row.text),
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

const claimed = (id: number, claim: string) =>
  and(eq(telegramNotifications.id, id), eq(telegramNotifications.claim, claim), pending());

/** Sent: only under the claim that sent it, so a row is marked (and counted) once. */
export async function markSent(db: DbOrTx, id: number, claim: string): Promise<boolean> {
  const rows = await db
    .update(telegramNotifications)
    .set({
      sentAt: sql`now()`,
      attempts: sql`${telegramNotifications.attempts} + 1`,
      lastError: null,
      claim: null,
    })
    .where(claimed(id, claim))
    .returning({ id: telegramNotifications.id });
  return rows.length > 0;
}

/** A failed attempt: counted, retried after delayMs, or given up (failed_at) when giveUp. */
export async function markAttemptFailed(
  db: DbOrTx,
  input: { id: number; claim: string; error: string; delayMs: number; giveUp: boolean },
): Promise<void> {
  await db
    .update(telegramNotifications)
    .set({
      attempts: sql`${telegramNotifications.attempts} + 1`,
      lastError: input.error.slice(0, 500),
      dueAt: sql`now() + ${input.delayMs} * interval '1 millisecond'`,
      failedAt: input.giveUp ? sql`now()` : null,
      claim: null,
    })
    .where(claimed(input.id, input.claim));
}

/** Gives claimed rows back unattempted, due after delayMs (Telegram asked to wait). */
export async function release(db: DbOrTx, id: number, claim: string, delayMs: number): Promise<void> {
  await db
    .update(telegramNotifications)
    .set({ dueAt: sql`now() + ${delayMs} * interval '1 millisecond'`, claim: null })
    .where(claimed(id, claim));
}

export async function getOffset(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ offset: telegramBotState.updateOffset })
    .from(telegramBotState)
    .where(eq(telegramBotState.id, 1));
  return row?.offset ?? 0;
}

/** Moves the offset forward only (a late writer never moves it back). */
export async function setOffset(db: DbOrTx, offset: number): Promise<void> {
  await db
    .insert(telegramBotState)
    .values({ id: 1, updateOffset: offset })
    .onConflictDoUpdate({
      target: telegramBotState.id,
      set: { updateOffset: offset, updatedAt: sql`now()` },
      setWhere: sql`${telegramBotState.updateOffset} < ${offset}`,
    });
}
