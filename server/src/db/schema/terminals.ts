import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A trader's terminal (Android phone). Mirrors migrations/0008_terminals.sql, 0013_terminal_offline_notice.sql and
 * 0024_forwarder_terminals.sql.
 */
export const terminals = pgTable('terminals', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** 'pending' | 'Enabled' | 'Disabled' */
  status: text('status').notNull().default('pending'),
  pairingKeyHash: text('pairing_key_hash'),
  pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true }),
  deviceTokenHash: text('device_token_hash').unique(),
  deviceModel: text('device_model'),
  deviceOs: text('device_os'),
  appVersion: text('app_version'),
  phoneCharge: smallint('phone_charge'),
  charging: boolean('charging'),
  network: text('network'),
  lastPing: timestamp('last_ping', { withTimezone: true }),
  /** The heartbeat whose silence was announced in Telegram (0013); a newer last_ping can be announced again. */
  offlineNotifiedPing: timestamp('offline_notified_ping', { withTimezone: true }),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  /** 'terminal-manager' (QR, device/v1) or the forwarder app posting to device/v1/hooks/<token> (0024). */
  app: text('app').notNull().default('terminal-manager'),
  /** SHA-256 (hex) of the forwarder URL's token; null for a QR terminal and after deletion. */
  hookTokenHash: text('hook_token_hash').unique(),
  /** The HMAC key SmsForwarder or SMS Gateway signs with (readable: checking needs it); null for the others. */
  hookSecret: text('hook_secret'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every notification a device sent; append-only (a trigger refuses changes to what was received). */
export const terminalNotifications = pgTable(
  'terminal_notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id),
    deviceItemId: text('device_item_id').notNull(),
    /** 'sms' | 'push' */
    source: text('source').notNull(),
    sender: text('sender').notNull(),
    title: text('title'),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'incoming' | 'ignored' | 'unparsed' */
    parseOutcome: text('parse_outcome').notNull(),
    bank: text('bank'),
    amountKopecks: bigint('amount_kopecks', { mode: 'bigint' }),
    currency: text('currency'),
    balanceKopecks: bigint('balance_kopecks', { mode: 'bigint' }),
    cardLast4: text('card_last4'),
    payerName: text('payer_name'),
    /** 'matched' | 'unmatched' | 'ignored' */
    result: text('result').notNull(),
    dealId: uuid('deal_id'),
  },
  (table) => [unique().on(table.terminalId, table.deviceItemId)],
);

/**
 * Idempotency keys of the device and merchant APIs. `scope` names the caller by what the server vouches for
 * (`device:<terminal id>`, `activate:<terminal id>`, `merchant:<merchant id>`), never by its credentials; no
 * column holds a bearer token or API key (0022 took the device token out of kept activate answers).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
