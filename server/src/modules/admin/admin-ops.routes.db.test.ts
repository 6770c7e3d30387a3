import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type AdminOtpAction, API } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPendingTerminal } from '../../../test/device-fixtures.ts';
import { closeAfterLedgerCheck, createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { terminalNotifications, webhookEvents } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(() => closeAfterLedgerCheck(t));

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  cookie = admin.cookie,
) => t.app.inject({ method, url: `${t.prefix}${url}`, headers: { cookie }, payload });

/** A mailed code for `action`, as the console asks for one. */
async function code(action: AdminOtpAction): Promise<string> {
  expect((await send('POST', API.admin.otp, { action })).statusCode).toBe(200);
  return t.mailer.lastCode(admin.email);
}

async function auditOf(action: string) {
  return (await send('GET', `${API.admin.audit}?action=${action}`)).json().results;
}

describe('banks', () => {
  it('adds a bank (full name defaults to the name), refuses a taken name, audits the addition', async () => {
    const created = await send('POST', API.admin.banks, {
      name: 'Тестбанк',
      popular: true,
      color: '#112233',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Тестбанк',
      full_name: 'Тестбанк',
      popular: true,
      color: '#112233',
      methods: 0,
    });
    // The traders' bank directory carries the operator's colour (their bank badges use it).
    const directory = (await send('GET', API.payments.banks)).json().results;
    expect(directory).toContainEqual(expect.objectContaining({ name: 'Тестбанк', color: '#112233' }));
    const taken = await send('POST', API.admin.banks, { name: 'тестбанк' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: [ADMIN_MESSAGES.bankExists] });
    expect(await auditOf('bank.create')).toMatchObject([
      {
        actor: admin.email,
        target: 'Тестбанк',
        after: { name: 'Тестбанк', popular: true, color: '#112233' },
      },
    ]);
    const list = (await send('GET', API.admin.banks)).json();
    expect(list.count).toBe(list.results.length);
    expect(list.results.filter((bank: { name: string }) => bank.name === 'Тестбанк')).toHaveLength(1);
  });

  it('renames, recolours and unflags a bank with before → after in the audit log; 404 and taken names refused', async () => {
    const id = (await send('POST', API.admin.banks, { name: 'Старое имя' })).json().id;
    const changed = await send('PATCH', API.admin.bank(id), { name: 'Новое имя', color: '#abcdef' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id,
      name: 'Новое имя',
      full_name: 'Старое имя',
      color: '#abcdef',
    });
    expect((await auditOf('bank.update'))[0]).toMatchObject({
      target: 'Новое имя',
      before: { name: 'Старое имя', color: null },
      after: { name: 'Новое имя', color: '#abcdef' },
    });
    const taken = await send('PATCH', API.admin.bank(id), { name: 'Тестбанк' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: [ADMIN_MESSAGES.bankExists] });
    const missing = await send('PATCH', API.admin.bank(999_999), { popular: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ADMIN_MESSAGES.bankNotFound });
    expect(await auditOf('bank.update')).toHaveLength(1);
  });
});

describe('rate', () => {
  it('sets a manual rate by the admin, shows it with its age and history, audits it; refuses nonsense', async () => {
    const before = (await send('GET', API.admin.rate)).json();
    expect(before).toMatchObject({ max_age_s: t.ctx.config.RATE_MAX_AGE_S, configured_source: 'manual' });
    const wrong = await send('PUT', API.admin.rate, { rub_per_usdt: '92,50', otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('otp');
    expect((await send('GET', API.admin.rate)).json().history).toHaveLength(before.history.length);
    const set = await send('PUT', API.admin.rate, { rub_per_usdt: '92,50', otp: await code('set_rate') });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      current: { rub_per_usdt: '92.50', source: 'manual', set_by: admin.email },
    });
    expect(set.json().age_s).toBeLessThan(600);
    expect(set.json().history.length).toBe(before.history.length + 1);
    expect((await t.ctx.rates.requireFresh()).rateKopecks).toBe(9250n);
    expect((await auditOf('rate.set'))[0]).toMatchObject({
      actor: admin.email,
      after: { rub_per_usdt: '92.50', source: 'manual' },
    });
    const zero = await send('PUT', API.admin.rate, { rub_per_usdt: '0', otp: await code('set_rate') });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ rub_per_usdt: [ADMIN_MESSAGES.rateOutOfRange] });
    expect(await auditOf('rate.set')).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('lists events by state with paging and retries only a failed one, audited', async () => {
    const merchant = await signedInUser(t, { role: 'merchant' });
    const event = (id: string, state: string) => ({
      id,
      merchantId: merchant.user.id,
      orderId: randomUUID(),
      type: 'order.paid',
      payload: {},
      state,
      attempts: 3,
      lastStatusCode: 500,
      lastOutcome: '5xx',
    });
    await t.database.db
      .insert(webhookEvents)
      .values([event('msg_failedevent000000001', 'failed'), event('msg_deliveredevent000001', 'delivered')]);
    const failed = (await send('GET', `${API.admin.webhooks}?state=failed`)).json();
    expect(failed).toMatchObject({
      count: 1,
      results: [
        {
          id: 'msg_failedevent000000001',
          merchant_email: merchant.email,
          attempts: 3,
          last_status_code: 500,
        },
      ],
    });
    expect((await send('GET', `${API.admin.webhooks}?page_size=1`)).json()).toMatchObject({ count: 2 });

    const retried = await send('POST', API.admin.retryWebhook('msg_failedevent000000001'));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'pending' });
    expect(await auditOf('webhook.retry')).toMatchObject([
      { target: 'msg_failedevent000000001', before: { state: 'failed' }, after: { state: 'pending' } },
    ]);
    for (const id of ['msg_failedevent000000001', 'msg_deliveredevent000001', 'nonsense']) {
      const refused = await send('POST', API.admin.retryWebhook(id));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: ADMIN_MESSAGES.webhookNotFailed });
    }
    expect(await auditOf('webhook.retry')).toHaveLength(1);
  });
});

