import { createHash, randomBytes } from 'node:crypto';
import { API } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedTerminal, isRoutable } from '../../../test/device-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { telegramNotifications, terminals, users } from '../../db/schema/index.ts';
import { moscowDateTime } from '../telegram/notification-texts.ts';
import { startOfflineNotice } from './offline-notice.ts';

// A fixed clock (every service's) that the tests move forward across TERMINAL_OFFLINE_AFTER_S (90 s).
let t: TestApp;
let clock = Date.UTC(2031, 0, 2, 3, 4, 5);
const OFFLINE_AFTER_MS = 90_000;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});

afterAll(async () => {
  await t?.close();
});

let telegramSeq = 700_000_000;

/** A trader with a linked Telegram account. */
async function linkedTrader(): Promise<string> {
  const { user } = await insertUser(t);
  const key = (await t.ctx.telegram.getKey(user.id)).connection_key;
  await t.ctx.telegram.linkByKey(key, { telegramId: ++telegramSeq, name: 'Трейдер' });
  return user.id;
}

/** The user's offline notices, oldest first. */
const notices = async (userId: string) =>
  (
    await t.database.db
      .select({ text: telegramNotifications.text })
      .from(telegramNotifications)
      .where(
        and(eq(telegramNotifications.userId, userId), eq(telegramNotifications.kind, 'terminal_offline')),
      )
      .orderBy(asc(telegramNotifications.id))
  ).map((row) => row.text);

/** A heartbeat through the device API, stamped with the clock. */
async function heartbeat(token: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.device.heartbeat}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    payload: { battery: 50 },
  });
  expect(response.statusCode).toBe(200);
}

/** A terminal paired through the device API that has sent one heartbeat now. */
async function heardTerminal(userId: string, name: string) {
  const terminal = await activatedTerminal(t, { userId, name, expiresAt: new Date(clock + 600_000) });
  await heartbeat(terminal.token);
  return terminal;
}

