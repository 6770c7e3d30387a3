/** Use case: the dispute deadlines (waiting disputes move to consideration), as a background job. */
import type { AppContext } from '../../context.ts';
import { serviceLoopJob } from '../../jobs/service-loop.ts';

export const DISPUTE_DEADLINES = 'dispute-deadlines';
export const DISPUTE_DEADLINES_INTERVAL_MS = 10_000;
const PER_TICK = 200;

/**
 * Moves waiting disputes to consideration once both sides had their say or the trader's DISPUTE_EVIDENCE_H
 * passed (recording `ignored` when the trader sent nothing), on one instance at a time (lease).
 */
export const startDisputeDeadlines = serviceLoopJob((ctx: AppContext) => ({
  name: DISPUTE_DEADLINES,
  intervalMs: DISPUTE_DEADLINES_INTERVAL_MS,
  perTick: PER_TICK,
  run: (limit) => ctx.disputes.advanceDue(limit),
  doneMessage: 'disputes moved to consideration',
  failMessage: 'dispute deadlines failed; will retry',
}));
