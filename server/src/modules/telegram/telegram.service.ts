/** Use cases: the Telegram connection: key, linked accounts, linking by key, the bot's /status. */
import { randomBytes } from 'node:crypto';
import {
  formatDollars,
  linkedAccountsText,
  microToNumber,
  TELEGRAM_TEXT,
  type TelegramAccountsResponse,
  type TelegramKeyResponse,
  type TelegramRefreshResponse,
} from '@app/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as users from '../users/users.service.ts';
import type { Notifier } from './notifications.service.ts';
import * as repo from './telegram.repository.ts';

/** 32 bytes from the CSPRNG, base64url: unguessable, and fits a /start payload (64 characters at most). */
const newConnectionKey = () => randomBytes(32).toString('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

/** The bot's replies (Russian). */
export const BOT_TEXT = {
  linked: 'Аккаунт подключён. Сюда будут приходить уведомления о сделках, спорах и входах в аккаунт.',
  alreadyLinked: 'Этот Telegram аккаунт уже подключён.',
  unknownKey:
    'Ключ подключения не найден. Ключ подключает один аккаунт и после этого сменяется: возьмите текущий ключ в настройках (Settings → Connection).',
  startWithoutKey:
    'Чтобы подключить аккаунт, откройте в личном кабинете Settings → Connection, скопируйте ключ подключения и отправьте боту команду /start <ключ> (или откройте ссылку с ключом оттуда же).',
  notLinked: 'Этот Telegram аккаунт не подключён. Отправьте /start, чтобы узнать, как подключить его.',
  privateOnly: 'Подключить аккаунт можно только в личном чате с ботом.',
  help: [
    'Команды:',
    '/start <ключ> — подключить аккаунт по ключу из Settings → Connection',
    '/status — баланс, рейтинг и сделки за сегодня',
    '/help — список команд',
  ].join('\n'),
} as const;

/** Moscow midnight of the day `at` falls on (the service's home time zone, UTC+3 all year). */
export function moscowDayStart(at: Date): Date {
  const shifted = new Date(at.getTime() + 3 * 3_600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 3 * 3_600_000);
}

/**
 * The Telegram connection (spec §7 Settings) and what the bot's commands do: the user's connection key,
 * linked accounts (never the last one disconnected), linking by key, and the /status summary (balances
 * through the ledger, the day's deals through the orders service).
 */
export function createTelegramService(deps: {
  database: Database;
  ledger: Pick<LedgerService, 'getBalances'>;
  /** The trader's deals since a moment (the orders module's service; declared here so telegram imports no orders). */
  orders: { countDealsSince(userId: string, since: Date): Promise<number> };
  /** Tells the accounts linked before of a new one, in the link's transaction. */
  notifier: Notifier;
  /** Whether a bot runs (TELEGRAM_BOT_TOKEN is set). */
  botConfigured: boolean;
  /** The bot's username, or null when no bot is configured (or Telegram has not told it yet). */
  botUsername: () => Promise<string | null>;
  now: () => Date;
}) {
  const db = deps.database.db;

  async function keyOf(userId: string): Promise<string> {
    return (await repo.findKey(db, userId)) ?? repo.insertKeyIfNone(db, userId, newConnectionKey());
  }

  return {
    /**
     * GET get_tg_key: the key (made on the first call, then stable), whether a bot runs, and its deep link
     * (null while Telegram has not told the bot's username).
     */
    async getKey(userId: string): Promise<TelegramKeyResponse> {
      const [key, username] = await Promise.all([keyOf(userId), deps.botUsername()]);
      return {
        connection_key: key,
        bot_configured: deps.botConfigured,
        bot_username: username,
        deep_link: username ? `https://t.me/${username}?start=${key}` : null,
      };
    },

    /** POST refresh/tg_key: a new key, and every linked account (with its unsent messages) disconnected. */
    async refreshKey(userId: string): Promise<TelegramRefreshResponse> {
      const key = newConnectionKey();
      await db.transaction(async (tx) => {
        await repo.replaceKey(tx, userId, key);
        await repo.deleteAllAccounts(tx, userId);
        await repo.dropPendingNotifications(tx, userId);
      });
      return { connection_key: key, message: TELEGRAM_TEXT.keyRefreshed };
    },

    /** GET tg_action: the user's linked accounts, oldest first, with a status line. */
    async listAccounts(userId: string): Promise<TelegramAccountsResponse> {
      const rows = await repo.listAccounts(db, userId);
      return {
        accounts: rows.map((row) => ({
          id: row.id,
          telegram_id: row.telegramId,
          telegram_name: row.telegramName,
          auth_date: row.authDate.toISOString(),
        })),
        message: linkedAccountsText(rows.length),
      };
    },

    /** PUT tg_action {telegram_id}: disconnects one of the user's own accounts, never the last. */
    async disconnect(userId: string, telegramId: number): Promise<{ message: string }> {
      const outcome = await db.transaction(async (tx) => {
        const result = await repo.deleteAccountUnlessLast(tx, userId, telegramId);
        if (result === 'deleted') await repo.dropPendingNotifications(tx, userId, telegramId);
        return result;
      });
      if (outcome === 'missing') throw notFound(TELEGRAM_TEXT.accountNotFound);
      if (outcome === 'last') throw badRequest(TELEGRAM_TEXT.lastAccount);
      return { message: TELEGRAM_TEXT.done };
    },

    /** Whether the user has a linked account (disputes need one, spec §6). */
    async hasLinkedAccount(userId: string): Promise<boolean> {
      return (await repo.listAccounts(db, userId)).length > 0;
    },

    /**
     * /start <key>: links the Telegram account to the key's user; the reply to send. A key links once: in the
     * link's transaction the key is renewed (the Settings page shows the new one) and every account linked
     * before is told, so a key that leaked links at most one stranger, and not unnoticed. An account already
     * linked changes nothing and leaves the key as it is.
     */
    async linkByKey(key: string, account: { telegramId: number; name: string }): Promise<string> {
      if (!KEY_PATTERN.test(key)) return BOT_TEXT.unknownKey;
      const telegramName = account.name.slice(0, 200);
      return db.transaction(async (tx) => {
        const userId = await repo.lockUserByKey(tx, key);
        if (!userId) return BOT_TEXT.unknownKey;
        const added = await repo.linkAccount(tx, {
          userId,
          telegramId: account.telegramId,
          telegramName,
          authDate: deps.now(),
        });
        if (!added) return BOT_TEXT.alreadyLinked;
        await repo.replaceKey(tx, userId, newConnectionKey());
        await deps.notifier.notify(tx, userId, {
          kind: 'telegram_linked',
          telegramId: account.telegramId,
          telegramName,
        });
        return BOT_TEXT.linked;
      });
    },

    /** /status: each linked user's balance, rating percent and today's deals; the reply to send. */
    async statusText(telegramId: number): Promise<string> {
      const userIds = await repo.usersOfTelegram(db, telegramId);
      if (userIds.length === 0) return BOT_TEXT.notLinked;
      const since = moscowDayStart(deps.now());
      const parts = await Promise.all(
        userIds.map(async (userId) => {
          const [user, balances, deals] = await Promise.all([
            users.findById(db, userId),
            deps.ledger.getBalances(userId),
            deps.orders.countDealsSince(userId, since),
          ]);
          const name = user?.username ?? user?.email ?? userId;
          return [
            `Аккаунт: ${name}`,
            `Баланс: ${formatDollars(microToNumber(balances.available + balances.frozen))}`,
            `Доступно: ${formatDollars(microToNumber(balances.available))}`,
            `Заморожено: ${formatDollars(microToNumber(balances.frozen))}`,
            `Рейтинг: ${user ? Number(user.rating) : 0}%`,
            `Сделок сегодня: ${deals}`,
          ].join('\n');
        }),
      );
      return parts.join('\n\n');
    },

    getOffset: () => repo.getOffset(db),
    setOffset: (offset: number) => repo.setOffset(db, offset),
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
