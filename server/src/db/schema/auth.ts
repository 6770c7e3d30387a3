import { USER_ROLES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** People who sign in. Mirrors migrations/0001_foundation.sql. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: USER_ROLES }).notNull(),
  isLead: boolean('is_lead').notNull().default(false),
  username: text('username'),
  avatarUrl: text('avatar_url'),
  /** The rating percent, derived from ratingPointsTenths by the rating engine (0015_rating.sql). */
  rating: numeric('rating', { precision: 5, scale: 2 }).notNull().default('100'),
  /** Spec §9 penalty points in tenths; the rating engine's state (0015_rating.sql). */
  ratingPointsTenths: integer('rating_points_tenths').notNull().default(0),
  referredByCode: text('referred_by_code'),
  /** The lead whose code the user signed up with; set once (0017_referrals.sql). */
  referredBy: uuid('referred_by'),
  /** A lead's share of the platform fee in basis points; null = LEAD_SHARE_PCT. */
  leadShareBps: integer('lead_share_bps'),
  notificationPayments: boolean('notification_payments').notNull().default(true),
  notificationAccount: boolean('notification_account').notNull().default(true),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** A merchant's fee in basis points; null = MERCHANT_FEE_PCT (0010_deals.sql). */
  feeBps: integer('fee_bps'),
  /** A trader's reward in basis points; null = TRADER_REWARD_PCT. */
  rewardBps: integer('reward_bps'),
  /** A merchant's name shown to its payers, 2-64 characters, trimmed; null shows none (0025_role_homes.sql). */
  displayName: text('display_name'),
  /** Set while the operator has blocked the account: no sign-in, no session, no deals (0027_operator_console.sql). */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in sessions; only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  ...timestamps,
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * One-time codes mailed to people, stored salted and hashed, bound to email and purpose. A live
 * password-reset code is also kept sealed so a repeated request can mail it again (0020_otp_purpose_budgets).
 */
export const otpCodes = pgTable('otp_codes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  supersededAt: timestamp('superseded_at', { withTimezone: true }),
  /** The IP the code was requested from (0005), for the per-IP send limits. */
  requestedIp: text('requested_ip'),
  /** AES-256-GCM of a live password-reset code under otpSealKeys' key; null once the code is dead (0020). */
  codeSealed: bytea('code_sealed'),
  /** When the code's mail was last put in the outbox; a re-send waits a minute after it (0020). */
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The single key live reset codes are sealed with, apart from the codes. Mirrors 0020_otp_purpose_budgets.sql. */
export const otpSealKeys = pgTable('otp_seal_keys', {
  id: smallint('id').primaryKey(),
  key: bytea('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed password checks per normalized email and the lock they lead to. Mirrors 0005_abuse_limits.sql. */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
