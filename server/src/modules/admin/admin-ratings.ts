/**
 * Use case: rebuild every rating from its events (the CLI's rating-recompute) from the console. Each trader's
 * corrections are written with their audit row in that trader's transaction, console and CLI alike.
 */
import type { AdminRatingRecompute } from '@app/shared';
import type { Tx } from '../../db/client.ts';
import type { RatingDifference, RatingService } from '../rating/rating.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { type AuditActor, requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';

const points = (tenths: number) => (tenths / 10).toFixed(1);

/** The audit row of one trader's corrections, for `rating.recompute(…)`'s hook. */
export function ratingRecomputeAudit(actor: AuditActor) {
  return (tx: Tx, corrected: RatingDifference[]) =>
    recordAudit(tx, actor, {
      action: 'rating.recompute',
      target: corrected[0]!.email,
      before: corrected.map((row) => ({ subject: row.subject, id: row.id, points: row.storedTenths / 10 })),
      after: corrected.map((row) => ({ subject: row.subject, id: row.id, points: row.expectedTenths / 10 })),
    });
}

export function createAdminRatings(deps: { rating: Pick<RatingService, 'recompute'> }) {
  return {
    /** POST api/v1/admin/rating-recompute/. */
    async recomputeRatings(user: SessionUser): Promise<AdminRatingRecompute> {
      const actor = requireAdmin(user);
      const differences = await deps.rating.recompute(ratingRecomputeAudit(actor));
      return {
        corrected: differences.length,
        differences: differences.map((row) => ({
          subject: row.subject,
          id: row.id,
          email: row.email,
          expected_points: points(row.expectedTenths),
          stored_points: points(row.storedTenths),
        })),
      };
    },
  };
}
