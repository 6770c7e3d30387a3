/** Use cases: Telegram keys, linked accounts, the bot's offset and the notifications outbox rows. */
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';
import {
  telegramAccounts,
  telegramBotState,
  telegramKeys,
  telegramNotifications,
} from '../../db/schema/index.ts';
import { outboxRepository } from '../../jobs/outbox.repository.ts';

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
  const statement = sql`
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
  `;
  const row = (await selectRow<{ deleted: number; present: number }>(db, statement))!;
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
export async function insertNotifications(db: DbOrTx, input: NotificationRows): Promise<number> {
  const result = await db.execute(notificationsWrite(input));
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}

export interface NotificationRows {
  userId: string;
  kind: string;
  text: string;
  exceptChatId?: number | undefined;
  /** The user's Settings switch that must be on (users.notification_payments or _account), if any. */
  setting?: 'payments' | 'account' | undefined;
}

/**
 * One row per linked Telegram account of the user, when the user's switch for the event's group is on: the
 * switch is read in the same statement, so a notification costs one statement and can be one of several
 * writes run together (db/writes-together.ts).
 */
export function notificationsWrite(input: NotificationRows): SQL {
  const except = input.exceptChatId === undefined ? sql`` : sql` and ta.telegram_id <> ${input.exceptChatId}`;
  const setting =
    input.setting === 'payments'
      ? sql` and exists (select 1 from users u where u.id = ta.user_id and u.notification_payments)`
      : input.setting === 'account'
        ? sql` and exists (select 1 from users u where u.id = ta.user_id and u.notification_account)`
        : sql``;
  return sql`
    insert into telegram_notifications (user_id, chat_id, kind, text)
    select ta.user_id, ta.telegram_id, ${input.kind}, ${input.text}
    from telegram_accounts ta where ta.user_id = ${input.userId}::uuid${except}${setting}
  `;
}

const outbox = outboxRepository<{
  id: string | number;
  chat_id: string | number;
  user_id: string;
  kind: string;
  text: string;
  attempts: number;
}>({
  name: 'telegram_notifications',
  open: sql`sent_at is null and failed_at is null`,
  returning: sql`id, chat_id, user_id, kind, text, attempts`,
  errorMax: 500,
  giveUpColumn: 'failed_at',
});

/**
 * Claims up to `limit` due rows for `claim`: due_at moves claimMs ahead (a claimer that dies leaves them due
 * again then), in one statement; rows another claimer holds are skipped.
 */
export async function claimDue(
  db: DbOrTx,
  input: { limit: number; claim: string; claimMs: number },
): Promise<ClaimedNotification[]> {
  const rows = await outbox.claimDue(db, input);
  return rows.map((row) => ({
    id: Number(row.id),
    chatId: Number(row.chat_id),
    userId: String(row.user_id),
    kind: String(row.kind),
    text: String(row.text),
    attempts: Number(row.attempts),
  }));
}

/** Sent: only under the claim that sent it, so a row is marked (and counted) once. */
export const markSent = outbox.markSent;

/** A failed attempt: counted, retried after delayMs, or given up (failed_at) when giveUp. */
export async function markAttemptFailed(
  db: DbOrTx,
  input: { id: number; claim: string; error: string; delayMs: number; giveUp: boolean },
): Promise<void> {
  await outbox.markFailed(db, input);
}

/** Gives claimed rows back unattempted, due after delayMs (Telegram asked to wait). */
export const release = outbox.release;

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
