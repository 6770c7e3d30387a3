// The fake Telegram Bot API of the e2e run (started by start-server.ts): a test plays a Telegram user
// writing to the bot, and reads what the bot answered or notified.
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
