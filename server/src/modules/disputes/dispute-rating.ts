/** The rating events of a dispute's deal (spec §9): created, ignored by the trader, finished within 18 hours. */
import type { Tx } from '../../db/client.ts';
import type { RatingService } from '../rating/rating.service.ts';

/** Spec §9: a dispute finished within this long of its creation is a rating event. */
export const FINISHED_QUICKLY_MS = 18 * 3_600_000;

/** A rating event of a dispute's deal, written in its cause's transaction; each kind once per dispute. */
export function recordDisputeRating(
  rating: Pick<RatingService, 'record'>,
  tx: Tx,
  deal: { id: string; traderId: string; paymentMethodId: string },
  disputeId: string,
  kind: 'created' | 'ignored' | 'finished_within_18h',
  at: Date,
) {
  return rating.record(tx, {
    kind,
    traderId: deal.traderId,
    paymentMethodId: deal.paymentMethodId,
    dealId: deal.id,
    disputeId,
    at,
  });
}
