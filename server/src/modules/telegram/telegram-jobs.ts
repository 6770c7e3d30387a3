/** Use cases: the Telegram jobs: long polling, webhook registration, notification delivery. */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';
import { serviceLoopJob } from '../../jobs/service-loop.ts';
import { CLAIM_MS } from './notifications.service.ts';
import { grammySignal, type TelegramBot } from './telegram-bot.ts';

export const TELEGRAM_POLLING = 'telegram-polling';
export const TELEGRAM_WEBHOOK_SETUP = 'telegram-webhook-setup';
export const TELEGRAM_DELIVERY = 'telegram-delivery';
/** Rows one delivery pass claims; sent one after another (Telegram allows about 30 messages a second). */
export const TELEGRAM_DELIVERY_BATCH = 20;
/** How often the delivery job looks for due rows. */
const DELIVERY_INTERVAL_MS = 1_000;
/** Between two long polls; after a failed one the loop's interval is the wait before the next. */
const POLL_INTERVAL_MS = 200;
/** The wait after a failed poll. */
const POLL_RETRY_MS = 5_000;

/** Waits ms, or less when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

type TelegramContext = Pick<AppContext, 'database' | 'log' | 'config' | 'telegram' | 'notifications'> & {
  telegramBot: TelegramBot;
};

/**
 * Long polling on exactly one instance (the lease): getUpdates from the offset stored in the database, each
 * update handled, then the offset moved past it, so an instance that takes over goes on where this one
 * stopped. A webhook left from webhook mode is deleted first (getUpdates refuses while one is set).
 * stop() aborts the long poll under way.
 */
export function startTelegramPolling(ctx: TelegramContext, options: { holder?: string } = {}): Job {
  const log = ctx.log.child({ job: TELEGRAM_POLLING });
  const { bot } = ctx.telegramBot;
  const timeoutS = ctx.config.TELEGRAM_POLL_TIMEOUT_S;
  let webhookDeleted = false;
  const abort = new AbortController();
  const loop = startLeasedLoop({
    name: TELEGRAM_POLLING,
    database: ctx.database,
    log,
    intervalMs: POLL_INTERVAL_MS,
    // Outlives a long poll and the handling of its updates.
    leaseTtlMs: (timeoutS + 30) * 1000,
    holder: options.holder,
    async tick({ stopping }) {
      try {
        await ctx.telegramBot.ensureInit();
        if (!webhookDeleted) {
          await bot.api.deleteWebhook({}, grammySignal(abort.signal));
          webhookDeleted = true;
        }
        const offset = await ctx.telegram.getOffset();
        const updates = await bot.api.getUpdates(
          { offset, timeout: timeoutS, allowed_updates: ['message'] },
          grammySignal(abort.signal),
        );
        for (const update of updates) {
          if (stopping()) return;
          await ctx.telegramBot.handle(update);
          await ctx.telegram.setOffset(update.update_id + 1);
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        log.warn({ err: error }, 'telegram polling failed; will retry');
        // Telegram down: ask again after a pause, not at the 200 ms pace of a working poll (stop() cuts it short).
        await pause(POLL_RETRY_MS, abort.signal);
      }
    },
    onError(error) {
      log.warn({ err: error }, 'telegram polling failed; will retry');
    },
  });
  return {
    name: loop.name,
    async stop() {
      abort.abort();
      await loop.stop();
    },
  };
}

/** Webhook mode: one instance registers TELEGRAM_WEBHOOK_URL with its secret token, retrying until it took. */
export function startTelegramWebhookSetup(ctx: TelegramContext, options: { holder?: string } = {}): Job {
  const log = ctx.log.child({ job: TELEGRAM_WEBHOOK_SETUP });
  let registered = false;
  return startLeasedLoop({
    name: TELEGRAM_WEBHOOK_SETUP,
    database: ctx.database,
    log,
    intervalMs: 30_000,
    holder: options.holder,
    async tick() {
      if (registered) return;
      await ctx.telegramBot.bot.api.setWebhook(ctx.config.TELEGRAM_WEBHOOK_URL!, {
        secret_token: ctx.config.TELEGRAM_WEBHOOK_SECRET,
        allowed_updates: ['message'],
      });
      registered = true;
      log.info('telegram webhook registered');
    },
    onError(error) {
      log.warn({ err: error }, 'telegram setWebhook failed; will retry');
    },
  });
}

/**
 * The notifications delivery job: on one instance at a time (the lease), and each row is claimed in one
 * statement before it is sent and marked only under that claim, so a row goes out once even across a lease
 * handover.
 */
export const startTelegramDelivery = serviceLoopJob((ctx: TelegramContext) => ({
  name: TELEGRAM_DELIVERY,
  intervalMs: DELIVERY_INTERVAL_MS,
  firstTickAfterMs: 0,
  // A pass of a full batch whose every send runs into its timeout still ends within the claim window.
  leaseTtlMs: CLAIM_MS + 30_000,
  perTick: TELEGRAM_DELIVERY_BATCH,
  run: (limit) => ctx.notifications.deliverDue(ctx.telegramBot.send, limit),
  failMessage: 'telegram delivery pass failed; will retry',
}));
