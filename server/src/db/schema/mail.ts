import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The mail outbox: one message, written in its cause's transaction. Mirrors migrations/0018_mail_outbox.sql. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  purpose: text('purpose').notNull(),
  subject: text('subject'),
  bodyText: text('body_text'),
  bodyHtml: text('body_html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  claim: text('claim'),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  expiredAt: timestamp('expired_at', { withTimezone: true }),
});
