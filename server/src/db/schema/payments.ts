import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The bank directory, seeded with Russian banks. Mirrors migrations/0002_payments.sql. */
export const banks = pgTable('banks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  isPopular: boolean('is_popular').notNull().default(false),
  /** The bank-notification parsers' code (sber, tbank…), when they know the bank (0010_deals.sql). */
  parserCode: text('parser_code'),
  /** '#RRGGBB' set by the operator; null keeps the shared colour table's (0027_operator_console.sql). */
  color: text('color'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A trader's payment method (requisites). Card and account number are unique across all users. */
export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankId: integer('bank_id')
    .notNull()
    .references(() => banks.id),
  name: text('name').notNull(),
  card: text('card'),
  phoneNumber: text('phone_number'),
  nomerScheta: text('nomer_scheta'),
  isSbp: boolean('is_sbp').notNull().default(false),
  isC2c: boolean('is_c2c').notNull().default(false),
  isActive: boolean('is_active').notNull().default(false),
  firstActivatedAt: timestamp('first_activated_at', { withTimezone: true }),
  terminalId: uuid('terminal_id'),
  /** The rating percent, derived from ratingPointsTenths by the rating engine. */
  rating: numeric('rating', { precision: 5, scale: 2 }).notNull(),
  /** Spec §9 penalty points in tenths of this method's own deals, from basePointsTenths (0015_rating.sql). */
  ratingPointsTenths: integer('rating_points_tenths').notNull(),
  /** The trader's points when the method was created: "a new method starts at the trader's rating". */
  basePointsTenths: integer('base_points_tenths').notNull(),
  minDepositKopecks: bigint('min_deposit_kopecks', { mode: 'bigint' }),
  maxDepositKopecks: bigint('max_deposit_kopecks', { mode: 'bigint' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many payment methods each user has, kept exact by triggers on payment_methods. Mirrors
 * migrations/0006_payment_list.sql (which also adds the trigram indexes of the list search).
 */
export const paymentMethodCounts = pgTable('payment_method_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * Each method's turn in routing's fair rotation: when it last got a deal (the longest-waiting active method is
 * routed to first). A table of its own so an order's stamp does not rewrite the method's row into every index
 * of payment_methods; `bankId`, `active` and `hasTerminal` follow that row by trigger, `terminalIdle` (the
 * terminal Disabled, or its silence announced and not heard since) follows the terminal. Mirrors
 * migrations/0031_payment_method_turns.sql.
 */
export const paymentMethodTurns = pgTable('payment_method_turns', {
  paymentMethodId: uuid('payment_method_id')
    .primaryKey()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  bankId: integer('bank_id').notNull(),
  active: boolean('active').notNull(),
  hasTerminal: boolean('has_terminal').notNull(),
  terminalIdle: boolean('terminal_idle').notNull().default(false),
  lastDealAt: timestamp('last_deal_at', { withTimezone: true }),
});
