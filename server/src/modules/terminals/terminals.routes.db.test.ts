import { randomBytes } from 'node:crypto';
import { HTTP_ERROR_TEXT, PAIRING_TTL_MS, TERMINAL_MESSAGES } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRoutable } from '../../../test/device-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { selectRow } from '../../db/rows.ts';
import { banks, paymentMethods, terminals } from '../../db/schema/index.ts';
import { PENDING_RETENTION_MS, purgePendingTerminals } from './pending-expiry.ts';
import { PENDING_CAP, TERMINAL_SERVICE_MESSAGES } from './terminals.service.ts';

type Json = Record<string, unknown>;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** The services' clock: real time, moved forward by tests that cross a time limit. */
let clock = Date.now();
let t: TestApp;
let bank: { id: number; name: string };

beforeAll(async () => {
  // The per-address code limit (5 an hour) would otherwise stop connect-requests before the pending cap.
  t = await createTestApp({ OTP_MAX_SENDS_PER_HOUR: '1000' }, { now: () => new Date(clock) });
  const [row] = await t.database.db.select().from(banks).orderBy(banks.id).limit(1);
  bank = { id: row!.id, name: row!.name };
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const terminalRow = async (id: string) => {
  const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id));
  return row;
};

/** A terminal that went through connect-request, verify-request and (by SQL, as the device API would) activation. */
async function pairedTerminal(user: User) {
  const request = await call('POST', '/user/terminal/connect-request/', user.cookie);
  expect(request.statusCode).toBe(200);
  const terminalId = request.json().terminal_id as string;
  const verify = await call('POST', '/user/terminal/verify-request/', user.cookie, {
    terminal_id: terminalId,
    otp: t.mailer.lastCode(user.email),
  });
  expect(verify.statusCode).toBe(200);
  const token = randomBytes(32).toString('base64url');
  await activate(terminalId, token);
  return { id: terminalId, token };
}

/** What device/v1/activate does to the row (the device engineer's route). */
async function activate(terminalId: string, token = randomBytes(32).toString('base64url')) {
  await t.database.db
    .update(terminals)
    .set({
      status: 'Enabled',
      activatedAt: new Date(clock),
      deviceTokenHash: sha256(token),
      pairingKeyHash: null,
      pairingExpiresAt: null,
    })
    .where(eq(terminals.id, terminalId));
}

let createdSequence = 0;
/** A listed terminal inserted directly, each one newer than the last. */
async function listedTerminal(userId: string, values: Partial<typeof terminals.$inferInsert> = {}) {
  createdSequence += 1;
  const [row] = await t.database.db
    .insert(terminals)
    .values({
      userId,
      name: `Терминал ${createdSequence}`,
      status: 'Enabled',
      activatedAt: new Date(),
      deviceTokenHash: sha256(randomBytes(16).toString('hex')),
      createdAt: new Date(Date.UTC(2030, 0, 1) + createdSequence * 1000),
      ...values,
    })
    .returning();
  return row!;
}

let requisiteSequence = 0;
/** A payment method inserted directly: card and account long enough to be masked. */
async function method(userId: string, values: Partial<typeof paymentMethods.$inferInsert> = {}) {
  requisiteSequence += 1;
  const n = String(requisiteSequence).padStart(6, '0');
  const [row] = await t.database.db
    .insert(paymentMethods)
    .values({
      userId,
      bankId: bank.id,
      name: 'Иван Петров',
      card: `220070${n}1234`,
      phoneNumber: '+79001234567',
      nomerScheta: `408178100${n}00001`,
      isSbp: true,
      isC2c: true,
      rating: '100',
      ratingPointsTenths: 0,
      basePointsTenths: 0,
      createdAt: new Date(Date.UTC(2030, 0, 1) + requisiteSequence * 1000),
      ...values,
    })
    .returning();
  return row!;
}

const linkedTo = async (methodId: string) => {
  const [row] = await t.database.db
    .select({ terminalId: paymentMethods.terminalId })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId));
  return row?.terminalId ?? null;
};

