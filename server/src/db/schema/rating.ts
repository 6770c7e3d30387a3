import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { disputes } from './disputes.ts';

/**
 * Spec §9 rating events, append-only (0014_disputes.sql, widened by 0015_rating.sql). Each carries the effect it
 * had in tenths of a point; an adjustment also its reason and actor.
 */
export const ratingEvents = pgTable('rating_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  traderId: uuid('trader_id')
    .notNull()
    .references(() => users.id),
  paymentMethodId: uuid('payment_method_id'),
  dealId: uuid('deal_id').references(() => deals.id),
  disputeId: uuid('dispute_id').references(() => disputes.id),
  kind: text('kind', {
    enum: ['deal_completed', 'created', 'ignored', 'finished_within_18h', 'adjustment'],
  }).notNull(),
  pointsTenths: integer('points_tenths').notNull(),
  reason: text('reason'),
  actor: text('actor'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
