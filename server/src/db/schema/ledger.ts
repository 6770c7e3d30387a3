import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A user's bucket or a system account; the id is `user:<uuid>:<bucket>` or `system:<name>`. Mirrors 0003_ledger.sql. */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One money movement; the idempotency key makes a retry return the first result instead of posting again. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  type: text('type').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique('ledger_transactions_idempotency_key'),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One leg of a ledger transaction: a signed micro-USDT amount on one account. Append-only. */
export const ledgerPostings = pgTable('ledger_postings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: uuid('transaction_id')
    .notNull()
    .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
  accountId: text('account_id')
    .notNull()
    .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The user's balances in micro-USDT, kept equal to the sum of the postings of each bucket. */
export const userBalances = pgTable('user_balances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  available: bigint('available', { mode: 'bigint' }).notNull().default(0n),
  frozen: bigint('frozen', { mode: 'bigint' }).notNull().default(0n),
  /** Lifetime sum of rewards and commissions earned (never lowered by spending); see 0010_deals.sql. */
  totalProfit: bigint('total_profit', { mode: 'bigint' }).notNull().default(0n),
  /** What the trader owes (the debt account's postings negated); see 0014_disputes.sql. */
  debt: bigint('debt', { mode: 'bigint' }).notNull().default(0n),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * USDT a release put back into available that cannot be withdrawn before `until` (the deal's dispute window);
 * a dispute hold on the deal uses it up. Mirrors 0019_reserves.sql.
 */
export const ledgerReserves = pgTable('ledger_reserves', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  subject: text('subject').notNull().unique('ledger_reserves_subject_idx'),
  releaseTransactionId: uuid('release_transaction_id')
    .notNull()
    .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  remaining: bigint('remaining', { mode: 'bigint' }).notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  consumedBy: uuid('consumed_by').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
