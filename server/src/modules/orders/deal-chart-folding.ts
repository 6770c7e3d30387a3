/** Use case: the chart counters' folding (migration 0034), as a background job. */
import type { AppContext } from '../../context.ts';
import { serviceLoopJob } from '../../jobs/service-loop.ts';

export const DEAL_CHART_FOLDING = 'deal-chart-folding';
/** How often the stripes of ended buckets are folded: a past bucket keeps up to 16 rows at most this long. */
export const DEAL_CHART_FOLDING_INTERVAL_MS = 60_000;
/** At most this many counter rows per pass; the next pass takes the rest. */
const PER_TICK = 5_000;

/**
 * Sums the stripes of the chart counters' ended hours, days and months into one row each (ctx.orders
 * .foldChartStripes), on one instance at a time (lease). The counts stay exact between passes: the chart sums
 * a bucket's stripes; folding only bounds how many rows a chart of the past reads.
 */
export const startDealChartFolding = serviceLoopJob((ctx: AppContext) => ({
  name: DEAL_CHART_FOLDING,
  intervalMs: DEAL_CHART_FOLDING_INTERVAL_MS,
  perTick: PER_TICK,
  run: (limit) => ctx.orders.foldChartStripes(limit),
  doneMessage: 'chart counters folded',
  failMessage: 'chart counter folding failed; will retry',
}));
