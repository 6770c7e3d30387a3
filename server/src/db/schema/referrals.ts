import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';

/** A lead's invitation codes (0017_referrals.sql): bound to a lowercased email, used once. */
export const referralCodes = pgTable('referral_codes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  referredUserId: uuid('referred_user_id').references(() => users.id),
});

/** The lead's commission on one completed deal of a referred trader (one row per deal, zero ones too). */
export const referralCommissions = pgTable('referral_commissions', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => users.id),
  referredUserId: uuid('referred_user_id')
    .notNull()
    .references(() => users.id),
  amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The operator's changes of a lead's share (admin set-lead-share). */
export const leadShareChanges = pgTable('lead_share_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldBps: integer('old_bps'),
  newBps: integer('new_bps').notNull(),
  actor: text('actor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