describe('bank notifications', () => {
  it('pages the unparsed ones newest first with terminal and trader, and counts outcomes per day and bank', async () => {
    const trader = await signedInUser(t);
    const terminal = await insertPendingTerminal(t, { userId: trader.user.id, name: 'Терминал 7' });
    const row = (n: number, parseOutcome: string, result: string, bank: string | null) => ({
      terminalId: terminal.id,
      deviceItemId: `item-${n}`,
      source: 'sms',
      sender: '900',
      body: `text ${n}`,
      receivedAt: new Date(),
      createdAt: new Date(Date.now() + n),
      parseOutcome,
      result,
      bank,
    });
    await t.database.db
      .insert(terminalNotifications)
      .values([
        row(1, 'unparsed', 'unmatched', null),
        row(2, 'unparsed', 'unmatched', null),
        row(3, 'incoming', 'matched', 'sber'),
        row(4, 'incoming', 'unmatched', 'sber'),
        row(5, 'ignored', 'ignored', 'sber'),
      ]);
    const page = (await send('GET', `${API.admin.unparsedNotifications}?page_size=1`)).json();
    expect(page).toMatchObject({
      count: 2,
      results: [
        { body: 'text 2', terminal_id: terminal.id, terminal_name: 'Терминал 7', trader_email: trader.email },
      ],
    });
    const stats = (await send('GET', `${API.admin.notificationStats}?days=1`)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.rows).toEqual(
      expect.arrayContaining([
        { day: today, bank: '', matched: 0, unmatched: 0, ignored: 0, unparsed: 2 },
        expect.objectContaining({ day: today, matched: 1, unmatched: 1, ignored: 1, unparsed: 0 }),
      ]),
    );
    expect((await send('GET', `${API.admin.notificationStats}?days=0`)).statusCode).toBe(400);
  });
});

describe('overview and ledger-verify', () => {
  it('answers 404 before any verification, runs one (stored and audited), and shows it in the overview', async () => {
    const none = await send('GET', API.admin.ledgerVerify);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: ADMIN_MESSAGES.ledgerNeverVerified });
    const run = await send('POST', API.admin.ledgerVerify);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ actor: admin.email, ok: true, differences: [] });
    expect((await send('GET', API.admin.ledgerVerify)).json()).toEqual(run.json());
    expect(await auditOf('ledger.verify')).toMatchObject([{ actor: admin.email, after: { ok: true } }]);

    await t.ctx.ledger.creditDeposit({
      userId: admin.user.id,
      amount: 7_000_000n,
      idempotencyKey: 'overview',
    });
    const overview = await send('GET', API.admin.overview);
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.users.admin).toBe(1);
    expect(body.users.trader).toBeGreaterThanOrEqual(1);
    expect(body.users.merchant).toBeGreaterThanOrEqual(1);
    expect(body.usdt.available).toBe('7');
    expect(body).toMatchObject({
      platform_fee: { today: '0', total: '0' },
      open_disputes: 0,
      held_withdrawals: 0,
      failed_webhooks: 0,
      unparsed_notifications: 2,
      ledger_verify: { ok: true, actor: admin.email },
    });
    expect(body.components.map((component: { name: string }) => component.name)).toEqual(
      expect.arrayContaining(['rate', 'mail', 'webhooks', 'disk']),
    );
    const rate = body.components.find((component: { name: string }) => component.name === 'rate');
    expect(rate.age_s).toBeGreaterThanOrEqual(0);
    expect(rate.age_s).toBeLessThan(600);
  });
});

describe('rating recompute', () => {
  it('rebuilds a rating that differs from its events, audited in the correcting transaction', async () => {
    const trader = await signedInUser(t);
    // A stored rating no event explains (as a bad manual edit would leave it).
    await t.database.db.execute(
      sql`update users set rating_points_tenths = 30, rating = '70' where id = ${trader.user.id}`,
    );
    const run = await send('POST', API.admin.ratingRecompute);
    expect(run.statusCode).toBe(200);
    expect(run.json().differences).toContainEqual({
      subject: 'trader',
      id: trader.user.id,
      email: trader.email,
      expected_points: '0.0',
      stored_points: '3.0',
    });
    expect((await auditOf('rating.recompute'))[0]).toMatchObject({
      actor: admin.email,
      target: trader.email,
      before: [{ subject: 'trader', points: 3 }],
      after: [{ subject: 'trader', points: 0 }],
    });
    // Nothing left to correct: a second run changes nothing and writes no row.
    expect((await send('POST', API.admin.ratingRecompute)).json()).toEqual({ corrected: 0, differences: [] });
    expect(await auditOf('rating.recompute')).toHaveLength(1);
  });
});
