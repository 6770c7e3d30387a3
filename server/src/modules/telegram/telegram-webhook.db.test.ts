import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { BOT_TEXT } from './telegram.service.ts';
import { startTelegramWebhookSetup, TELEGRAM_WEBHOOK_SETUP } from './telegram-jobs.ts';

const SECRET = 'webhook-secret-for-tests_0123456789';
const HOOK_URL = 'https://bot.example.test/backend/telegram/webhook/';

let fake: FakeTelegram;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
    TELEGRAM_API_ROOT: fake.url,
    TELEGRAM_WEBHOOK_URL: HOOK_URL,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const update = (updateId: number, fromId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: 'private', first_name: 'Вебхук' },
    from: { id: fromId, is_bot: false, first_name: 'Вебхук' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
  },
});

const postUpdate = (body: unknown, secret?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.telegram.webhook}`,
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: body as Record<string, unknown>,
  });

describe('webhook mode', () => {
  it('registers the webhook with its secret token on one instance', async () => {
    const job = startTelegramWebhookSetup({ ...t.ctx, telegramBot: t.ctx.telegramBot! });
    try {
      const deadline = Date.now() + 10_000;
      while (!fake.calls.some((call) => call.method === 'setWebhook') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await job.stop();
    }
    const call = fake.calls.find((entry) => entry.method === 'setWebhook');
    expect(call?.payload).toMatchObject({ url: HOOK_URL, secret_token: SECRET });
    expect(job.name).toBe(TELEGRAM_WEBHOOK_SETUP);
  });

  it('refuses an update without the right secret; with it, /start <key> links and the bot answers', async () => {
    const user = await signedInUser(t);
    const key = (
      await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.telegram.key}`,
        headers: { cookie: user.cookie },
      })
    ).json().connection_key as string;
    const chatId = 900_000_001;
    expect((await postUpdate(update(1, chatId, `/start ${key}`))).statusCode).toBe(401);
    expect(
      (await postUpdate(update(1, chatId, `/start ${key}`), 'wrong-secret-wrong-secret')).statusCode,
    ).toBe(401);
    expect(fake.sent).toEqual([]);
    const accepted = await postUpdate(update(2, chatId, `/start ${key}`), SECRET);
    expect(accepted.statusCode).toBe(200);
    await fake.waitForMessage(chatId, BOT_TEXT.linked);
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.telegram.accounts}`,
      headers: { cookie: user.cookie },
    });
    expect(list.json().accounts).toEqual([
      expect.objectContaining({ telegram_id: chatId, telegram_name: 'Вебхук' }),
    ]);
  });
});
