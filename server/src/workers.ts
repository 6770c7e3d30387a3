import type { AppContext } from './context.ts';
import type { Job } from './jobs/job.ts';
import { withLoopObserver } from './jobs/loop-observer.ts';
import { startSessionExpiry } from './modules/auth/session-expiry.ts';
import { startDisputeDeadlines } from './modules/disputes/dispute-deadlines.ts';
import { startIdempotencyExpiry } from './modules/idempotency/idempotency-expiry.ts';
import { startMailDelivery } from './modules/mail/mail-delivery.ts';
import { startTableMaintenance } from './modules/maintenance/table-maintenance.ts';
import { startDealChartFolding } from './modules/orders/deal-chart-folding.ts';
import { startDealExpiry } from './modules/orders/deal-expiry.ts';
import { startCodeExpiry } from './modules/otp/code-expiry.ts';
import { startRatePoller } from './modules/rates/rate-poller.ts';
import {
  startTelegramDelivery,
  startTelegramPolling,
  startTelegramWebhookSetup,
} from './modules/telegram/telegram-jobs.ts';
import { startOfflineNotice } from './modules/terminals/offline-notice.ts';
import { startPendingExpiry } from './modules/terminals/pending-expiry.ts';
import { startDepositWatcher } from './modules/tron/deposit-watcher.ts';
import { startWithdrawalSender } from './modules/tron/withdrawal-sender.ts';
import { startWebhookDelivery } from './modules/webhooks/webhook-delivery.ts';

/**
 * Starts every background job of the process (each one a leased loop from jobs/), each reporting its passes
 * to the app's metrics; the returned stop() waits for each to finish its current step and give its lease up.
 */
export function startWorkers(ctx: AppContext): { jobs: string[]; stop(): Promise<void> } {
  return withLoopObserver(ctx.metrics.loops, () => startJobs(ctx));
}

function startJobs(ctx: AppContext): { jobs: string[]; stop(): Promise<void> } {
  const jobs: Job[] = [
    startSessionExpiry(ctx),
    startCodeExpiry(ctx),
    startIdempotencyExpiry(ctx),
    startPendingExpiry(ctx),
    // Writes outbox rows only (no bot needed), like every other notification: delivery is the bot's job.
    startOfflineNotice(ctx),
    startWebhookDelivery(ctx),
    startMailDelivery(ctx),
    startDealExpiry(ctx),
    startDisputeDeadlines(ctx),
    startDealChartFolding(ctx),
  ];
  if (ctx.config.RATE_SOURCE === 'coingecko') jobs.push(startRatePoller(ctx));
  // Autovacuum's work where there is none: always on the embedded engine, on PostgreSQL while it is off.
  jobs.push(startTableMaintenance(ctx));
  // The chain jobs run only against a configured TronGrid (or the local simulator).
  if (ctx.config.TRONGRID_URL) jobs.push(startDepositWatcher(ctx), startWithdrawalSender(ctx));
  // The bot and its notification delivery run only with a token (without one no account can be linked).
  if (ctx.telegramBot) {
    const telegram = { ...ctx, telegramBot: ctx.telegramBot };
    jobs.push(
      startTelegramDelivery(telegram),
      ctx.config.TELEGRAM_WEBHOOK_URL ? startTelegramWebhookSetup(telegram) : startTelegramPolling(telegram),
    );
  }
  ctx.log.debug({ jobs: jobs.map((job) => job.name) }, 'jobs started');
  return {
    jobs: jobs.map((job) => job.name),
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
