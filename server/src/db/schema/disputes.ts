import { sql } from 'drizzle-orm';
import { bigint, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';

export const DISPUTE_STATUS_VALUES = [
  'waiting',
  'consideration',
  'deepconsideration',
  'completed_towards_merchant',
  'completed_towards_trader',
] as const;

/** A dispute on a deal; one open per deal. Mirrors migrations/0014_disputes.sql. */
export const disputes = pgTable('disputes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  dealId: uuid('deal_id')
    .notNull()
    .references(() => deals.id),
  status: text('status', { enum: DISPUTE_STATUS_VALUES }).notNull().default('waiting'),
  openedByRole: text('opened_by_role', { enum: ['merchant', 'support'] }).notNull(),
  openedBy: uuid('opened_by').references(() => users.id),
  reason: text('reason').notNull(),
  supportComment: text('support_comment'),
  /** What the trader's available could not cover when the deal's USDT was held again (the debt it made). */
  shortfallUsdt: bigint('shortfall_usdt', { mode: 'bigint' }).notNull().default(0n),
  evidenceDeadline: timestamp('evidence_deadline', { withTimezone: true }).notNull(),
  deepBy: uuid('deep_by').references(() => users.id),
  resolvedBy: uuid('resolved_by').references(() => users.id),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only: what happened to a dispute. */
export const disputeHistory = pgTable('dispute_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  disputeId: uuid('dispute_id')
    .notNull()
    .references(() => disputes.id),
  actorRole: text('actor_role', { enum: ['merchant', 'trader', 'support', 'timer'] }).notNull(),
  actorId: uuid('actor_id').references(() => users.id),
  action: text('action', { enum: ['opened', 'status', 'file_added', 'file_deleted', 'comment'] }).notNull(),
  status: text('status'),
  fileId: uuid('file_id'),
  fileName: text('file_name'),
  fileSide: text('file_side', { enum: ['trader', 'merchant'] }),
  fileSha256: text('file_sha256'),
  fileSize: bigint('file_size', { mode: 'number' }),
  note: text('note'),
  /** What made the deadline job move the dispute (its rows only; 0026): the deadline, or both sides' evidence. */
  cause: text('cause', { enum: ['deadline', 'evidence'] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support user's hold on a dispute, until expires_at. */
export const disputeBlocks = pgTable('dispute_blocks', {
  disputeId: uuid('dispute_id')
    .primaryKey()
    .references(() => disputes.id),
  supportUserId: uuid('support_user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An evidence file; the bytes are DATA_DIR/files/<id>. Deletion only marks the row. */
export const disputeFiles = pgTable('dispute_files', {
  id: uuid('id').primaryKey(),
  disputeId: uuid('dispute_id')
    .notNull()
    .references(() => disputes.id),
  side: text('side', { enum: ['trader', 'merchant'] }).notNull(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: uuid('uploaded_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => users.id),
});

export const EVIDENCE_BUDGETS = ['trader', 'merchant', 'support'] as const;
export type EvidenceBudget = (typeof EVIDENCE_BUDGETS)[number];

/**
 * Evidence stored and reserved per dispute and budget (the trader's, the merchant's, support's own). Mirrors
 * migrations/0021_dispute_limits.sql.
 */
export const disputeEvidenceUsage = pgTable(
  'dispute_evidence_usage',
  {
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    budget: text('budget', { enum: EVIDENCE_BUDGETS }).notNull(),
    files: integer('files').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.disputeId, table.budget] })],
);

/** What one upload under way has reserved in its usage row (gone once stored or given back). */
export const disputeEvidenceHolds = pgTable(
  'dispute_evidence_holds',
  {
    id: uuid('id').primaryKey(),
    disputeId: uuid('dispute_id').notNull(),
    budget: text('budget', { enum: EVIDENCE_BUDGETS }).notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.disputeId, table.budget],
      foreignColumns: [disputeEvidenceUsage.disputeId, disputeEvidenceUsage.budget],
    }),
  ],
);
