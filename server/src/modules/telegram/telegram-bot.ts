/** Use cases: the grammY bot: its commands, sending one notification, the Bot API's health. */
import { Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { HealthCheck } from '../../context.ts';
import type { SendMessage } from './notifications.service.ts';
import { BOT_TEXT, type TelegramService } from './telegram.service.ts';

/** grammY types its signals with the abort-controller polyfill's class; Node's own AbortSignal is what it gets. */
export type GrammySignal = Parameters<Bot['api']['getMe']>[0];
export const grammySignal = (signal: AbortSignal) => signal as unknown as GrammySignal;

/** One sendMessage's time limit: a hanging Bot API must not hold the delivery job for long. */
const SEND_TIMEOUT_MS = 10_000;
/** How long the key page waits for getMe (the bot's username) before it answers without a deep link. */
const USERNAME_WAIT_MS = 3_000;

/**
 * The Telegram bot of this process (grammY against TELEGRAM_API_ROOT): its Bot API client, its commands,
 * sending one notification, and how healthy the Bot API has been. Polling and the webhook's registration
 * are jobs (telegram-jobs.ts); the webhook's route is in telegram.routes.ts.
 */
export function createTelegramBot(deps: {
  config: Pick<
    AppConfig,
    'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_POLL_TIMEOUT_S' | 'TELEGRAM_DEGRADED_AFTER_S'
  >;
  log: Logger;
}) {
  const { config } = deps;
  const log = deps.log.child({ component: 'telegram-bot' });
  const bot = new Bot(config.TELEGRAM_BOT_TOKEN!, {
    client: {
      apiRoot: config.TELEGRAM_API_ROOT,
      // A long poll lasts TELEGRAM_POLL_TIMEOUT_S; sends carry their own shorter signal.
      timeoutSeconds: config.TELEGRAM_POLL_TIMEOUT_S + 15,
    },
  });

  // Since when every Bot API call has failed (null while the last one worked).
  let failingSince: number | null = null;
  let lastError: string | null = null;
  bot.api.config.use(async (previous, method, payload, signal) => {
    try {
      const answer = await previous(method, payload, signal);
      // Telegram answered: a refusal of one request (400, 403, 429) says nothing about its health.
      if (answer.ok || answer.error_code < 500) failingSince = null;
      else {
        failingSince ??= Date.now();
        lastError = `${method}: ${answer.error_code}`;
      }
      return answer;
    } catch (error) {
      // Our own abort (a poll stopped at shutdown) is no failure; a timeout is.
      const reason = (signal as { reason?: unknown } | undefined)?.reason;
      const stopped = signal?.aborted && (reason as Error | undefined)?.name === 'AbortError';
      if (!stopped) {
        failingSince ??= Date.now();
        lastError = `${method}: ${(error as Error).message.slice(0, 200)}`;
      }
      throw error;
    }
  });

  let initializing: Promise<void> | null = null;
  /** getMe once (retried on the next call after a failure): grammY needs it before handling updates. */
  function ensureInit(): Promise<void> {
    if (bot.isInited()) return Promise.resolve();
    initializing ??= bot.init().catch((error: unknown) => {
      initializing = null;
      throw error;
    });
    return initializing;
  }

  const healthCheck: HealthCheck = () => {
    const degraded =
      failingSince !== null && Date.now() - failingSince >= config.TELEGRAM_DEGRADED_AFTER_S * 1000;
    return degraded
      ? {
          ok: true,
          degraded: true,
          detail: `Bot API failing since ${new Date(failingSince!).toISOString()}: ${lastError}`,
        }
      : { ok: true, detail: 'Bot API reachable' };
  };

  const send: SendMessage = async (chatId, text) => {
    try {
      await bot.api.sendMessage(chatId, text, {}, grammySignal(AbortSignal.timeout(SEND_TIMEOUT_MS)));
      return { ok: true };
    } catch (error) {
      if (error instanceof GrammyError) {
        const reason = `${error.error_code}: ${error.description}`;
        if (error.error_code === 429) {
          return { ok: false, retryAfterS: error.parameters.retry_after ?? 1, error: reason };
        }
        if (error.error_code === 400 || error.error_code === 403) {
          return { ok: false, permanent: true, error: reason };
        }
        return { ok: false, error: reason };
      }
      return { ok: false, error: (error as Error).message.slice(0, 500) };
    }
  };

  return {
    bot,
    ensureInit,
    send,
    healthCheck,

    /** The bot's username (from getMe), or null when Telegram has not answered within a moment. */
    async username(): Promise<string | null> {
      if (bot.isInited()) return bot.botInfo.username;
      // Telegram is failing now: answer at once (getMe goes on in the background) rather than slow the page.
      if (failingSince !== null) {
        ensureInit().catch(() => undefined);
        return null;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), USERNAME_WAIT_MS);
      });
      try {
        return await Promise.race([ensureInit().then(() => bot.botInfo.username), timeout]);
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },

    /** Handles one update (from getUpdates or the webhook); a failing handler is logged, never rethrown. */
    async handle(update: Update): Promise<void> {
      await ensureInit();
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        log.warn({ err: error, updateId: update.update_id }, 'telegram update handling failed');
      }
    },

    /** Registers the commands, answered through the telegram service. */
    installCommands(telegram: TelegramService): void {
      bot.command('start', async (ctx) => {
        const key = ctx.match.trim();
        if (!key) return void (await ctx.reply(BOT_TEXT.startWithoutKey));
        if (ctx.chat.type !== 'private' || !ctx.from) return void (await ctx.reply(BOT_TEXT.privateOnly));
        const { first_name: first, last_name: last, username } = ctx.from;
        const name = username ? `@${username}` : [first, last].filter(Boolean).join(' ');
        await ctx.reply(await telegram.linkByKey(key, { telegramId: ctx.from.id, name }));
      });
      bot.command('status', async (ctx) => {
        if (!ctx.from) return;
        await ctx.reply(await telegram.statusText(ctx.from.id));
      });
      bot.command('help', async (ctx) => {
        await ctx.reply(BOT_TEXT.help);
      });
    },
  };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;
