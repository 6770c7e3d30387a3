import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A merchant's API key (hashed). Mirrors migrations/0009_merchant_api.sql. */
export const merchantApiKeys = pgTable('merchant_api_keys', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Where a merchant's webhooks go and their signing secret. */
export const merchantWebhooks = pgTable('merchant_webhooks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url'),
  secret: text('secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The webhook outbox: one event per order status change, written in the change's transaction. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  seq: bigint('seq', { mode: 'bigint' }).generatedAlwaysAsIdentity().notNull().unique(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  url: text('url'),
  /** 'pending' | 'delivered' | 'failed' */
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastStatusCode: integer('last_status_code'),
  /** Operator detail of the last failure (socket codes, addresses); never shown to the merchant. */
  lastError: text('last_error'),
  /** The last attempt's WEBHOOK_OUTCOMES class, what the merchant sees (0023). */
  lastOutcome: text('last_outcome'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every delivery attempt of an event. */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  eventId: text('event_id')
    .notNull()
    .references(() => webhookEvents.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  statusCode: integer('status_code'),
  error: text('error'),
  /** WEBHOOK_OUTCOMES: the class the merchant sees; `error` is the operator's detail (0023). */
  outcome: text('outcome').notNull(),
  durationMs: integer('duration_ms').notNull(),
  manual: boolean('manual').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Manual resends of one merchant in the current fixed window (0023_webhook_outcomes.sql). */
export const webhookResendWindows = pgTable('webhook_resend_windows', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  resends: integer('resends').notNull(),
});