describe('terminal offline notice', () => {
  it('announces a terminal once when its heartbeat grows older than TERMINAL_OFFLINE_AFTER_S, never while online', async () => {
    const trader = await linkedTrader();
    await heardTerminal(trader, 'Касса');
    await t.ctx.terminals.announceOffline(100);
    clock += OFFLINE_AFTER_MS - 1_000;
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([]);
    clock += 1_000;
    await t.ctx.terminals.announceOffline(100);
    // 03:04 UTC is 06:04 in Moscow.
    expect(await notices(trader)).toEqual([
      'Терминал «Касса» не на связи: последний сигнал 02.01.2031 06:04 МСК',
    ]);
    clock += 3_600_000;
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toHaveLength(1);
  });

  it('announces again once a terminal came back (a newer heartbeat) and fell silent again', async () => {
    const trader = await linkedTrader();
    const terminal = await heardTerminal(trader, 'Второй');
    clock += OFFLINE_AFTER_MS + 1_000;
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toHaveLength(1);
    clock += 3_600_000;
    const back = new Date(clock);
    await heartbeat(terminal.token);
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toHaveLength(1);
    clock += OFFLINE_AFTER_MS + 1_000;
    await t.ctx.terminals.announceOffline(100);
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([
      expect.stringContaining('«Второй»'),
      `Терминал «Второй» не на связи: последний сигнал ${moscowDateTime(back)}`,
    ]);
  });

  it('does not announce disabled, deleted or never-heard terminals; an enabled-again silent one is', async () => {
    const trader = await linkedTrader();
    const disabled = await heardTerminal(trader, 'Выключен');
    const deleted = await heardTerminal(trader, 'Удалён');
    await activatedTerminal(t, { userId: trader, name: 'Молчит', expiresAt: new Date(clock + 600_000) });
    await t.database.db.update(terminals).set({ status: 'Disabled' }).where(eq(terminals.id, disabled.id));
    await t.database.db
      .update(terminals)
      .set({ deletedAt: new Date(clock) })
      .where(eq(terminals.id, deleted.id));
    clock += OFFLINE_AFTER_MS + 1_000;
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([]);
    // Enabled again while still silent: its offline period is news now (it gets no deals).
    await t.database.db.update(terminals).set({ status: 'Enabled' }).where(eq(terminals.id, disabled.id));
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([expect.stringContaining('«Выключен»')]);
  });

  it('writes nothing with notification_account off, and does not announce that silence later', async () => {
    const trader = await linkedTrader();
    await t.database.db.update(users).set({ notificationAccount: false }).where(eq(users.id, trader));
    await heardTerminal(trader, 'Тихий');
    clock += OFFLINE_AFTER_MS + 1_000;
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([]);
    await t.database.db.update(users).set({ notificationAccount: true }).where(eq(users.id, trader));
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([]);
  });

  it('announces each silence once when passes run at the same time (no lease)', async () => {
    const traders = await Promise.all([1, 2, 3].map(() => linkedTrader()));
    for (const [index, trader] of traders.entries()) {
      await heardTerminal(trader, `Параллельный ${index}-1`);
      await heardTerminal(trader, `Параллельный ${index}-2`);
    }
    clock += OFFLINE_AFTER_MS + 1_000;
    const claimed = await Promise.all([1, 2, 3, 4].map(() => t.ctx.terminals.announceOffline(2)));
    const more = await Promise.all([1, 2, 3, 4].map(() => t.ctx.terminals.announceOffline(100)));
    expect([...claimed, ...more].reduce((sum, count) => sum + count, 0)).toBe(6);
    for (const trader of traders) expect(await notices(trader)).toHaveLength(2);
  });

  it('two job instances: one announces, each silence exactly once', async () => {
    const trader = await linkedTrader();
    await heardTerminal(trader, 'Первый');
    clock += OFFLINE_AFTER_MS / 2;
    await heardTerminal(trader, 'Поздний');
    const options = { intervalMs: 10, firstTickAfterMs: 0 };
    const jobs = [
      startOfflineNotice(t.ctx, { ...options, holder: 'instance-a' }),
      startOfflineNotice(t.ctx, { ...options, holder: 'instance-b' }),
    ];
    try {
      clock += OFFLINE_AFTER_MS / 2 + 1_000;
      await until(async () => (await notices(trader)).length >= 1, 'the first notice');
      // Passes after the first notice ran by the time the later terminal's silence is told.
      clock += OFFLINE_AFTER_MS / 2;
      await until(async () => (await notices(trader)).length >= 2, 'the second notice');
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    const texts = await notices(trader);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('«Первый»');
    expect(texts[1]).toContain('«Поздний»');
  });

  it('treats a forwarder app’s terminal like any other: online from its URL’s heartbeats, announced when silent', async () => {
    const trader = await linkedTrader();
    const token = randomBytes(32).toString('base64url');
    const [row] = await t.database.db
      .insert(terminals)
      .values({
        userId: trader,
        name: 'MacroDroid',
        status: 'Enabled',
        app: 'automation',
        hookTokenHash: createHash('sha256').update(token).digest('hex'),
        activatedAt: new Date(clock),
      })
      .returning({ id: terminals.id });
    // Never heard from: offline, but there is no silence to announce yet.
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([]);
    const ping = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.device.hook(token)}?battery=33`,
    });
    expect(ping.json()).toEqual({ status: 'ping' });
    expect(await isRoutable(t, row!.id)).toBe(true);
    clock += OFFLINE_AFTER_MS;
    expect(await isRoutable(t, row!.id)).toBe(false);
    await t.ctx.terminals.announceOffline(100);
    expect(await notices(trader)).toEqual([
      `Терминал «MacroDroid» не на связи: последний сигнал ${moscowDateTime(new Date(clock - OFFLINE_AFTER_MS))}`,
    ]);
  });
});

/** Waits (polling, no fixed sleep) until a condition holds; fails after 10 s. */
async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
