import { API, TELEGRAM_TEXT } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { telegramAccounts, telegramNotifications, users } from '../../db/schema/index.ts';
import { BOT_TEXT } from './telegram.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let telegramSeq = 700_000_000_000;
const nextTelegramId = () => ++telegramSeq;

function call(method: 'GET' | 'POST' | 'PUT', path: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function keyOf(cookie: string): Promise<string> {
  const response = await call('GET', API.telegram.key, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().connection_key as string;
}

/**
 * A signed-in user with `count` Telegram accounts linked through the bot's /start logic, each with the key
 * the Settings page shows at the time (a key links once); `key` is the current one.
 */
async function userWithAccounts(count: number) {
  const user = await signedInUser(t);
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const telegramId = nextTelegramId();
    expect(
      await t.ctx.telegram.linkByKey(await keyOf(user.cookie), { telegramId, name: `Аккаунт ${index}` }),
    ).toBe(BOT_TEXT.linked);
    ids.push(telegramId);
  }
  return { ...user, key: await keyOf(user.cookie), ids };
}

describe('the connection key', () => {
  it('is made on the first GET, long and random, then stays the same; no bot: no username or link', async () => {
    const user = await signedInUser(t);
    const first = await call('GET', API.telegram.key, user.cookie);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      connection_key: expect.any(String),
      bot_configured: false,
      bot_username: null,
      deep_link: null,
    });
    expect(body.connection_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyOf(user.cookie)).toBe(body.connection_key);
    const other = await signedInUser(t);
    expect(await keyOf(other.cookie)).not.toBe(body.connection_key);
  });

  it('two first GETs at once agree on one key', async () => {
    const user = await signedInUser(t);
    const [a, b] = await Promise.all([keyOf(user.cookie), keyOf(user.cookie)]);
    expect(a).toBe(b);
  });

  it('refresh gives a new key, disconnects every account and drops their unsent messages', async () => {
    const user = await userWithAccounts(2);
    await t.database.db.transaction((tx) =>
      t.ctx.notifications.notify(tx, user.user.id, { kind: 'dispute', text: 'Спор' }),
    );
    const refreshed = await call('POST', API.telegram.refreshKey, user.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({
      connection_key: expect.any(String),
      message: 'Ключ успешно обновлен! Все аккаунты отключены.',
    });
    expect(refreshed.json().connection_key).not.toBe(user.key);
    expect(await keyOf(user.cookie)).toBe(refreshed.json().connection_key);
    const list = await call('GET', API.telegram.accounts, user.cookie);
    expect(list.json()).toEqual({ accounts: [], message: TELEGRAM_TEXT.noAccounts });
    const pending = await t.database.db
      .select()
      .from(telegramNotifications)
      .where(eq(telegramNotifications.userId, user.user.id));
    expect(pending).toEqual([]);
    // The old key links nothing any more; the new one does.
    expect(await t.ctx.telegram.linkByKey(user.key, { telegramId: nextTelegramId(), name: 'x' })).toBe(
      BOT_TEXT.unknownKey,
    );
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.telegram.key}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('linked accounts', () => {
  it('lists the user’s accounts with id, telegram_id, telegram_name, auth_date and a status line', async () => {
    const user = await userWithAccounts(2);
    const response = await call('GET', API.telegram.accounts, user.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Подключено: 2 аккаунта');
    expect(body.accounts).toEqual([
      {
        id: expect.any(Number),
        telegram_id: user.ids[0],
        telegram_name: 'Аккаунт 0',
        auth_date: expect.any(String),
      },
      {
        id: expect.any(Number),
        telegram_id: user.ids[1],
        telegram_name: 'Аккаунт 1',
        auth_date: expect.any(String),
      },
    ]);
    expect(Number.isNaN(Date.parse(body.accounts[0].auth_date))).toBe(false);
  });

  it('linking the same account again changes nothing, the key included', async () => {
    const user = await userWithAccounts(1);
    expect(await t.ctx.telegram.linkByKey(user.key, { telegramId: user.ids[0]!, name: 'Другое имя' })).toBe(
      BOT_TEXT.alreadyLinked,
    );
    const body = (await call('GET', API.telegram.accounts, user.cookie)).json();
    expect(body.accounts).toHaveLength(1);
    expect(body.accounts[0].telegram_name).toBe('Аккаунт 0');
    expect(await keyOf(user.cookie)).toBe(user.key);
  });

  it('disconnects one account (number or digits), but never the last one', async () => {
    const user = await userWithAccounts(3);
    const first = await call('PUT', API.telegram.accounts, user.cookie, { telegram_id: user.ids[0] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Операция успешно выполнена' });
    const second = await call('PUT', API.telegram.accounts, user.cookie, {
      telegram_id: String(user.ids[1]),
    });
    expect(second.statusCode).toBe(200);
    const last = await call('PUT', API.telegram.accounts, user.cookie, { telegram_id: user.ids[2] });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ detail: 'Невозможно отключить последний аккаунт' });
    const body = (await call('GET', API.telegram.accounts, user.cookie)).json();
    expect(body.accounts.map((account: { telegram_id: number }) => account.telegram_id)).toEqual([
      user.ids[2],
    ]);
    expect(body.message).toBe('Подключено: 1 аккаунт');
  });

  it('an unknown id is 404 {detail}; a malformed body is 400 {detail}', async () => {
    const user = await userWithAccounts(2);
    const unknown = await call('PUT', API.telegram.accounts, user.cookie, { telegram_id: nextTelegramId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: TELEGRAM_TEXT.accountNotFound });
    const malformed = await call('PUT', API.telegram.accounts, user.cookie, { telegram_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().detail).toBe('string');
  });

  it('another user’s account is untouchable (404) and stays linked', async () => {
    const owner = await userWithAccounts(2);
    const intruder = await userWithAccounts(2);
    const response = await call('PUT', API.telegram.accounts, intruder.cookie, { telegram_id: owner.ids[0] });
    expect(response.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(telegramAccounts)
      .where(eq(telegramAccounts.userId, owner.user.id));
    expect(rows).toHaveLength(2);
  });

  it('two parallel disconnects of the last two accounts leave one', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await userWithAccounts(2);
      const answers = await Promise.all(
        user.ids.map((telegramId) =>
          call('PUT', API.telegram.accounts, user.cookie, { telegram_id: telegramId }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const rows = await t.database.db
        .select()
        .from(telegramAccounts)
        .where(eq(telegramAccounts.userId, user.user.id));
      expect(rows).toHaveLength(1);
    }
  });
});

describe('linking with the key', () => {
  const rowsOf = (userId: string) =>
    t.database.db.select().from(telegramNotifications).where(eq(telegramNotifications.userId, userId));
  const linkedIds = async (userId: string) =>
    (await t.database.db.select().from(telegramAccounts).where(eq(telegramAccounts.userId, userId))).map(
      (row) => row.telegramId,
    );

  it('a new account is told to every account linked before, in the link’s transaction, never to itself', async () => {
    const user = await userWithAccounts(2);
    // Linking the second account told the first one.
    expect((await rowsOf(user.user.id)).map((row) => [row.chatId, row.kind])).toEqual([
      [user.ids[0], 'telegram_linked'],
    ]);
    await t.database.db.delete(telegramNotifications).where(eq(telegramNotifications.userId, user.user.id));
    const stranger = nextTelegramId();
    expect(await t.ctx.telegram.linkByKey(user.key, { telegramId: stranger, name: '@mallory' })).toBe(
      BOT_TEXT.linked,
    );
    const rows = await rowsOf(user.user.id);
    const text = `К вашему аккаунту подключён новый Telegram: @mallory (ID ${stranger}). Если это не вы, отключите его в Настройках и смените пароль.`;
    expect(rows.map((row) => ({ chatId: row.chatId, kind: row.kind, text: row.text }))).toEqual(
      expect.arrayContaining(user.ids.map((chatId) => ({ chatId, kind: 'telegram_linked', text }))),
    );
    expect(rows).toHaveLength(2);
  });

  it('the first account is told nothing (no one was linked before); the account switch off tells no one', async () => {
    const first = await userWithAccounts(1);
    expect(await rowsOf(first.user.id)).toEqual([]);
    await t.database.db.update(users).set({ notificationAccount: false }).where(eq(users.id, first.user.id));
    expect(await t.ctx.telegram.linkByKey(first.key, { telegramId: nextTelegramId(), name: 'Второй' })).toBe(
      BOT_TEXT.linked,
    );
    expect(await rowsOf(first.user.id)).toEqual([]);
  });

  it('a key links once: it is renewed by the link, and the used key links no other account', async () => {
    const user = await userWithAccounts(1);
    const used = user.key;
    expect(await t.ctx.telegram.linkByKey(used, { telegramId: nextTelegramId(), name: 'Второй' })).toBe(
      BOT_TEXT.linked,
    );
    const renewed = await keyOf(user.cookie);
    expect(renewed).not.toBe(used);
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const late = nextTelegramId();
    expect(await t.ctx.telegram.linkByKey(used, { telegramId: late, name: 'Третий' })).toBe(
      BOT_TEXT.unknownKey,
    );
    expect(await linkedIds(user.user.id)).not.toContain(late);
    expect(await t.ctx.telegram.linkByKey(renewed, { telegramId: late, name: 'Третий' })).toBe(
      BOT_TEXT.linked,
    );
  });

  it('of many chats sending the same key at once, exactly one links', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await userWithAccounts(1);
      const chats = Array.from({ length: 6 }, () => nextTelegramId());
      const replies = await Promise.all(
        chats.map((telegramId) => t.ctx.telegram.linkByKey(user.key, { telegramId, name: 'Гонка' })),
      );
      expect(replies.filter((reply) => reply === BOT_TEXT.linked)).toHaveLength(1);
      expect(replies.filter((reply) => reply === BOT_TEXT.unknownKey)).toHaveLength(5);
      const winner = chats[replies.indexOf(BOT_TEXT.linked)]!;
      expect((await linkedIds(user.user.id)).sort()).toEqual([...user.ids, winner].sort());
      expect((await rowsOf(user.user.id)).map((row) => row.chatId)).toEqual(user.ids);
      expect(await keyOf(user.cookie)).not.toBe(user.key);
    }
  });
});
