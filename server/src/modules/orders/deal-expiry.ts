/** Use case: the deal timer (open deals past expires_at become expired), as a background job. */
import type { AppContext } from '../../context.ts';
import { serviceLoopJob } from '../../jobs/service-loop.ts';

export const DEAL_EXPIRY = 'deal-expiry';
/** Deals expire within this long of their expires_at; the payer page counts down to the same moment. */
export const DEAL_EXPIRY_INTERVAL_MS = 5_000;
/** At most this many per tick, so one tick never holds the lease for long; the next tick takes the rest. */
const PER_TICK = 500;

/**
 * Moves open deals past expires_at to `expired` and releases their USDT, on one instance at a time (lease);
 * each deal in its own transaction with SKIP LOCKED, so even two loops would never expire one deal twice.
 */
export const startDealExpiry = serviceLoopJob((ctx: AppContext) => ({
  name: DEAL_EXPIRY,
  intervalMs: DEAL_EXPIRY_INTERVAL_MS,
  perTick: PER_TICK,
  run: (limit) => ctx.orders.expireDue(limit),
  doneMessage: 'deals expired',
  failMessage: 'deal expiry failed; will retry',
}));
