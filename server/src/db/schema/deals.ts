import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { banks, paymentMethods } from './payments.ts';
import { terminalNotifications, terminals } from './terminals.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** RUB per USDT in kopecks; the newest row is the rate. Mirrors migrations/0010_deals.sql. */
export const exchangeRates = pgTable('exchange_rates', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  rateKopecks: bigint('rate_kopecks', { mode: 'bigint' }).notNull(),
  source: text('source', { enum: ['manual', 'coingecko'] }).notNull(),
  setBy: text('set_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last time the source confirmed this rate; RATE_MAX_AGE_S counts from here. */
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A merchant's order routed to a trader's payment method (one id everywhere). */
export const deals = pgTable('deals', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => users.id),
  externalId: text('external_id').notNull(),
  traderId: uuid('trader_id')
    .notNull()
    .references(() => users.id),
  paymentMethodId: uuid('payment_method_id')
    .notNull()
    .references(() => paymentMethods.id),
  terminalId: uuid('terminal_id').references(() => terminals.id),
  paymentMode: text('payment_mode', { enum: ['sbp', 'c2c'] }).notNull(),
  status: text('status', {
    enum: ['pending', 'verification', 'complete', 'dispute', 'canceled', 'expired'],
  })
    .notNull()
    .default('pending'),
  amountKopecks: bigint('amount_kopecks', { mode: 'bigint' }).notNull(),
  amountUsdt: bigint('amount_usdt', { mode: 'bigint' }).notNull(),
  rateKopecks: bigint('rate_kopecks', { mode: 'bigint' }).notNull(),
  merchantFeeBps: integer('merchant_fee_bps').notNull(),
  traderRewardBps: integer('trader_reward_bps').notNull(),
  bankId: integer('bank_id')
    .notNull()
    .references(() => banks.id),
  bankName: text('bank_name').notNull(),
  card: text('card'),
  phoneNumber: text('phone_number'),
  ownerName: text('owner_name').notNull(),
  callbackUrl: text('callback_url'),
  returnUrl: text('return_url'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  matchedNotificationId: bigint('matched_notification_id', { mode: 'bigint' }).references(
    () => terminalNotifications.id,
  ),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every status change of a deal (append-only). */
export const dealEvents = pgTable('deal_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  dealId: uuid('deal_id')
    .notNull()
    .references(() => deals.id),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actor: text('actor').notNull(),
  notificationId: bigint('notification_id', { mode: 'bigint' }).references(() => terminalNotifications.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The payer's receipt, with its SHA-256. */
export const dealReceipts = pgTable('deal_receipts', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deals per trader (or orders per merchant) per UTC hour, day and month, for the dashboard chart, in stripes whose
 * sum is the count. Written only by the triggers of migrations/0028_deal_chart_counts.sql (0034: into the writing
 * backend's stripe), in the deal's own transaction, and by the folding job (orders/deal-chart-folding.ts).
 */
export const dealChartCounts = pgTable(
  'deal_chart_counts',
  {
    userId: uuid('user_id').notNull(),
    side: text('side', { enum: ['trader', 'merchant'] }).notNull(),
    unit: text('unit', { enum: ['hour', 'day', 'month'] }).notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    /** The writing backend's stripe (migration 0034): a bucket's count is the sum of its stripes. */
    stripe: smallint('stripe').notNull().default(0),
    deals: integer('deals').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.side, table.unit, table.bucketStart, table.stripe] }),
  ],
);
