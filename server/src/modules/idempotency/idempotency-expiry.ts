/** Use case: the job that expires Idempotency-Key rows older than a day. */
import type { AppContext } from '../../context.ts';
import { housekeepingJob } from '../../jobs/housekeeping-job.ts';

export const IDEMPOTENCY_EXPIRY = 'idempotency-key-expiry';
export const IDEMPOTENCY_EXPIRY_INTERVAL_MS = 60 * 60_000;

/** The periodic idempotency key expiry (keys older than a day): always running, one instance at a time. */
export const startIdempotencyExpiry = housekeepingJob((ctx: AppContext) => ({
  name: IDEMPOTENCY_EXPIRY,
  intervalMs: IDEMPOTENCY_EXPIRY_INTERVAL_MS,
  run: () => ctx.idempotency.purgeExpired(),
  doneMessage: 'expired idempotency keys deleted',
}));
