import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activatedTerminal,
  DEVICE,
  devicePost,
  insertPendingTerminal,
  terminalRow,
} from '../../../test/device-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { idempotencyKeys, terminalNotifications, terminals } from '../../db/schema/index.ts';
import { createIdempotencyService } from '../idempotency/idempotency.service.ts';
import { createDeviceService } from './device.service.ts';
import type { ParsedNotification } from './parsers/index.ts';

// The parsers are another branch's work: here a text names its own outcome, so storage and answers can be
// checked for every kind (and a parser fault).
vi.mock('./parsers/index.ts', () => ({
  parseBankNotification: ({ text }: { text: string }): ParsedNotification => {
    if (text.startsWith('INCOMING'))
      return {
        kind: 'incoming',
        bank: 'sber',
        amount_kopecks: 150_050n,
        currency: 'RUB',
        balance_kopecks: 1_234_567n,
        card_last4: '1234',
        payer_name: 'Иван И.',
      };
    if (text.startsWith('IGNORED')) return { kind: 'ignored', bank: 'sber', reason: 'purchase' };
    if (text.startsWith('THROW')) throw new Error('parser bug');
    return { kind: 'unparsed' };
  },
}));

const PROBLEM_TYPE = /^application\/problem\+json/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const item = (id: string, text = 'text', extra: Record<string, unknown> = {}) => ({
  id,
  source: 'sms',
  sender: '900',
  text,
  received_at: '2026-11-23T15:02:11+03:00',
  ...extra,
});

async function storedNotifications(terminalId: string) {
  return t.database.db
    .select()
    .from(terminalNotifications)
    .where(eq(terminalNotifications.terminalId, terminalId))
    .orderBy(terminalNotifications.id);
}

