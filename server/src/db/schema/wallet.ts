import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** One TRC20 deposit address per user, derived at m/44'/195'/0'/0/derivation_index. Mirrors 0004_wallet.sql. */
export const walletAddresses = pgTable('wallet_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  address: text('address').notNull(),
  derivationIndex: integer('derivation_index').notNull(),
  keyFingerprint: text('key_fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A credited Transfer event, keyed by the chain's (txid, event_index). */
export const deposits = pgTable(
  'deposits',
  {
    txid: text('txid').notNull(),
    eventIndex: integer('event_index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    source: text('source', { enum: ['watcher', 'address_scan'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.txid, table.eventIndex] })],
);

/** Whether a lead's withdrawals are limited to the whitelist. */
export const walletWhitelistSettings = pgTable('wallet_whitelist_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** How many whitelist entries the user has; the cap is enforced on it with a conditional update (0005). */
  entries: integer('entries').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A lead's whitelisted withdrawal address. */
export const walletWhitelist = pgTable('wallet_whitelist', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the entry can first receive withdrawals (WHITELIST_COOLDOWN_H after it was added; 0005). */
  usableAt: timestamp('usable_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WithdrawalStatusValue =
  | 'requested'
  | 'canceled'
  | 'held'
  | 'approved'
  | 'signing'
  | 'signed'
  | 'broadcast'
  | 'confirmed'
  | 'failed'
  | 'rejected';

/** A withdrawal and its state machine (see the migration for the states). */
export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  toAddress: text('to_address').notNull(),
  status: text('status').$type<WithdrawalStatusValue>().notNull(),
  approvedBy: text('approved_by'),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  txid: text('txid'),
  signedTx: jsonb('signed_tx').$type<Record<string, unknown>>(),
  txExpiration: bigint('tx_expiration', { mode: 'number' }),
  attempts: integer('attempts').notNull().default(0),
  checkFailures: integer('check_failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** Who marked it as paid by hand (migration 0007); null for everything the sender sent. */
  markedSentBy: text('marked_sent_by'),
});

/** How far a chain scan has got (block_timestamp, ms) and when it last succeeded. */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which app instance runs a background worker, until when. */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