describe('every terminal route needs a session', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it.each([
    ['GET', '/user/terminals/'],
    ['POST', '/user/terminal/connect-request/'],
    ['POST', '/user/terminal/verify-request/'],
    ['PATCH', `/terminals/${id}/update-name/`],
    ['DELETE', `/terminals/${id}/`],
    ['PATCH', `/api/v1/terminals/${id}/status/`],
    ['GET', `/api/v1/terminals/${id}/payments/`],
    ['GET', '/api/v1/payments/unassigned/'],
    ['PATCH', `/api/terminals/${id}/connect-payments/`],
    ['POST', `/api/payments/${id}/unbind/`],
  ] as const)('%s %s answers 401', async (method, path) => {
    const response = await call(
      method,
      path,
      undefined,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('pairing', () => {
  it('connect-request creates a pending, unlisted terminal numbered per user and mails a code', async () => {
    const user = await signedInUser(t);
    const first = await call('POST', '/user/terminal/connect-request/', user.cookie);
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/user/terminal/connect-request/', user.cookie);
    const row = await terminalRow(second.json().terminal_id);
    expect(row).toMatchObject({
      userId: user.user.id,
      status: 'pending',
      name: 'Терминал 2',
      activatedAt: null,
    });
    expect((await terminalRow(first.json().terminal_id))?.name).toBe('Терминал 1');
    expect(t.mailer.countTo(user.email)).toBe(3); // sign-in code + two terminal codes
    expect(t.mailer.lastCode(user.email)).toMatch(/^\d{6}$/);
    const list = await call('GET', '/user/terminals/', user.cookie);
    expect(list.json()).toEqual({ count: 0, results: [] });
  });

  it(`refuses a ${PENDING_CAP + 1}th pending terminal within the hour and writes nothing`, async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < PENDING_CAP; i++) {
      expect((await call('POST', '/user/terminal/connect-request/', user.cookie)).statusCode).toBe(200);
    }
    const mails = t.mailer.countTo(user.email);
    const refused = await call('POST', '/user/terminal/connect-request/', user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TERMINAL_SERVICE_MESSAGES.tooManyPending });
    const rows = await t.database.db.select().from(terminals).where(eq(terminals.userId, user.user.id));
    expect(rows).toHaveLength(PENDING_CAP);
    expect(t.mailer.countTo(user.email)).toBe(mails);
    // Activated terminals are not pending: they do not count.
    await activate(rows[0]!.id);
    expect((await call('POST', '/user/terminal/connect-request/', user.cookie)).statusCode).toBe(200);
  });

  it('holds the cap under concurrent requests', async () => {
    const user = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: PENDING_CAP + 3 }, () =>
        call('POST', '/user/terminal/connect-request/', user.cookie),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PENDING_CAP);
    const rows = await t.database.db.select().from(terminals).where(eq(terminals.userId, user.user.id));
    expect(rows).toHaveLength(PENDING_CAP);
  });

  it('verify-request gives a 10-minute single-use key of which only the SHA-256 is stored', async () => {
    const user = await signedInUser(t);
    const { terminal_id } = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json();
    const before = clock;
    const response = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: t.mailer.lastCode(user.email),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['auth_key', 'expires_at', 'server_url', 'terminal_id']);
    expect(body.terminal_id).toBe(terminal_id);
    expect(body.server_url).toBe(`http://app.test${t.prefix}`);
    expect(body.auth_key).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(body.auth_key, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(Date.parse(body.expires_at)).toBe(before + PAIRING_TTL_MS);
    const row = await terminalRow(terminal_id);
    expect(row?.pairingKeyHash).toBe(sha256(body.auth_key));
    expect(row?.pairingExpiresAt?.getTime()).toBe(before + PAIRING_TTL_MS);
    expect(JSON.stringify(row)).not.toContain(body.auth_key);
    // The code was used up.
    const again = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: t.mailer.lastCode(user.email),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: TERMINAL_MESSAGES.otpFailed });
  });

  it('a wrong or expired code answers 400 with the spec text and sets no key', async () => {
    const user = await signedInUser(t);
    const { terminal_id } = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json();
    const code = t.mailer.lastCode(user.email);
    const wrong = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: TERMINAL_MESSAGES.otpFailed });
    clock += 11 * 60_000;
    const expired = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: code,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: TERMINAL_MESSAGES.otpFailed });
    expect((await terminalRow(terminal_id))?.pairingKeyHash).toBeNull();
  });

  it('refuses the code of a different terminal', async () => {
    const user = await signedInUser(t);
    const a = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json().terminal_id;
    const b = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json().terminal_id;
    // The newest code was issued for B.
    const response = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id: a,
      otp: t.mailer.lastCode(user.email),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: TERMINAL_MESSAGES.otpFailed });
    expect((await terminalRow(a))?.pairingKeyHash).toBeNull();
    expect((await terminalRow(b))?.pairingKeyHash).toBeNull();
  });

  it("answers 404 for another user's terminal and 400 for one already activated, consuming no code", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const { terminal_id } = (await call('POST', '/user/terminal/connect-request/', owner.cookie)).json();
    const foreign = await call('POST', '/user/terminal/verify-request/', stranger.cookie, {
      terminal_id,
      otp: t.mailer.lastCode(owner.email),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: TERMINAL_MESSAGES.notFound });
    expect((await terminalRow(terminal_id))?.pairingKeyHash).toBeNull();

    const paired = await pairedTerminal(owner);
    await call('POST', '/user/terminal/connect-request/', owner.cookie);
    const active = await call('POST', '/user/terminal/verify-request/', owner.cookie, {
      terminal_id: paired.id,
      otp: t.mailer.lastCode(owner.email),
    });
    expect(active.statusCode).toBe(400);
    expect(active.json()).toEqual({ detail: TERMINAL_MESSAGES.pairingNotPending });
    expect((await terminalRow(paired.id))?.pairingKeyHash).toBeNull();
  });

  it('checks the body: a malformed id or code is a field error', async () => {
    const user = await signedInUser(t);
    const response = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id: 'nope',
      otp: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['otp', 'terminal_id']);
  });
});

