/** Use case: the deal timer (open deals past expires_at become expired), as a background job. */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startServiceLoop } from '../../jobs/service-loop.ts';

export const DEAL_EXPIRY = 'deal-expiry';
/** Deals expire within this long of their expires_at; the payer page counts down to the same moment. */
export const DEAL_EXPIRY_INTERVAL_MS = 5_000;
/** At most this many per tick, so one tick never holds the lease for long; the next tick takes the rest. */
const PER_TICK = 500;

/**
 * Moves open deals past expires_at to `expired` and releases their USDT, on one instance at a time (lease);
 * each deal in its own transaction with SKIP LOCKED, so even two loops would never expire one deal twice.
 */
export function startDealExpiry(
  ctx: AppContext,
  options: { intervalMs?: number; holder?: string } = {},
): Job {
  return startServiceLoop({
    name: DEAL_EXPIRY,
    database: ctx.database,
    log: ctx.log,
    intervalMs: options.intervalMs ?? DEAL_EXPIRY_INTERVAL_MS,
    holder: options.holder,
    perTick: PER_TICK,
    run: (limit) => ctx.orders.expireDue(limit),
    doneMessage: 'deals expired',
    failMessage: 'deal expiry failed; will retry',
  });
}
