/** Use case: the job that removes terminals never activated a day after connect-request. */
import type { AppContext } from '../../context.ts';
import { housekeepingJob } from '../../jobs/housekeeping-job.ts';

export const PENDING_EXPIRY = 'terminal-pending-expiry';
export const PENDING_EXPIRY_INTERVAL_MS = 60 * 60_000;
/** A terminal not activated a day after connect-request is abandoned: its code and pairing key died long ago. */
export const PENDING_RETENTION_MS = 86_400_000;

/** Deletes terminals never activated a day after they were requested; returns how many went. */
export function purgePendingTerminals(ctx: Pick<AppContext, 'terminals'>): Promise<number> {
  return ctx.terminals.purgeNeverActivated(PENDING_RETENTION_MS);
}

/** The periodic pending-terminal expiry: always running, one instance at a time by lease. */
export const startPendingExpiry = housekeepingJob((ctx: AppContext) => ({
  name: PENDING_EXPIRY,
  intervalMs: PENDING_EXPIRY_INTERVAL_MS,
  run: () => purgePendingTerminals(ctx),
  doneMessage: 'abandoned pending terminals deleted',
}));
