/**
 * The deadline moves of waiting disputes: to consideration once both sides had their say or the trader's
 * evidence deadline passed (then `ignored` without trader evidence). dispute-deadlines.ts runs it in a loop.
 */
import { disputeConsiderationText } from '@app/shared';
import type { Database } from '../../db/client.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import { type DisputeNotices, noticeBothSides } from './dispute-notices.ts';
import { recordDisputeRating } from './dispute-rating.ts';
import * as repo from './disputes.repository.ts';

export function createDisputeAdvance(deps: {
  database: Database;
  orders: Pick<OrdersService, 'findDeal'>;
  notices: DisputeNotices;
  rating: Pick<RatingService, 'record'>;
  now: () => Date;
}) {
  const db = deps.database.db;
  return {
    /**
     * The deadline pass: waiting disputes whose trader deadline passed, or where both sides had their say,
     * move to consideration, each in its own transaction; one whose deadline passed without trader evidence
     * records the `ignored` rating event (once: the unique index) in the same transaction.
     */
    async advanceDue(limit = 100): Promise<number> {
      let moved = 0;
      for (let index = 0; index < limit; index++) {
        const done = await db.transaction(async (tx) => {
          const at = deps.now();
          const due = await repo.lockDueWaiting(tx, at);
          if (!due) return false;
          const { dispute } = due;
          // Both sides' say moves a dispute before its deadline; once they had it, the deadline did not.
          const cause = due.bothSides ? 'evidence' : 'deadline';
          await repo.updateDispute(tx, dispute.id, { status: 'consideration', updatedAt: at });
          await repo.appendHistory(tx, {
            disputeId: dispute.id,
            actorRole: 'timer',
            action: 'status',
            status: 'consideration',
            cause,
            createdAt: at,
          });
          const deal = await deps.orders.findDeal(tx, dispute.dealId);
          if (!deal) return true;
          if (!due.traderEvidence && dispute.evidenceDeadline.getTime() <= at.getTime()) {
            await recordDisputeRating(deps.rating, tx, deal, dispute.id, 'ignored', at);
          }
          const text = disputeConsiderationText(deal.id, cause);
          await noticeBothSides(deps.notices, tx, deal, 'consideration', text);
          return true;
        });
        if (!done) break;
        moved++;
      }
      return moved;
    },
  };
}
