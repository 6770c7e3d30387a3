import type { AppContext } from '../../context.ts';
import { startHousekeepingJob } from '../../jobs/housekeeping-job.ts';
import type { Job } from '../../jobs/job.ts';

export const IDEMPOTENCY_EXPIRY = 'idempotency-key-expiry';
export const IDEMPOTENCY_EXPIRY_INTERVAL_MS = 60 * 60_000;

/** The periodic idempotency key expiry (keys older than a day): always running, one instance at a time. */
export function startIdempotencyExpiry(
  ctx: AppContext,
  options: { intervalMs?: number; holder?: string } = {},
): Job {
  return startHousekeepingJob({
    name: IDEMPOTENCY_EXPIRY,
    database: ctx.database,
    log: ctx.log,
    intervalMs: options.intervalMs ?? IDEMPOTENCY_EXPIRY_INTERVAL_MS,
    holder: options.holder,
    run: () => ctx.idempotency.purgeExpired(),
    doneMessage: 'expired idempotency keys deleted',
  });
}
