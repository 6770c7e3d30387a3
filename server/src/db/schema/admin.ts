import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Every operator action, append-only by trigger. Mirrors migrations/0027_operator_console.sql. */
export const adminAudit = pgTable('admin_audit', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target'),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
});

/** The outcome of each ledger verification (console or CLI). */
export const ledgerVerifications = pgTable('ledger_verifications', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor').notNull(),
  ok: boolean('ok').notNull(),
  differences: jsonb('differences').notNull(),
});
