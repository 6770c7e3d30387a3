// The fake Telegram Bot API of the e2e run (started by start-server.ts): a test plays a Telegram user
// writing to the bot, and reads what the bot answered or notified.
import { expect, type Page } from '@playwright/test';
import { E2E } from './env.ts';

export interface SentTelegramMessage {
  chatId: number;
  text: string;
  at: number;
}

/** A Telegram user (fromId, name) sends `text` to the bot, e.g. `/start <connection key>`. */
export async function sendToBot(fromId: number, text: string, name = 'E2E'): Promise<void> {
  const response = await fetch(`${E2E.telegramUrl}/__control/inject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from_id: fromId, name, text }),
  });
  if (!response.ok) throw new Error(`fake Telegram refused the message: ${response.status}`);
}

/** What the bot sent to a chat so far, oldest first. */
export async function botMessagesTo(chatId: number): Promise<SentTelegramMessage[]> {
  const response = await fetch(`${E2E.telegramUrl}/__control/sent?chat_id=${chatId}`);
  return ((await response.json()) as { sent: SentTelegramMessage[] }).sent;
}

/** Waits until the bot sent chatId a message containing `text`. */
export async function waitForBotMessage(chatId: number, text: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await botMessagesTo(chatId)).find((message) => message.text.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the bot sent ${chatId} no message containing “${text}”`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let nextTelegramUser = 8_000_000 + Math.floor(Math.random() * 1_000_000);

/**
 * Links a Telegram account to the signed-in user of `page` the way a person does: reads the connection key on
 * Settings → Connection and sends `/start <key>` to the bot. Returns the Telegram user id (its chat).
 */
export async function linkTelegram(page: Page, name = 'E2E'): Promise<number> {
  await page.goto('/settings#connection');
  const keyField = page.getByTestId('connection-key');
  await expect(keyField).not.toBeEmpty();
  const key = (await keyField.textContent())?.trim() ?? '';
  nextTelegramUser += 1;
  await sendToBot(nextTelegramUser, `/start ${key}`, name);
  await waitForBotMessage(nextTelegramUser, 'Аккаунт подключён');
  return nextTelegramUser;
}