describe('connect-request refused by the code limits', () => {
  it('writes no terminal when the code service answers 429', async () => {
    const strict = await createTestApp({ OTP_MAX_SENDS_PER_HOUR: '2' });
    try {
      const user = await signedInUser(strict); // the sign-in code is another purpose
      const request = () =>
        strict.app.inject({
          method: 'POST',
          url: `${strict.prefix}/user/terminal/connect-request/`,
          headers: { cookie: user.cookie },
        });
      expect((await request()).statusCode).toBe(200);
      expect((await request()).statusCode).toBe(200);
      const refused = await request();
      expect(refused.statusCode).toBe(429);
      const rows = await strict.database.db
        .select()
        .from(terminals)
        .where(eq(terminals.userId, user.user.id));
      expect(rows).toHaveLength(2);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /user/terminals/', () => {
  let user: User;
  let other: User;
  type Row = typeof terminals.$inferSelect;
  // Filled by beforeAll before any test reads it.
  const made = {} as Record<'kitchen' | 'sber' | 'sberx' | 'deleted' | 'pending' | 'foreign', Row>;

  beforeAll(async () => {
    user = await signedInUser(t);
    other = await signedInUser(t);
    made.kitchen = await listedTerminal(user.user.id, { name: 'Kitchen phone' });
    made.sber = await listedTerminal(user.user.id, { name: 'Сбер_основной', status: 'Disabled' });
    made.sberx = await listedTerminal(user.user.id, { name: 'СберXосновной' });
    made.deleted = await listedTerminal(user.user.id, { name: 'Удалённый', deletedAt: new Date() });
    made.pending = await listedTerminal(user.user.id, { name: 'Ждёт', status: 'pending', activatedAt: null });
    made.foreign = await listedTerminal(other.user.id, { name: 'Kitchen phone' });
    await method(user.user.id, { terminalId: made.kitchen.id });
    await method(user.user.id, { terminalId: made.kitchen.id });
    await method(user.user.id, { terminalId: made.sber.id });
  });

  const list = async (query = '') => {
    const response = await call('GET', `/user/terminals/${query}`, user.cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { count: number; results: Json[] };
  };
  const names = (results: Json[]) => results.map((row) => row.name);

  it('lists only own, activated, undeleted terminals, newest first, with their linked-method counts', async () => {
    const { count, results } = await list();
    expect(count).toBe(3);
    expect(names(results)).toEqual(['СберXосновной', 'Сбер_основной', 'Kitchen phone']);
    expect(results[2]).toEqual({
      id: made.kitchen.id,
      name: 'Kitchen phone',
      phone_charge: null,
      terminal_status_display: 'Enabled',
      last_ping: null,
      online: false,
      device: { model: null, os: null, app_version: null },
      payments_count: 2,
      app: 'terminal-manager',
      charging: null,
      activated_at: made.kitchen.activatedAt!.toISOString(),
      pending_until: null,
      created_at: made.kitchen.createdAt.toISOString(),
    });
    expect(results[1]).toMatchObject({ terminal_status_display: 'Disabled', payments_count: 1 });
    expect(results[0]).toMatchObject({ payments_count: 0 });
  });

  it.each([
    ['?search=KITCHEN', ['Kitchen phone']],
    ['?search=itchen%20ph', ['Kitchen phone']],
    // "_" is a literal underscore, not LIKE's any-character.
    ['?search=%D0%A1%D0%B1%D0%B5%D1%80_', ['Сбер_основной']],
    ['?search=сбер', ['СберXосновной', 'Сбер_основной']],
    ['?status=Disabled', ['Сбер_основной']],
    ['?status=Enabled&search=сбер', ['СберXосновной']],
    ['?search=Удалённый', []],
    ['?search=Ждёт', []],
  ])('filters %s', async (query, expected) => {
    expect(names((await list(query)).results)).toEqual(expected);
  });

  it('finds a terminal by the start of its ID, with or without hyphens', async () => {
    const id = made.sber.id;
    expect(names((await list(`?search=${id.slice(0, 8)}`)).results)).toEqual(['Сбер_основной']);
    expect(names((await list(`?search=${id.slice(0, 13).toUpperCase()}`)).results)).toEqual([
      'Сбер_основной',
    ]);
    expect(names((await list(`?search=${made.foreign.id.slice(0, 12)}`)).results)).toEqual([]);
  });

  it('pages: count is the filtered total', async () => {
    const first = await list('?page=1&page_size=2');
    const second = await list('?page=2&page_size=2');
    expect(first.count).toBe(3);
    expect(names(first.results)).toEqual(['СберXосновной', 'Сбер_основной']);
    expect(names(second.results)).toEqual(['Kitchen phone']);
  });

  it('answers a bad query in {detail}', async () => {
    for (const query of ['?status=Broken', '?page=0', '?page_size=1000']) {
      const response = await call('GET', `/user/terminals/${query}`, user.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Неверный параметр фильтра' });
    }
  });

  it('is online while the last heartbeat is younger than TERMINAL_OFFLINE_AFTER_S', async () => {
    const limitMs = t.ctx.config.TERMINAL_OFFLINE_AFTER_S * 1000;
    const ping = new Date(clock - 10_000);
    await t.database.db
      .update(terminals)
      .set({ lastPing: ping, phoneCharge: 64 })
      .where(eq(terminals.id, made.kitchen.id));
    const kitchen = async () => (await list('?search=Kitchen')).results[0]!;
    expect(await kitchen()).toMatchObject({ online: true, phone_charge: 64, last_ping: ping.toISOString() });
    expect(await isRoutable(t, made.kitchen.id)).toBe(true);
    clock += limitMs - 10_000 - 1;
    expect((await kitchen()).online).toBe(true);
    clock += 1;
    expect((await kitchen()).online).toBe(false);
    expect(await isRoutable(t, made.kitchen.id)).toBe(false);
  });
});

describe('a terminal waiting for its phone (issue 25)', () => {
  it('is listed, with the time its QR code stops working, only while that code works', async () => {
    const user = await signedInUser(t);
    const listed = async (query = '') => {
      const response = await call('GET', `/user/terminals/${query}`, user.cookie);
      expect(response.statusCode).toBe(200);
      return response.json() as { count: number; results: Json[] };
    };
    const { terminal_id } = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json();
    // Before the code is checked there is no QR code to wait for.
    expect(await listed()).toEqual({ count: 0, results: [] });

    const verify = await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: t.mailer.lastCode(user.email),
    });
    const { expires_at } = verify.json();
    const waiting = await listed();
    expect(waiting.count).toBe(1);
    expect(waiting.results[0]).toMatchObject({
      id: terminal_id,
      activated_at: null,
      pending_until: expires_at,
      payments_count: 0,
    });
    // It is neither Enabled nor Disabled yet.
    expect((await listed('?status=Enabled')).count).toBe(0);
    expect((await listed('?status=Disabled')).count).toBe(0);

    const saved = clock;
    clock = Date.parse(expires_at) + 1;
    try {
      expect(await listed()).toEqual({ count: 0, results: [] });
    } finally {
      clock = saved;
    }

    await activate(terminal_id);
    expect((await listed()).results[0]).toMatchObject({ id: terminal_id, pending_until: null });
  });
});

describe('a routable terminal (routable-terminal.ts)', () => {
  it('is true only for a listed, Enabled terminal heard from within the offline limit', async () => {
    const user = await signedInUser(t);
    const fresh = new Date(clock - 1000);
    const enabled = await listedTerminal(user.user.id, { lastPing: fresh });
    const disabled = await listedTerminal(user.user.id, { lastPing: fresh, status: 'Disabled' });
    const silent = await listedTerminal(user.user.id);
    const deleted = await listedTerminal(user.user.id, { lastPing: fresh, deletedAt: new Date() });
    expect(await isRoutable(t, enabled.id)).toBe(true);
    expect(await isRoutable(t, disabled.id)).toBe(false);
    expect(await isRoutable(t, silent.id)).toBe(false);
    expect(await isRoutable(t, deleted.id)).toBe(false);
  });
});

describe('rename, status, delete', () => {
  it('renames (trimmed) and answers {id, name}; empty or long names and strangers are refused in {detail}', async () => {
    const user = await signedInUser(t);
    const stranger = await signedInUser(t);
    const terminal = await listedTerminal(user.user.id);
    const path = `/terminals/${terminal.id}/update-name/`;
    const ok = await call('PATCH', path, user.cookie, { name: '  Кухня  ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: terminal.id, name: 'Кухня' });
    const empty = await call('PATCH', path, user.cookie, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: TERMINAL_MESSAGES.nameEmpty });
    const missing = await call('PATCH', path, user.cookie, {});
    expect(missing.json()).toEqual({ detail: TERMINAL_MESSAGES.nameEmpty });
    const long = await call('PATCH', path, user.cookie, { name: 'я'.repeat(51) });
    expect(long.json()).toEqual({ detail: TERMINAL_MESSAGES.nameTooLong });
    const foreign = await call('PATCH', path, stranger.cookie, { name: 'Моё' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: TERMINAL_MESSAGES.notFound });
    const malformed = await call('PATCH', '/terminals/123/update-name/', user.cookie, { name: 'Моё' });
    expect(malformed.statusCode).toBe(404);
    expect((await terminalRow(terminal.id))?.name).toBe('Кухня');
  });

  it('enables and disables a terminal, answering the list item; strangers get 404', async () => {
    const user = await signedInUser(t);
    const stranger = await signedInUser(t);
    const terminal = await listedTerminal(user.user.id);
    const path = `/api/v1/terminals/${terminal.id}/status/`;
    const off = await call('PATCH', path, user.cookie, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: terminal.id, terminal_status_display: 'Disabled', online: false });
    const foreign = await call('PATCH', path, stranger.cookie, { enabled: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: TERMINAL_MESSAGES.notFound });
    expect((await terminalRow(terminal.id))?.status).toBe('Disabled');
    const on = await call('PATCH', path, user.cookie, { enabled: true });
    expect(on.json().terminal_status_display).toBe('Enabled');
    const bad = await call('PATCH', path, user.cookie, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().detail).toBe('string');
  });

  it('delete revokes the device token and pairing, unlinks every method and unlists the terminal', async () => {
    const user = await signedInUser(t);
    const stranger = await signedInUser(t);
    const paired = await pairedTerminal(user);
    const kept = await listedTerminal(user.user.id);
    const a = await method(user.user.id, { terminalId: paired.id });
    const b = await method(user.user.id, { terminalId: paired.id });
    const c = await method(user.user.id, { terminalId: kept.id });

    const foreign = await call('DELETE', `/terminals/${paired.id}/`, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: TERMINAL_MESSAGES.notFound });
    expect((await terminalRow(paired.id))?.deviceTokenHash).toBe(sha256(paired.token));

    const removed = await call('DELETE', `/terminals/${paired.id}/`, user.cookie);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const row = await terminalRow(paired.id);
    expect(row).toMatchObject({ deviceTokenHash: null, pairingKeyHash: null, pairingExpiresAt: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await linkedTo(a.id)).toBeNull();
    expect(await linkedTo(b.id)).toBeNull();
    expect(await linkedTo(c.id)).toBe(kept.id);
    const { results } = (await call('GET', '/user/terminals/', user.cookie)).json();
    expect(results.map((item: Json) => item.id)).toEqual([kept.id]);
    expect((await call('DELETE', `/terminals/${paired.id}/`, user.cookie)).statusCode).toBe(404);
  });

  it('delete clears a pending pairing key too', async () => {
    const user = await signedInUser(t);
    const { terminal_id } = (await call('POST', '/user/terminal/connect-request/', user.cookie)).json();
    await call('POST', '/user/terminal/verify-request/', user.cookie, {
      terminal_id,
      otp: t.mailer.lastCode(user.email),
    });
    expect((await terminalRow(terminal_id))?.pairingKeyHash).not.toBeNull();
    expect((await call('DELETE', `/terminals/${terminal_id}/`, user.cookie)).statusCode).toBe(204);
    expect(await terminalRow(terminal_id)).toMatchObject({ pairingKeyHash: null, pairingExpiresAt: null });
  });
});

describe('payment lists and links', () => {
  let user: User;
  let stranger: User;
  let terminal: typeof terminals.$inferSelect;
  let otherTerminal: typeof terminals.$inferSelect;
  let strangerTerminal: typeof terminals.$inferSelect;

  beforeAll(async () => {
    user = await signedInUser(t);
    stranger = await signedInUser(t);
    terminal = await listedTerminal(user.user.id);
    otherTerminal = await listedTerminal(user.user.id);
    strangerTerminal = await listedTerminal(stranger.user.id);
  });

  const unassigned = async (cookie: string, query = '?page_size=100') => {
    const response = await call('GET', `/api/v1/payments/unassigned/${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { count: number; results: Json[] };
  };
  const connect = (id: string, paymentIds: unknown, cookie = user.cookie) =>
    call('PATCH', `/api/terminals/${id}/connect-payments/`, cookie, { payment_ids: paymentIds });

  it('lists the unassigned methods (own, unlinked, newest first) masked as /payments masks them', async () => {
    const free = await method(user.user.id, { phoneNumber: null, nomerScheta: null, isSbp: false });
    const linked = await method(user.user.id, { terminalId: otherTerminal.id });
    const foreign = await method(stranger.user.id);
    const { results } = await unassigned(user.cookie);
    const ids = results.map((row) => row.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(linked.id);
    expect(ids).not.toContain(foreign.id);
    const item = results.find((row) => row.id === free.id);
    expect(item).toEqual({
      id: free.id,
      bank: { name: bank.name },
      card: `2200${'*'.repeat(free.card!.length - 8)}${free.card!.slice(-4)}`,
      phone_number: null,
      nomer_scheta: null,
      is_active: false,
      is_SBP: false,
      is_c2c: true,
      rating: 100,
    });
  });

  it('pages the unassigned list and answers a bad query in {error}', async () => {
    const owner = await signedInUser(t);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await method(owner.user.id));
    const first = await unassigned(owner.cookie, '?page=1&page_size=2');
    expect(first.count).toBe(3);
    expect(first.results.map((row) => row.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect((await unassigned(owner.cookie, '?page=2&page_size=2')).results.map((row) => row.id)).toEqual([
      made[0]!.id,
    ]);
    const bad = await call('GET', '/api/v1/payments/unassigned/?page=abc', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Неверный параметр фильтра' });
  });

  it("links all of them, lists them masked on the terminal, and is_connect and /payments' filters follow", async () => {
    const a = await method(user.user.id);
    const b = await method(user.user.id);
    const response = await connect(terminal.id, [a.id, b.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: TERMINAL_SERVICE_MESSAGES.linked });
    expect(await linkedTo(a.id)).toBe(terminal.id);
    expect(await linkedTo(b.id)).toBe(terminal.id);

    const list = await call('GET', `/api/v1/terminals/${terminal.id}/payments/`, user.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.results.map((row: Json) => row.id)).toEqual([b.id, a.id]);
    expect(body.results[0]).toMatchObject({
      card: `2200${'*'.repeat(b.card!.length - 8)}${b.card!.slice(-4)}`,
      nomer_scheta: `4081${'*'.repeat(b.nomerScheta!.length - 8)}${b.nomerScheta!.slice(-4)}`,
      phone_number: '+79001234567',
      bank: { name: bank.name },
    });
    const paged = (
      await call('GET', `/api/v1/terminals/${terminal.id}/payments/?page=2&page_size=1`, user.cookie)
    ).json();
    expect(paged.count).toBe(body.count);
    expect(paged.results.map((row: Json) => row.id)).toEqual([a.id]);

    const payments = async (query: string) =>
      (await call('GET', `/api/v1/payments/list/${query}`, user.cookie)).json().results as Json[];
    const connected = await payments('?connected_only=true&page_size=100');
    expect(connected.map((row) => row.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(connected.every((row) => row.is_connect === true)).toBe(true);
    const notConnected = await payments('?not_connected_only=true&page_size=100');
    expect(notConnected.map((row) => row.id)).not.toContain(a.id);
    expect(notConnected.every((row) => row.is_connect === false)).toBe(true);
  });

  it('links all or none: a method of another user or one already linked gives 409 {error} and changes nothing', async () => {
    const free = await method(user.user.id);
    const taken = await method(user.user.id, { terminalId: otherTerminal.id });
    const foreign = await method(stranger.user.id);
    for (const ids of [
      [free.id, foreign.id],
      [free.id, taken.id],
      [free.id, '00000000-0000-4000-8000-000000000099'],
    ]) {
      const response = await connect(terminal.id, ids);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: TERMINAL_MESSAGES.paymentsNotAvailable });
    }
    expect(await linkedTo(free.id)).toBeNull();
    expect(await linkedTo(taken.id)).toBe(otherTerminal.id);
    expect(await linkedTo(foreign.id)).toBeNull();
    // The same id twice is one method.
    expect((await connect(terminal.id, [free.id, free.id.toUpperCase()])).statusCode).toBe(200);
    expect(await linkedTo(free.id)).toBe(terminal.id);
  });

  it("refuses an empty or malformed selection and strangers' terminals, always in {error}", async () => {
    const free = await method(user.user.id);
    const empty = await connect(terminal.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Выберите хотя бы один платеж' });
    const notArray = await connect(terminal.id, 'x');
    expect(notArray.json()).toEqual({ error: 'Выберите хотя бы один платеж' });
    const tooMany = await connect(
      terminal.id,
      Array.from({ length: 101 }, () => free.id),
    );
    expect(tooMany.json()).toEqual({ error: TERMINAL_MESSAGES.tooManyPayments });
    const foreign = await connect(strangerTerminal.id, [free.id]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: TERMINAL_MESSAGES.notFound });
    const strangerLinksMine = await connect(strangerTerminal.id, [free.id], stranger.cookie);
    expect(strangerLinksMine.statusCode).toBe(409);
    const deleted = await listedTerminal(user.user.id, { deletedAt: new Date() });
    expect((await connect(deleted.id, [free.id])).statusCode).toBe(404);
    const pending = await listedTerminal(user.user.id, { status: 'pending', activatedAt: null });
    expect((await connect(pending.id, [free.id])).statusCode).toBe(404);
    expect(await linkedTo(free.id)).toBeNull();
    const anonymous = await call('PATCH', `/api/terminals/${terminal.id}/connect-payments/`, undefined, {
      payment_ids: [free.id],
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: HTTP_ERROR_TEXT.unauthorized });
  });

  it("shows a stranger's terminal's payments to nobody else", async () => {
    await method(stranger.user.id, { terminalId: strangerTerminal.id });
    const response = await call('GET', `/api/v1/terminals/${strangerTerminal.id}/payments/`, user.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: TERMINAL_MESSAGES.notFound });
    const bad = await call('GET', `/api/v1/terminals/${terminal.id}/payments/?page_size=0`, user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'Неверный параметр фильтра' });
  });

  it('unbinds an own linked method; mismatched ids, strangers and unlinked methods are refused in {detail}', async () => {
    const linked = await method(user.user.id, { terminalId: terminal.id });
    const free = await method(user.user.id);
    const foreign = await method(stranger.user.id, { terminalId: strangerTerminal.id });
    const unbind = (id: string, body: unknown, cookie = user.cookie) =>
      call('POST', `/api/payments/${id}/unbind/`, cookie, body);

    const mismatch = await unbind(linked.id, { payment_id: free.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ detail: TERMINAL_MESSAGES.paymentIdMismatch });
    const missing = await unbind(linked.id, {});
    expect(missing.statusCode).toBe(400);
    expect(typeof missing.json().detail).toBe('string');
    const strangers = await unbind(foreign.id, { payment_id: foreign.id });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual({ detail: TERMINAL_MESSAGES.paymentNotFound });
    expect(await linkedTo(foreign.id)).toBe(strangerTerminal.id);
    const notLinked = await unbind(free.id, { payment_id: free.id });
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json()).toEqual({ detail: TERMINAL_MESSAGES.paymentNotLinked });
    const ok = await unbind(linked.id, { payment_id: linked.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: TERMINAL_SERVICE_MESSAGES.unbound });
    expect(await linkedTo(linked.id)).toBeNull();
  });

  it('two terminals racing for the same method end with exactly one link', async () => {
    for (let round = 0; round < 6; round++) {
      const contested = await method(user.user.id);
      const own = [await method(user.user.id), await method(user.user.id)];
      const [first, second] = await Promise.all([
        connect(terminal.id, [own[0]!.id, contested.id]),
        connect(otherTerminal.id, [contested.id, own[1]!.id]),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? terminal.id : otherTerminal.id;
      expect(await linkedTo(contested.id)).toBe(winner);
      // The loser linked nothing, not even its uncontested method.
      const loserOwn = first.statusCode === 200 ? own[1]! : own[0]!;
      expect(await linkedTo(loserOwn.id)).toBeNull();
    }
  });

  it('a link racing a delete never leaves a method linked to a deleted terminal', async () => {
    for (let round = 0; round < 4; round++) {
      const doomed = await listedTerminal(user.user.id);
      const m = await method(user.user.id);
      await Promise.all([
        connect(doomed.id, [m.id]),
        call('DELETE', `/terminals/${doomed.id}/`, user.cookie),
      ]);
      expect(await linkedTo(m.id)).toBeNull();
    }
  });
});

describe('dashboard terminals', () => {
  it('shows every listed terminal, newest first, as {id, name, phone_charge} (the page shows 5 per page)', async () => {
    const user = await signedInUser(t);
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await listedTerminal(user.user.id, { phoneCharge: i === 5 ? 80 : null }));
    await listedTerminal(user.user.id, { deletedAt: new Date() });
    await listedTerminal(user.user.id, { status: 'pending', activatedAt: null });
    const response = await call('GET', '/api/account/dashboard/', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().terminals).toEqual(
      [...made].reverse().map((row) => ({ id: row.id, name: row.name, phone_charge: row.phoneCharge })),
    );
    expect(response.json().terminals[0].phone_charge).toBe(80);
  });
});

describe('pending expiry', () => {
  it('deletes terminals never activated a day after they were requested and keeps the rest', async () => {
    const user = await signedInUser(t);
    const dayAgo = clock - PENDING_RETENTION_MS;
    const old = await listedTerminal(user.user.id, {
      status: 'pending',
      activatedAt: null,
      createdAt: new Date(dayAgo - 60_000),
    });
    const oldDeleted = await listedTerminal(user.user.id, {
      status: 'pending',
      activatedAt: null,
      deletedAt: new Date(),
      createdAt: new Date(dayAgo - 60_000),
    });
    const recent = await listedTerminal(user.user.id, {
      status: 'pending',
      activatedAt: null,
      createdAt: new Date(dayAgo + 60_000),
    });
    const activatedLongAgo = await listedTerminal(user.user.id, { createdAt: new Date(dayAgo - 60_000) });
    expect(await purgePendingTerminals(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await terminalRow(old.id)).toBeUndefined();
    expect(await terminalRow(oldDeleted.id)).toBeUndefined();
    expect(await terminalRow(recent.id)).toBeDefined();
    expect(await terminalRow(activatedLongAgo.id)).toBeDefined();
    const counted = await selectRow<{ remaining: number }>(
      t.database.db,
      sql`select count(*)::int as remaining from terminals where activated_at is null and created_at < ${new Date(dayAgo).toISOString()}::timestamptz`,
    );
    expect(counted!.remaining).toBe(0);
  });
});
