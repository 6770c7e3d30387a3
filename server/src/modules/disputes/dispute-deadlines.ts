import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';

export const DISPUTE_DEADLINES = 'dispute-deadlines';
export const DISPUTE_DEADLINES_INTERVAL_MS = 10_000;
const PER_TICK = 200;

/**
 * Moves waiting disputes to consideration once both sides had their say or the trader's DISPUTE_EVIDENCE_H
 * passed (recording `ignored` when the trader sent nothing), on one instance at a time (lease).
 */
export function startDisputeDeadlines(
  ctx: AppContext,
  options: { intervalMs?: number; holder?: string } = {},
): Job {
  const log = ctx.log.child({ job: DISPUTE_DEADLINES });
  const intervalMs = options.intervalMs ?? DISPUTE_DEADLINES_INTERVAL_MS;
  return startLeasedLoop({
    name: DISPUTE_DEADLINES,
    database: ctx.database,
    log,
    intervalMs,
    firstTickAfterMs: intervalMs,
    holder: options.holder,
    async tick() {
      const count = await ctx.disputes.advanceDue(PER_TICK);
      if (count > 0) log.info({ count }, 'disputes moved to consideration');
    },
    onError(error) {
      log.warn({ err: error }, 'dispute deadlines failed; will retry');
    },
  });
}