describe('activate', () => {
  it('pairs a pending terminal once: token shown once and stored hashed, pairing key cleared', async () => {
    const pending = await insertPendingTerminal(t, { name: 'Касса' });
    const response = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: pending.authKey,
      device: DEVICE,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      terminal_id: pending.id,
      device_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'Касса',
      status: 'Enabled',
      poll_after_s: 30,
    });
    const row = await terminalRow(t, pending.id);
    expect(row).toMatchObject({
      status: 'Enabled',
      deviceTokenHash: sha256(body.device_token),
      pairingKeyHash: null,
      pairingExpiresAt: null,
      deviceModel: 'Pixel 8',
      deviceOs: 'Android 15',
      appVersion: '1.0.0',
    });
    expect(row.activatedAt).toBeInstanceOf(Date);
    const heartbeat = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 50 },
      { token: body.device_token },
    );
    expect(heartbeat.statusCode).toBe(200);
  });

  it('refuses a wrong, expired or used key, or a deleted terminal, with 401 and changes nothing', async () => {
    const pending = await insertPendingTerminal(t);
    const before = await terminalRow(t, pending.id);
    const wrong = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: `${pending.authKey}x`,
      device: DEVICE,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(wrong.json()).toMatchObject({ status: 401, type: 'urn:processing:problem:unauthorized' });
    expect(await terminalRow(t, pending.id)).toEqual(before);

    const expired = await insertPendingTerminal(t, { expiresAt: new Date(Date.now() - 1000) });
    const late = await devicePost(t, API.device.activate, {
      terminal_id: expired.id,
      auth_key: expired.authKey,
      device: DEVICE,
    });
    expect(late.statusCode).toBe(401);
    expect((await terminalRow(t, expired.id)).status).toBe('pending');

    const first = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: pending.authKey,
      device: DEVICE,
    });
    expect(first.statusCode).toBe(200);
    const activated = await terminalRow(t, pending.id);
    const reused = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: pending.authKey,
      device: { ...DEVICE, model: 'Attacker' },
    });
    expect(reused.statusCode).toBe(401);
    expect(await terminalRow(t, pending.id)).toEqual(activated);

    const deleted = await insertPendingTerminal(t);
    await t.database.db.update(terminals).set({ deletedAt: new Date() }).where(eq(terminals.id, deleted.id));
    const gone = await devicePost(t, API.device.activate, {
      terminal_id: deleted.id,
      auth_key: deleted.authKey,
      device: DEVICE,
    });
    expect(gone.statusCode).toBe(401);
    expect((await terminalRow(t, deleted.id)).deviceTokenHash).toBeNull();
  });

  it('lets exactly one of several parallel activations with the same key win', async () => {
    const pending = await insertPendingTerminal(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        devicePost(t, API.device.activate, {
          terminal_id: pending.id,
          auth_key: pending.authKey,
          device: { ...DEVICE, model: `Phone ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const row = await terminalRow(t, pending.id);
    expect(row.deviceTokenHash).toBe(sha256(winner.device_token));
  });

  it('is limited per IP', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const attempt = () =>
        devicePost(limited, API.device.activate, {
          terminal_id: randomUUID(),
          auth_key: 'guess',
          device: DEVICE,
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({ status: 429, type: 'urn:processing:problem:rate-limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('device authentication and isolation', () => {
  it('answers 401 for a missing, malformed or unknown token, before reading the body', async () => {
    const cases = [undefined, 'Basic abc', 'Bearer', `Bearer ${'a'.repeat(43)}`, 'Bearer not a token'];
    for (const authorization of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.device.heartbeat}`,
        headers: {
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        // Not JSON: a 401 (not a 400) shows the token was checked before the body was parsed.
        payload: '{not json',
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({
        type: 'urn:processing:problem:unauthorized',
        title: 'Требуется авторизация',
        status: 401,
        detail: 'Требуется авторизация',
      });
    }
  });

  it("keeps terminals apart: A's token acts only on A, and device ids are per terminal", async () => {
    const a = await activatedTerminal(t);
    const b = await activatedTerminal(t);
    const bBefore = await terminalRow(t, b.id);
    expect((await devicePost(t, API.device.heartbeat, { battery: 77 }, { token: a.token })).statusCode).toBe(
      200,
    );
    expect((await devicePost(t, API.device.status, { enabled: false }, { token: a.token })).statusCode).toBe(
      200,
    );
    expect((await terminalRow(t, a.id)).phoneCharge).toBe(77);
    expect(await terminalRow(t, b.id)).toEqual(bBefore);

    const fromA = await devicePost(
      t,
      API.device.notifications,
      { items: [item('same-id')] },
      { token: a.token },
    );
    expect(fromA.json().results).toEqual([{ id: 'same-id', status: 'unmatched' }]);
    const fromB = await devicePost(
      t,
      API.device.notifications,
      { items: [item('same-id')] },
      { token: b.token },
    );
    expect(fromB.json().results).toEqual([{ id: 'same-id', status: 'unmatched' }]);
    expect(await storedNotifications(a.id)).toHaveLength(1);
    expect(await storedNotifications(b.id)).toHaveLength(1);

    // The same Idempotency-Key from two terminals is two keys: B does not get A's answer.
    const key = randomUUID();
    const heartbeatA = await devicePost(t, API.device.heartbeat, { battery: 10 }, { token: a.token, key });
    const heartbeatB = await devicePost(t, API.device.heartbeat, { battery: 10 }, { token: b.token, key });
    expect(heartbeatA.json().status).toBe('Disabled');
    expect(heartbeatB.json().status).toBe('Enabled');
    expect(heartbeatB.headers['idempotent-replayed']).toBeUndefined();
  });

  it("refuses a deleted terminal's token", async () => {
    const terminal = await activatedTerminal(t);
    await t.database.db
      .update(terminals)
      .set({ deletedAt: new Date(), deviceTokenHash: null })
      .where(eq(terminals.id, terminal.id));
    const response = await devicePost(t, API.device.heartbeat, { battery: 5 }, { token: terminal.token });
    expect(response.statusCode).toBe(401);
    const notify = await devicePost(
      t,
      API.device.notifications,
      { items: [item('x')] },
      { token: terminal.token },
    );
    expect(notify.statusCode).toBe(401);
    expect(await storedNotifications(terminal.id)).toHaveLength(0);
  });
});

describe('heartbeat and status', () => {
  it('records the charge, charging, network and version; a field left out keeps its value', async () => {
    const terminal = await activatedTerminal(t);
    const response = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 64, charging: true, network: 'wifi', app_version: '1.0.1' },
      { token: terminal.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'Enabled',
      server_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      poll_after_s: 30,
    });
    expect(await terminalRow(t, terminal.id)).toMatchObject({
      phoneCharge: 64,
      charging: true,
      network: 'wifi',
      appVersion: '1.0.1',
    });
    await devicePost(t, API.device.heartbeat, { battery: 63 }, { token: terminal.token });
    expect(await terminalRow(t, terminal.id)).toMatchObject({
      phoneCharge: 63,
      charging: true,
      network: 'wifi',
    });
    const invalid = await devicePost(t, API.device.heartbeat, { battery: 101 }, { token: terminal.token });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ pointer: '/battery', detail: expect.any(String) }]);
  });

  it('stamps last_ping and server_time with the context clock', async () => {
    const terminal = await activatedTerminal(t);
    const fixed = new Date('2031-01-02T03:04:05.000Z');
    const service = createDeviceService({
      database: t.database,
      log: pino({ level: 'silent' }),
      heartbeatSeconds: 45,
      matchIncoming: t.ctx.orders.matchIncomingNotification,
      now: () => fixed,
    });
    const authenticated = await service.authenticate(terminal.token);
    expect(authenticated).toMatchObject({ id: terminal.id, status: 'Enabled' });
    const answer = await service.heartbeat(authenticated!, { battery: 20 });
    expect(answer).toEqual({ status: 'Enabled', server_time: fixed.toISOString(), poll_after_s: 45 });
    expect((await terminalRow(t, terminal.id)).lastPing).toEqual(fixed);
  });

  it('lets the device pause and resume itself', async () => {
    const terminal = await activatedTerminal(t);
    const paused = await devicePost(t, API.device.status, { enabled: false }, { token: terminal.token });
    expect(paused.json()).toEqual({ status: 'Disabled' });
    expect((await terminalRow(t, terminal.id)).status).toBe('Disabled');
    // A paused terminal still reports in (it stays online, it just gets no deals).
    const beat = await devicePost(t, API.device.heartbeat, { battery: 40 }, { token: terminal.token });
    expect(beat.json().status).toBe('Disabled');
    const resumed = await devicePost(t, API.device.status, { enabled: true }, { token: terminal.token });
    expect(resumed.json()).toEqual({ status: 'Enabled' });
    expect((await terminalRow(t, terminal.id)).status).toBe('Enabled');
  });
});

