import { z } from 'zod';

/** Texts of the Telegram connection routes (spec §8 Settings fixes the first three). */
export const TELEGRAM_TEXT = {
  keyRefreshed: 'Ключ успешно обновлен! Все аккаунты отключены.',
  lastAccount: 'Невозможно отключить последний аккаунт',
  done: 'Операция успешно выполнена',
  accountNotFound: 'Telegram аккаунт не найден',
  noAccounts: 'Нет подключенных Telegram аккаунтов',
} as const;

/** The list's status line: how many accounts are linked (Russian plural forms). */
export function linkedAccountsText(count: number): string {
  if (count === 0) return TELEGRAM_TEXT.noAccounts;
  const tens = count % 100;
  const ones = count % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'аккаунтов'
      : ones === 1
        ? 'аккаунт'
        : ones >= 2 && ones <= 4
          ? 'аккаунта'
          : 'аккаунтов';
  return `Подключено: ${count} ${word}`;
}

/**
 * GET get_tg_key: the key; the bot's username and deep link are null when no bot is configured or its Bot API
 * has not answered (our addition).
 */
export const telegramKeyResponse = z.object({
  connection_key: z.string(),
  /**
   * Whether this server runs a bot (TELEGRAM_BOT_TOKEN). A configured bot whose Bot API has not answered yet
   * has bot_configured true and bot_username null: Settings then says it is unreachable, not missing.
   */
  bot_configured: z.boolean(),
  bot_username: z.string().nullable(),
  deep_link: z.string().nullable(),
});
export type TelegramKeyResponse = z.infer<typeof telegramKeyResponse>;

export const telegramRefreshResponse = z.object({ connection_key: z.string(), message: z.string() });
export type TelegramRefreshResponse = z.infer<typeof telegramRefreshResponse>;

export const telegramAccountSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  telegram_name: z.string(),
  auth_date: z.string(),
});
export type TelegramAccount = z.infer<typeof telegramAccountSchema>;

export const telegramAccountsResponse = z.object({
  accounts: z.array(telegramAccountSchema),
  message: z.string(),
});
export type TelegramAccountsResponse = z.infer<typeof telegramAccountsResponse>;

/** PUT tg_action {telegram_id}: a number, or its digits as a string (Telegram ids exceed 32 bits). */
export const disconnectTelegramBody = z.object({
  telegram_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,16}$/)]).transform(Number),
});
export type DisconnectTelegramBody = z.input<typeof disconnectTelegramBody>;

export const telegramMessageResponse = z.object({ message: z.string() });
