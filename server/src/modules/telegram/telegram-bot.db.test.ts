import { API } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_BOT_TOKEN,
  FAKE_BOT_USERNAME,
  type FakeTelegram,
  startFakeTelegram,
} from '../../../test/fake-telegram.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import {
  createTestApp,
  type insertUser,
  signedInUser,
  signIn,
  type TestApp,
} from '../../../test/test-app.ts';
import { telegramAccounts, telegramNotifications, users } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/job.ts';
import { createNotificationsService } from './notifications.service.ts';
import { BOT_TEXT } from './telegram.service.ts';
import { startTelegramDelivery, startTelegramPolling } from './telegram-jobs.ts';

const HEALTH_TOKEN = 'health-token-for-telegram-tests';

let fake: FakeTelegram;
let t: TestApp;
const jobs: Job[] = [];

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
    TELEGRAM_API_ROOT: fake.url,
    TELEGRAM_POLL_TIMEOUT_S: '1',
    TELEGRAM_DEGRADED_AFTER_S: '1',
    HEALTH_TOKEN,
  });
  const ctx = { ...t.ctx, telegramBot: t.ctx.telegramBot! };
  jobs.push(startTelegramPolling(ctx), startTelegramDelivery(ctx, { intervalMs: 50 }));
});

afterAll(async () => {
  await Promise.all(jobs.map((job) => job.stop()));
  await t?.close();
  await fake?.close();
});

let telegramSeq = 500_000_000;
const nextTelegramId = () => ++telegramSeq;