describe('notifications', () => {
  it('stores each notification with its parse outcome and answers per item', async () => {
    const terminal = await activatedTerminal(t);
    const response = await devicePost(
      t,
      API.device.notifications,
      {
        items: [
          item('n1', 'INCOMING перевод 1500,50р'),
          item('n2', 'IGNORED покупка', { source: 'push', sender: 'ru.sberbankmobile', title: 'СберБанк' }),
          item('n3', 'что-то непонятное'),
          item('n4', 'THROW'),
        ],
      },
      { token: terminal.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: 'n1', status: 'unmatched' },
      { id: 'n2', status: 'ignored' },
      { id: 'n3', status: 'unmatched' },
      { id: 'n4', status: 'unmatched' },
    ]);
    const rows = await storedNotifications(terminal.id);
    expect(rows.map((row) => [row.deviceItemId, row.parseOutcome, row.result])).toEqual([
      ['n1', 'incoming', 'unmatched'],
      ['n2', 'ignored', 'ignored'],
      ['n3', 'unparsed', 'unmatched'],
      ['n4', 'unparsed', 'unmatched'],
    ]);
    expect(rows[0]).toMatchObject({
      bank: 'sber',
      amountKopecks: 150_050n,
      currency: 'RUB',
      balanceKopecks: 1_234_567n,
      cardLast4: '1234',
      payerName: 'Иван И.',
      sender: '900',
      source: 'sms',
      body: 'INCOMING перевод 1500,50р',
      receivedAt: new Date('2026-11-23T12:02:11Z'),
      dealId: null,
    });
    expect(rows[1]).toMatchObject({
      source: 'push',
      sender: 'ru.sberbankmobile',
      title: 'СберБанк',
      bank: 'sber',
    });
    expect(rows[1]!.amountKopecks).toBeNull();
  });

  it('stores an id once: a resent id and a repeat within a batch are duplicates', async () => {
    const terminal = await activatedTerminal(t);
    const first = await devicePost(
      t,
      API.device.notifications,
      { items: [item('a', 'INCOMING 1'), item('b', 'IGNORED 2'), item('a', 'INCOMING other text')] },
      { token: terminal.token },
    );
    expect(first.json().results).toEqual([
      { id: 'a', status: 'unmatched' },
      { id: 'b', status: 'ignored' },
      { id: 'a', status: 'duplicate' },
    ]);
    // A device that lost the answer resends with a new Idempotency-Key: the same ids are duplicates.
    const resent = await devicePost(
      t,
      API.device.notifications,
      { items: [item('b', 'IGNORED 2'), item('c', 'new one'), item('a', 'INCOMING 1')] },
      { token: terminal.token },
    );
    expect(resent.json().results).toEqual([
      { id: 'b', status: 'duplicate' },
      { id: 'c', status: 'unmatched' },
      { id: 'a', status: 'duplicate' },
    ]);
    const rows = await storedNotifications(terminal.id);
    expect(rows.map((row) => [row.deviceItemId, row.body])).toEqual([
      ['a', 'INCOMING 1'],
      ['b', 'IGNORED 2'],
      ['c', 'new one'],
    ]);
  });

  it('refuses over 100 items, a text over 4096 bytes or a bad source, naming the item; nothing is stored', async () => {
    const terminal = await activatedTerminal(t);
    const post = (items: unknown[]) =>
      devicePost(t, API.device.notifications, { items }, { token: terminal.token });

    const tooMany = await post(Array.from({ length: 101 }, (_, index) => item(`m${index}`)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(tooMany.json()).toMatchObject({
      type: 'urn:processing:problem:validation',
      status: 400,
      errors: [{ pointer: '/items' }],
    });

    // 2049 Cyrillic letters are 4098 bytes: one character count would pass, the byte count does not.
    const long = await post([item('ok'), item('long', 'Ж'.repeat(2049))]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { pointer: '/items/1/text', detail: expect.stringContaining('4096') },
    ]);
    expect(long.json().detail).toContain('/items/1/text');

    const badSource = await post([item('s', 'x', { source: 'email' })]);
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().errors).toEqual([{ pointer: '/items/0/source', detail: expect.any(String) }]);

    expect(await storedNotifications(terminal.id)).toHaveLength(0);

    // Exactly 4096 bytes and a full batch are fine.
    const full = await post(Array.from({ length: 100 }, (_, index) => item(`f${index}`, 'Ж'.repeat(2048))));
    expect(full.statusCode).toBe(200);
    expect(full.json().results).toHaveLength(100);
  });

  it('answers 413 as a problem for a body beyond the batch limit', async () => {
    const terminal = await activatedTerminal(t);
    const response = await devicePost(
      t,
      API.device.notifications,
      { items: [item('big', 'x'.repeat(800_000))] },
      { token: terminal.token },
    );
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(response.json()).toMatchObject({ status: 413, type: 'urn:processing:problem:payload-too-large' });
    const heartbeat = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 1, network: 'x'.repeat(20_000) },
      { token: terminal.token },
    );
    expect(heartbeat.statusCode).toBe(413);
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for the same key and body, refuses another body with 422', async () => {
    const terminal = await activatedTerminal(t);
    const key = randomUUID();
    const body = { items: [item('i1', 'INCOMING'), item('i2', 'IGNORED')] };
    const first = await devicePost(t, API.device.notifications, body, { token: terminal.token, key });
    expect(first.statusCode).toBe(200);
    const again = await devicePost(t, API.device.notifications, body, { token: terminal.token, key });
    expect(again.statusCode).toBe(200);
    // The first answer, not "duplicate": the retry learns what happened the first time.
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const other = await devicePost(
      t,
      API.device.notifications,
      { items: [item('i3')] },
      { token: terminal.token, key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      status: 422,
      type: 'urn:processing:problem:idempotency-key-reused',
    });
    // The same key on another path is another request too.
    const otherPath = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 3 },
      { token: terminal.token, key },
    );
    expect(otherPath.statusCode).toBe(422);
    expect(await storedNotifications(terminal.id)).toHaveLength(2);
    expect((await terminalRow(t, terminal.id)).phoneCharge).toBeNull();
  });

  it('stores the answer itself, not the compressed bytes a client asked for', async () => {
    const terminal = await activatedTerminal(t);
    const key = randomUUID();
    const body = { items: Array.from({ length: 40 }, (_, index) => item(`z${index}`, 'IGNORED')) };
    const first = await devicePost(t, API.device.notifications, body, {
      token: terminal.token,
      key,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await devicePost(t, API.device.notifications, body, { token: terminal.token, key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().results).toHaveLength(40);
    expect(again.json().results[0]).toEqual({ id: 'z0', status: 'ignored' });
  });

  it('replays refusals too: a used pairing key answers the same 401 for the same request', async () => {
    const pending = await insertPendingTerminal(t);
    const key = randomUUID();
    const body = { terminal_id: pending.id, auth_key: 'wrong', device: DEVICE };
    const first = await devicePost(t, API.device.activate, body, { key });
    const second = await devicePost(t, API.device.activate, body, { key });
    expect(first.statusCode).toBe(401);
    expect(second.statusCode).toBe(401);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(PROBLEM_TYPE);
  });

  it('answers 409 while the first request with the key is in flight', async () => {
    const terminal = await activatedTerminal(t);
    const key = randomUUID();
    const body = { battery: 12 };
    const claimed = await t.ctx.idempotency.begin({
      scope: `device:${terminal.id}`,
      key,
      method: 'POST',
      path: `${t.prefix}${API.device.heartbeat}`,
      body,
    });
    expect(claimed).toEqual({ kind: 'new' });
    const response = await devicePost(t, API.device.heartbeat, body, { token: terminal.token, key });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ type: 'urn:processing:problem:idempotency-key-in-use' });
    expect((await terminalRow(t, terminal.id)).phoneCharge).toBeNull();
  });

  it('requires the header on every POST', async () => {
    const terminal = await activatedTerminal(t);
    for (const key of [undefined, '', 'with space', 'x'.repeat(256)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.device.heartbeat}`,
        headers: {
          authorization: `Bearer ${terminal.token}`,
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        payload: { battery: 50 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'urn:processing:problem:idempotency-key-missing' });
    }
    expect((await terminalRow(t, terminal.id)).phoneCharge).toBeNull();
  });

  it('takes over a stale claim and deletes keys after a day', async () => {
    const base = Date.parse('2030-05-05T10:00:00Z');
    let clock = base;
    const service = createIdempotencyService({ database: t.database, now: () => new Date(clock) });
    const request = {
      scope: `test:${randomUUID()}`,
      key: 'k',
      method: 'POST',
      path: '/x',
      body: { a: 1, b: 2 },
    };
    expect(await service.begin(request)).toEqual({ kind: 'new' });
    // Key order does not change the body's identity.
    expect(await service.begin({ ...request, body: { b: 2, a: 1 } })).toEqual({ kind: 'in-flight' });
    clock = base + 6 * 60_000;
    expect(await service.begin(request)).toEqual({ kind: 'new' });
    await service.complete(request.scope, 'k', { statusCode: 200, body: '{"ok":true}', headers: {} });
    expect(await service.begin(request)).toMatchObject({
      kind: 'replay',
      statusCode: 200,
      body: '{"ok":true}',
    });

    const keysOf = () =>
      t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, request.scope));
    clock = base + 6 * 60_000 + 23 * 3_600_000;
    await service.purgeExpired();
    expect(await keysOf()).toHaveLength(1);
    clock = base + 6 * 60_000 + 24 * 3_600_000 + 1;
    expect(await service.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await keysOf()).toHaveLength(0);
  });
});

describe('rate limit per terminal', () => {
  it('refuses past the limit with 429 and Retry-After, changes nothing, and counts each terminal apart', async () => {
    const limited = await createTestApp({ DEVICE_RATE_LIMIT_PER_MIN: '3' });
    try {
      const a = await activatedTerminal(limited);
      const b = await activatedTerminal(limited);
      for (const battery of [90, 89, 88]) {
        // A client-chosen forwarding address does not give it another bucket.
        const response = await devicePost(
          limited,
          API.device.heartbeat,
          { battery },
          { token: a.token, headers: { 'x-forwarded-for': `10.0.0.${battery}` } },
        );
        expect(response.statusCode).toBe(200);
      }
      const refused = await devicePost(limited, API.device.heartbeat, { battery: 10 }, { token: a.token });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-type']).toMatch(PROBLEM_TYPE);
      expect(refused.json()).toMatchObject({ status: 429, type: 'urn:processing:problem:rate-limited' });
      expect((await terminalRow(limited, a.id)).phoneCharge).toBe(88);
      const notify = await devicePost(
        limited,
        API.device.notifications,
        { items: [item('r')] },
        { token: a.token },
      );
      expect(notify.statusCode).toBe(429);
      const keys = await limited.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.scope, `device:${a.id}`));
      expect(keys).toHaveLength(3);
      expect(
        (await devicePost(limited, API.device.heartbeat, { battery: 70 }, { token: b.token })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('problem details', () => {
  it('answers bad JSON, a wrong media type and an unknown device path as problems', async () => {
    const terminal = await activatedTerminal(t);
    const headers = { authorization: `Bearer ${terminal.token}`, 'idempotency-key': randomUUID() };
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.device.heartbeat}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"battery": 5',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(badJson.json()).toEqual({
      type: 'urn:processing:problem:invalid-json',
      title: 'Тело запроса не является корректным JSON',
      status: 400,
      detail: 'Тело запроса не является корректным JSON',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.device.heartbeat}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'battery=5',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ status: 415, type: 'urn:processing:problem:unsupported-media-type' });
    const unknown = await t.app.inject({ method: 'GET', url: `${t.prefix}/device/v1/nothing-here` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(unknown.json()).toMatchObject({ status: 404, type: 'urn:processing:problem:not-found' });
    // The web app's own API keeps its spec §8 bodies.
    const spec = await t.app.inject({ method: 'GET', url: `${t.prefix}/nothing-here/` });
    expect(spec.json()).toEqual({ detail: 'Не найдено' });
  });

  it('serves the OpenAPI document of the device API without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.device.openapi}` });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(`http://app.test${t.prefix}`);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([API.device.activate, API.device.heartbeat, API.device.notifications]),
    );
  });
});
