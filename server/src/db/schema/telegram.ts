import { bigint, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A user's Telegram connection key. Mirrors migrations/0012_telegram.sql. */
export const telegramKeys = pgTable('telegram_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  connectionKey: text('connection_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Telegram account linked to a user (several per user; linking again changes nothing). */
export const telegramAccounts = pgTable(
  'telegram_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    telegramName: text('telegram_name').notNull(),
    authDate: timestamp('auth_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.userId, table.telegramId)],
);

/** The notifications outbox: one message to one linked chat, written in the event's transaction. */
export const telegramNotifications = pgTable('telegram_notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  text: text('text').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  claim: text('claim'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The bot's getUpdates offset (one row, id 1). */
export const telegramBotState = pgTable('telegram_bot_state', {
  id: integer('id').primaryKey(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