async function keyOf(cookie: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${t.prefix}${API.telegram.key}`,
    headers: { cookie },
  });
  return response.json().connection_key as string;
}

/** A signed-in user with one Telegram account linked (through the bot service, no round trip). */
async function linkedUser(options: Parameters<typeof insertUser>[1] = {}) {
  const user = await signedInUser(t, options);
  const chatId = nextTelegramId();
  await t.ctx.telegram.linkByKey(await keyOf(user.cookie), { telegramId: chatId, name: 'Трейдер' });
  return { ...user, chatId };
}

const pendingRows = (userId: string) =>
  t.database.db.select().from(telegramNotifications).where(eq(telegramNotifications.userId, userId));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the bot (long polling against a fake Bot API)', () => {
  it('GET get_tg_key gives the bot’s username and deep link', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.telegram.key}`,
      headers: { cookie: user.cookie },
    });
    const body = response.json();
    expect(body.bot_configured).toBe(true);
    expect(body.bot_username).toBe(FAKE_BOT_USERNAME);
    expect(body.deep_link).toBe(`https://t.me/${FAKE_BOT_USERNAME}?start=${body.connection_key}`);
  });

  it('a configured bot whose Bot API does not answer: the key comes, configured, without username or link', async () => {
    // Port 9 (discard) refuses at once: getMe fails, as with Telegram unreachable.
    const unreachable = await createTestApp({
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    });
    try {
      const user = await signedInUser(unreachable);
      const response = await unreachable.app.inject({
        method: 'GET',
        url: `${unreachable.prefix}${API.telegram.key}`,
        headers: { cookie: user.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        connection_key: expect.any(String),
        bot_configured: true,
        bot_username: null,
        deep_link: null,
      });
    } finally {
      await unreachable.close();
    }
  });

  it('/start <key> links the account with its name; the key then links no one else, the renewed one does and the first account is told', async () => {
    const user = await signedInUser(t);
    const key = await keyOf(user.cookie);
    const first = nextTelegramId();
    const second = nextTelegramId();
    fake.injectMessage({ fromId: first, firstName: 'Иван', username: 'ivan_t', text: `/start ${key}` });
    await fake.waitForMessage(first, BOT_TEXT.linked);
    // The key linked once: the Settings page now shows another, and the used one links nothing.
    const renewed = await keyOf(user.cookie);
    expect(renewed).not.toBe(key);
    fake.injectMessage({ fromId: second, firstName: 'Пётр', text: `/start ${key}` });
    await fake.waitForMessage(second, BOT_TEXT.unknownKey);
    fake.injectMessage({ fromId: second, firstName: 'Пётр', text: `/start ${renewed}` });
    await fake.waitForMessage(second, BOT_TEXT.linked);
    const told = await fake.waitForMessage(first, 'подключён новый Telegram');
    expect(told.text).toBe(
      `К вашему аккаунту подключён новый Telegram: Пётр (ID ${second}). Если это не вы, отключите его в Настройках и смените пароль.`,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.telegram.accounts}`,
      headers: { cookie: user.cookie },
    });
    expect(list.json().accounts).toEqual([
      expect.objectContaining({ telegram_id: first, telegram_name: '@ivan_t' }),
      expect.objectContaining({ telegram_id: second, telegram_name: 'Пётр' }),
    ]);
    // The new account hears nothing about itself; the first account heard of it once.
    expect(fake.sent.filter((message) => message.chatId === second).map((message) => message.text)).toEqual([
      BOT_TEXT.unknownKey,
      BOT_TEXT.linked,
    ]);
    expect(
      fake.sent.filter((message) => message.chatId === first && message.text.includes('новый Telegram')),
    ).toHaveLength(1);
  });

  it('a wrong key links nothing and says so; /start alone explains where the key is', async () => {
    const chatId = nextTelegramId();
    fake.injectMessage({ fromId: chatId, text: '/start wrong-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    await fake.waitForMessage(chatId, BOT_TEXT.unknownKey);
    const rows = await t.database.db
      .select()
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramId, chatId));
    expect(rows).toEqual([]);
    fake.injectMessage({ fromId: chatId, text: '/start' });
    const explained = await fake.waitForMessage(chatId, 'Чтобы подключить');
    expect(explained.text).toBe(BOT_TEXT.startWithoutKey);
    fake.injectMessage({ fromId: chatId, text: '/help' });
    await fake.waitForMessage(chatId, '/status');
  });

  it('/status shows the balance, the rating and today’s deals to a linked account, and asks others to link', async () => {
    const merchant = await merchantWithKey(t);
    await setRate(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await t.ctx.rating.adjust({ traderId, pointsTenths: 25, reason: 'test', actor: 'test' });
    const [trader] = await t.database.db.select().from(users).where(eq(users.id, traderId));
    const cookie = await signIn(t, trader!.email, 'Str0ng!Pass');
    const chatId = nextTelegramId();
    await t.ctx.telegram.linkByKey(await keyOf(cookie), { telegramId: chatId, name: 'Трейдер' });
    expect((await postOrder(t, merchant.key, { amount: '1500.00' })).statusCode).toBe(201);
    fake.injectMessage({ fromId: chatId, text: '/status' });
    const status = await fake.waitForMessage(chatId, 'Баланс');
    expect(status.text).toContain('Баланс: $100.00');
    expect(status.text).toContain('Заморожено: $15.00');
    expect(status.text).toContain('Рейтинг: 75%');
    expect(status.text).toContain('Сделок сегодня: 1');
    const stranger = nextTelegramId();
    fake.injectMessage({ fromId: stranger, text: '/status' });
    await fake.waitForMessage(stranger, BOT_TEXT.notLinked);
  });
});

describe('several instances', () => {
  it('one polls (the lease): each update is answered once', async () => {
    const ctx = { ...t.ctx, telegramBot: t.ctx.telegramBot! };
    const second = startTelegramPolling(ctx, { holder: 'second-instance' });
    try {
      const chatId = nextTelegramId();
      for (let index = 0; index < 5; index++) fake.injectMessage({ fromId: chatId, text: '/help' });
      await until(() => fake.sent.filter((message) => message.chatId === chatId).length >= 5, 'five answers');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(fake.sent.filter((message) => message.chatId === chatId)).toHaveLength(5);
    } finally {
      await second.stop();
    }
  });
});

describe('notifications', () => {
  it('a new deal reaches the trader’s chat with amount, bank and method', async () => {
    const merchant = await merchantWithKey(t);
    await setRate(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const chatId = nextTelegramId();
    const [trader] = await t.database.db.select().from(users).where(eq(users.id, traderId));
    const cookie = await signIn(t, trader!.email, 'Str0ng!Pass');
    await t.ctx.telegram.linkByKey(await keyOf(cookie), { telegramId: chatId, name: 'Трейдер' });
    expect((await postOrder(t, merchant.key, { amount: '1500.00', payment_mode: 'sbp' })).statusCode).toBe(
      201,
    );
    const message = await fake.waitForMessage(chatId, 'Новая сделка');
    expect(message.text).toMatch(/^Новая сделка [0-9a-f]{8}: 1500\.00 ₽, Сбербанк, СБП$/);
  });

  it('a sign-in is told with its time and IP', async () => {
    const user = await linkedUser();
    await signIn(t, user.email, user.password);
    const message = await fake.waitForMessage(user.chatId, 'Вход в аккаунт');
    expect(message.text).toMatch(/^Вход в аккаунт: \d\d\.\d\d\.\d{4} \d\d:\d\d МСК, IP 127\.0\.0\.1$/);
  });

  it('the Settings switches are respected; disputes always go out', async () => {
    const user = await linkedUser();
    await t.database.db
      .update(users)
      .set({ notificationAccount: false, notificationPayments: false })
      .where(eq(users.id, user.user.id));
    await signIn(t, user.email, user.password);
    await t.database.db.transaction(async (tx) => {
      await t.ctx.notifications.notify(tx, user.user.id, {
        kind: 'deal_expired',
        dealId: '00000000-0000-0000-0000-000000000000',
        amountKopecks: 100_00n,
      });
      await t.ctx.notifications.notify(tx, user.user.id, { kind: 'dispute', text: 'Открыт спор' });
    });
    expect((await pendingRows(user.user.id)).map((row) => row.kind)).toEqual(['dispute']);
    await t.database.db.update(users).set({ notificationAccount: true }).where(eq(users.id, user.user.id));
    await signIn(t, user.email, user.password);
    expect((await pendingRows(user.user.id)).map((row) => row.kind).sort()).toEqual(['dispute', 'sign_in']);
  });

  it('a message rolled back with its event is never written', async () => {
    const user = await linkedUser();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.ctx.notifications.notify(tx, user.user.id, { kind: 'dispute', text: 'Откат' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await pendingRows(user.user.id)).toEqual([]);
  });

  it('a 429 with retry_after is honoured: the next attempt comes no sooner', async () => {
    const user = await linkedUser();
    fake.rateLimitNext(2);
    await t.database.db.transaction((tx) =>
      t.ctx.notifications.notify(tx, user.user.id, { kind: 'dispute', text: 'После паузы' }),
    );
    const delivered = await fake.waitForMessage(user.chatId, 'После паузы');
    const sends = fake.calls.filter(
      (call) => call.method === 'sendMessage' && call.payload.text === 'После паузы',
    );
    expect(sends).toHaveLength(2);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(2_000);
    expect(delivered.at).toBeGreaterThanOrEqual(sends[0]!.at + 2_000);
    // The fake answers before the delivery job records the send, so the row is marked a moment later.
    await expect
      .poll(async () => (await pendingRows(user.user.id))[0]?.sentAt ?? null, { timeout: 5_000 })
      .not.toBeNull();
  });

  it('a down Bot API delays notifications without failing or slowing the request; /health says degraded', async () => {
    const user = await linkedUser();
    fake.setMode('reset');
    try {
      const started = Date.now();
      const cookie = await signIn(t, user.email, user.password);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(cookie).toMatch(/^sid=/);
      await until(async () => ((await pendingRows(user.user.id))[0]?.attempts ?? 0) >= 1, 'a failed attempt');
      const [row] = await pendingRows(user.user.id);
      expect(row!.sentAt).toBeNull();
      expect(row!.lastError).toBeTruthy();
      await until(async () => {
        const health = await t.app.inject({
          method: 'GET',
          url: `${t.prefix}${API.health}`,
          headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
        });
        return health.json().components?.telegram?.degraded === true;
      }, 'telegram degraded in /health');
      fake.setMode('503');
      const during = await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.telegram.accounts}`,
        headers: { cookie },
      });
      expect(during.statusCode).toBe(200);
    } finally {
      fake.setMode('up');
    }
    await fake.waitForMessage(user.chatId, 'Вход в аккаунт', 20_000);
    // The fake has the message before the bot has its answer, and /health answers from its last pass of the
    // checks: the recovery shows within a pass or two, not at the instant of delivery.
    await until(async () => {
      const health = await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.health}`,
        headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
      });
      return health.json().components?.telegram?.degraded === undefined;
    }, 'telegram no longer degraded in /health');
  }, 45_000);

  it('two delivery instances send each message exactly once', async () => {
    const user = await linkedUser();
    const ctx = { ...t.ctx, telegramBot: t.ctx.telegramBot! };
    const extra = [
      startTelegramDelivery(ctx, { holder: 'second-instance', intervalMs: 10 }),
      startTelegramDelivery(ctx, { holder: 'third-instance', intervalMs: 10 }),
    ];
    // Two more outboxes claiming straight from the table (no lease at all): the claim alone must hold.
    const rivals = [1, 2].map(() => createNotificationsService({ database: t.database, log: t.ctx.log }));
    try {
      const texts = Array.from({ length: 40 }, (_, index) => `Сообщение ${index}`);
      await t.database.db.transaction(async (tx) => {
        for (const text of texts)
          await t.ctx.notifications.notify(tx, user.user.id, { kind: 'dispute', text });
      });
      const send = t.ctx.telegramBot!.send;
      await Promise.all([
        ...rivals.map((rival) => rival.deliverDue(send, 7)),
        rivals[0]!.deliverDue(send, 7),
      ]);
      await until(
        () => fake.sent.filter((message) => message.chatId === user.chatId).length >= texts.length,
        'every message',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const got = fake.sent
        .filter((message) => message.chatId === user.chatId)
        .map((message) => message.text);
      expect(got.sort()).toEqual([...texts].sort());
      const rows = await pendingRows(user.user.id);
      expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(extra.map((job) => job.stop()));
    }
  });
});
