/** Use case: webhook delivery, the job that sends due events batch after batch. */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';
import { DELIVERY_PARALLELISM, type WebhooksService } from './webhooks.service.ts';

export const WEBHOOK_DELIVERY = 'webhook-delivery';
/** How often the job looks for due events when it has nothing to do. */
export const DELIVERY_INTERVAL_MS = 1_000;
/** Events taken per pass: two rounds of the parallel deliveries. */
export const DELIVERY_BATCH = DELIVERY_PARALLELISM * 2;
/** A tick keeps taking full batches (a backlog) for about this long, then lets the loop renew its lease. */
const TICK_BUDGET_MS = 10_000;
/** Beyond the slowest possible tick: resolving names and writing the outcomes. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Delivers due events batch after batch while every batch comes back full (a backlog), until about budgetMs
 * has passed or the job is stopping. Returns how many attempts were made.
 */
export async function deliverBacklog(
  webhooks: Pick<WebhooksService, 'deliverDue'>,
  options: { batch?: number; budgetMs?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const batch = options.batch ?? DELIVERY_BATCH;
  const deadline = Date.now() + (options.budgetMs ?? TICK_BUDGET_MS);
  let total = 0;
  for (;;) {
    const attempted = await webhooks.deliverDue(batch);
    total += attempted;
    if (attempted < batch || Date.now() >= deadline || options.stopping?.()) return total;
  }
}

/**
 * The webhook delivery job: always running, on one instance at a time (the lease), so an event is never sent
 * by two workers at once; the service's conditional state updates guard the bookkeeping as well. The lease
 * outlasts the slowest tick: the budget plus a last batch whose every request runs into the timeout.
 */
export function startWebhookDelivery(
  ctx: Pick<AppContext, 'webhooks' | 'database' | 'log' | 'config'>,
  options: { intervalMs?: number; holder?: string; batch?: number } = {},
): Job {
  const log = ctx.log.child({ job: WEBHOOK_DELIVERY });
  const batch = options.batch ?? DELIVERY_BATCH;
  const rounds = Math.ceil(batch / DELIVERY_PARALLELISM);
  return startLeasedLoop({
    name: WEBHOOK_DELIVERY,
    database: ctx.database,
    log,
    intervalMs: options.intervalMs ?? DELIVERY_INTERVAL_MS,
    leaseTtlMs: TICK_BUDGET_MS + rounds * ctx.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS,
    holder: options.holder,
    async tick({ stopping }) {
      await deliverBacklog(ctx.webhooks, { batch, stopping });
    },
    onError(error) {
      log.warn({ err: error }, 'webhook delivery pass failed; will retry');
    },
  });
}
