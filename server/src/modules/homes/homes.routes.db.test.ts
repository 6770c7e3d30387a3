import { API } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties } from '../../../test/deal-fixtures.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { selectRow } from '../../db/rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `${t.prefix}${url}`, headers: cookie ? { cookie } : {} });

/**
 * A zone where it is at least 02:00 now, so the deals placed up to an hour ago in the tests fall on "today"
 * whenever the suite runs.
 */
function zoneWithRoom(now: Date): string {
  return now.getUTCHours() >= 2 ? 'UTC' : 'Etc/GMT-5';
}

let seq = 0;
/** One deal of the parties with the given status, amounts, fee and instants, written with SQL. */
async function insertDeal(
  parties: { traderId: string; merchantId: string; methodId: string },
  deal: {
    status: string;
    kopecks: bigint;
    usdt: bigint;
    feeBps?: number;
    createdAt: Date;
    completedAt?: Date;
  },
): Promise<string> {
  seq += 1;
  const row = await selectRow<{ id: string }>(
    t.database.db,
    sql`
    insert into deals (merchant_id, external_id, trader_id, payment_method_id, payment_mode, status,
                       amount_kopecks, amount_usdt, rate_kopecks, merchant_fee_bps, trader_reward_bps,
                       bank_id, bank_name, card, owner_name, expires_at, completed_at, created_at, updated_at)
    values (${parties.merchantId}::uuid, ${`home-${seq}`}, ${parties.traderId}::uuid, ${parties.methodId}::uuid,
            'sbp', ${deal.status}, ${deal.kopecks}, ${deal.usdt}, 10000, ${deal.feeBps ?? 300}, 200,
            1, 'Сбербанк', '2200000000000000', 'Иван Петрович С.',
            ${new Date(deal.createdAt.getTime() + 15 * MIN).toISOString()}::timestamptz,
            ${deal.completedAt ? deal.completedAt.toISOString() : null}::timestamptz,
            ${deal.createdAt.toISOString()}::timestamptz, ${deal.createdAt.toISOString()}::timestamptz)
    returning id`,
  );
  return row!.id;
}

async function insertWebhookEvent(
  merchantId: string,
  orderId: string,
  event: { state: string; attempts: number; outcome?: string; statusCode?: number; failedAt?: Date },
): Promise<string> {
  seq += 1;
  const id = `msg_home${String(seq).padStart(12, '0')}`;
  await t.database.db.execute(sql`
    insert into webhook_events (id, merchant_id, order_id, type, payload, url, state, attempts, last_outcome,
                                last_status_code)
    values (${id}, ${merchantId}::uuid, ${orderId}::uuid, 'order.completed', '{}'::jsonb, 'https://shop.example/hook',
            ${event.state}, ${event.attempts}, ${event.outcome ?? null}, ${event.statusCode ?? null})`);
  if (event.failedAt) {
    await t.database.db.execute(sql`
      insert into webhook_attempts (event_id, url, status_code, error, outcome, duration_ms, created_at)
      values (${id}, 'https://shop.example/hook', ${event.statusCode ?? null}, 'ECONNREFUSED 10.0.0.1',
              ${event.outcome ?? '5xx'}, 120, ${event.failedAt.toISOString()}::timestamptz)`);
  }
  return id;
}

describe('GET api/v1/merchant/home/', () => {
  it('answers 401 without a session and 403 to every role but merchant', async () => {
    expect((await get(API.merchantSettings.home)).statusCode).toBe(401);
    for (const role of ['trader', 'support'] as const) {
      const { cookie } = await signedInUser(t, { role });
      const response = await get(API.merchantSettings.home, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/мерчант/);
    }
    const lead = await signedInUser(t, { isLead: true });
    expect((await get(API.merchantSettings.home, lead.cookie)).statusCode).toBe(403);
  });

  it('refuses an unknown time zone as a field error', async () => {
    const { cookie } = await signedInUser(t, { role: 'merchant' });
    const response = await get(`${API.merchantSettings.home}?tz=Mars/Olympus`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('tz');
  });

  it('shows a new merchant zeros and empty lists', async () => {
    const { cookie } = await signedInUser(t, { role: 'merchant' });
    const response = await get(`${API.merchantSettings.home}?tz=UTC`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      time_zone: 'UTC',
      today: { completed: 0, volume_rub: '0.00', volume_usdt: '0', credited_usdt: '0' },
      conversion: { today: { created: 0, completed: 0 }, week: { created: 0, completed: 0 } },
      avg_confirmation_seconds: null,
      balance: { available_usdt: '0' },
      open_orders: { count: 0, amount_rub: '0.00', amount_usdt: '0' },
      webhooks: { pending: 0, failed_24h: 0, last_failures: [] },
      last_orders: [],
    });
  });

  it('counts exactly: today completed with net credit after fee, conversion, confirmation time, open orders apart from the balance', async () => {
    const merchant = await signedInUser(t, { role: 'merchant' });
    const parties = await dealParties(t, { merchantId: merchant.user.id });
    const other = await dealParties(t);
    const now = new Date();
    const tz = zoneWithRoom(now);
    const ago = (ms: number) => new Date(now.getTime() - ms);

    // The seeded orders, one a row: [parties, status, kopecks, USDT (micro), created, completed].
    const rows: [typeof parties, string, bigint, bigint, Date, Date?][] = [
      // Completed today: 1000.00 ₽ / 10 USDT (fee 3 %: 9.7 credited), 55 min to confirm (the first row, `a`).
      [parties, 'complete', 100_000n, 10_000_000n, ago(HOUR), ago(5 * MIN)],
      // Completed today: 2500.50 ₽ / 25.000001 USDT, fee 750000.03 rounded down to 0.75, 10 min to confirm.
      [parties, 'complete', 250_050n, 25_000_001n, ago(20 * MIN), ago(10 * MIN)],
      // Completed 3 days ago (the week, not today): 20 min to confirm.
      [parties, 'complete', 700_000n, 70_000_000n, ago(3 * DAY), ago(3 * DAY - 20 * MIN)],
      // Open: pending today, in verification since 2 days, disputed today: never earned.
      [parties, 'pending', 50_000n, 5_000_000n, ago(MIN)],
      [parties, 'verification', 30_000n, 3_000_000n, ago(2 * DAY)],
      [parties, 'dispute', 10_000n, 1_000_000n, ago(30 * MIN)],
      [parties, 'canceled', 20_000n, 2_000_000n, ago(40 * MIN)],
      // Ten days ago: outside the week.
      [parties, 'complete', 900_000n, 90_000_000n, ago(10 * DAY), ago(10 * DAY - MIN)],
      // Another merchant's order today counts nowhere here.
      [other, 'complete', 1_000_000n, 100_000_000n, ago(MIN), ago(MIN)],
    ];
    const ids: string[] = [];
    for (const [to, status, kopecks, usdt, createdAt, completedAt] of rows) {
      ids.push(await insertDeal(to, { status, kopecks, usdt, createdAt, completedAt }));
    }
    const a = ids[0]!;
    // The merchant's ledger balance: 33.950001 credited by earlier settlements, say.
    await t.ctx.ledger.creditDeposit({
      userId: merchant.user.id,
      amount: 33_950_001n,
      idempotencyKey: `home-deposit:${merchant.user.id}`,
    });

    // Webhooks: one new, one retrying after a failure an hour ago, one given up after a failure 30 h ago,
    // one delivered; another merchant's failure.
    await insertWebhookEvent(merchant.user.id, a, { state: 'pending', attempts: 0 });
    const retrying = await insertWebhookEvent(merchant.user.id, a, {
      state: 'pending',
      attempts: 2,
      outcome: '5xx',
      statusCode: 502,
      failedAt: ago(HOUR),
    });
    const givenUp = await insertWebhookEvent(merchant.user.id, a, {
      state: 'failed',
      attempts: 9,
      outcome: 'timeout',
      failedAt: ago(30 * HOUR),
    });
    await insertWebhookEvent(merchant.user.id, a, { state: 'delivered', attempts: 1 });
    const otherOrder = await insertDeal(other, {
      status: 'pending',
      kopecks: 100n,
      usdt: 1n,
      createdAt: ago(MIN),
    });
    await insertWebhookEvent(other.merchantId, otherOrder, {
      state: 'pending',
      attempts: 1,
      outcome: '4xx',
      statusCode: 404,
      failedAt: ago(MIN),
    });

    const response = await get(`${API.merchantSettings.home}?tz=${encodeURIComponent(tz)}`, merchant.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.time_zone).toBe(tz);
    expect(body.today).toEqual({
      completed: 2,
      volume_rub: '3500.50',
      volume_usdt: '35.000001',
      credited_usdt: '33.950001',
    });
    expect(body.conversion).toEqual({
      today: { created: 5, completed: 2 },
      week: { created: 7, completed: 3 },
    });
    // (3300 + 600 + 1200) / 3
    expect(body.avg_confirmation_seconds).toBe(1700);
    // The open orders are their own line; the balance is the ledger's, not balance + open.
    expect(body.open_orders).toEqual({ count: 3, amount_rub: '900.00', amount_usdt: '9' });
    expect(body.balance).toEqual({ available_usdt: '33.950001' });
    expect(body.webhooks.pending).toBe(2);
    expect(body.webhooks.failed_24h).toBe(1);
    expect(body.webhooks.last_failures.map((event: { id: string }) => event.id)).toEqual([givenUp, retrying]);
    expect(body.webhooks.last_failures[1]).toMatchObject({
      state: 'pending',
      attempts: 2,
      outcome: '5xx',
      status_code: 502,
      order_id: a,
    });
    // The operator's socket detail never reaches the merchant.
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(body.last_orders).toHaveLength(8);
    expect(body.last_orders.map((order: { status: string }) => order.status)).toEqual([
      'pending',
      'complete',
      'dispute',
      'canceled',
      'complete',
      'verification',
      'complete',
      'complete',
    ]);
    expect(body.last_orders[0]).toMatchObject({ amount_rub: '500.00', amount_usdt: '5' });
  });
});

describe('GET api/v1/support/disputes/queue/', () => {
  async function insertDispute(
    parties: { traderId: string; merchantId: string; methodId: string },
    input: { status: string; createdAt: Date; evidenceDeadline?: Date },
  ): Promise<string> {
    const dealId = await insertDeal(parties, {
      status: input.status.startsWith('completed') ? 'complete' : 'dispute',
      kopecks: 123_400n,
      usdt: 12_340_000n,
      createdAt: new Date(input.createdAt.getTime() - HOUR),
    });
    const row = await selectRow<{ id: string }>(
      t.database.db,
      sql`
      insert into disputes (deal_id, status, opened_by_role, reason, evidence_deadline, created_at, updated_at)
      values (${dealId}::uuid, ${input.status}, 'merchant', 'Оплата не пришла',
              ${(input.evidenceDeadline ?? new Date(input.createdAt.getTime() + 15 * HOUR)).toISOString()}::timestamptz,
              ${input.createdAt.toISOString()}::timestamptz, ${input.createdAt.toISOString()}::timestamptz)
      returning id`,
    );
    return row!.id;
  }

  async function block(disputeId: string, supportId: string, expiresAt: Date) {
    await t.database.db.execute(sql`
      insert into dispute_blocks (dispute_id, support_user_id, expires_at)
      values (${disputeId}::uuid, ${supportId}::uuid, ${expiresAt.toISOString()}::timestamptz)`);
  }

  it('answers 401 without a session and 403 to traders, leads and merchants', async () => {
    expect((await get(API.supportHome.queue)).statusCode).toBe(401);
    for (const options of [{ role: 'trader' }, { role: 'merchant' }, { isLead: true }] as const) {
      const { cookie } = await signedInUser(t, options);
      expect((await get(API.supportHome.queue, cookie)).statusCode).toBe(403);
    }
  });

  it('lists the open disputes oldest first with their deadlines and who holds a live block', async () => {
    // Earlier tests of this file opened none; the queue is this test's.
    const parties = await dealParties(t);
    const me = await signedInUser(t, { role: 'support' });
    const colleague = await signedInUser(t, { role: 'support' });
    await t.database.db.execute(
      sql`update users set username = 'olga_support' where id = ${colleague.user.id}::uuid`,
    );
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);

    const waiting = await insertDispute(parties, {
      status: 'waiting',
      createdAt: ago(3 * HOUR),
      evidenceDeadline: new Date(now.getTime() + 12 * HOUR),
    });
    const overdue = await insertDispute(parties, { status: 'consideration', createdAt: ago(20 * HOUR) });
    const deep = await insertDispute(parties, { status: 'deepconsideration', createdAt: ago(HOUR) });
    const lapsed = await insertDispute(parties, { status: 'consideration', createdAt: ago(2 * HOUR) });
    const mine = await insertDispute(parties, { status: 'waiting', createdAt: ago(30 * MIN) });
    await insertDispute(parties, { status: 'completed_towards_merchant', createdAt: ago(40 * HOUR) });
    await block(deep, colleague.user.id, new Date(now.getTime() + 20 * MIN));
    await block(lapsed, colleague.user.id, ago(MIN));
    await block(mine, me.user.id, new Date(now.getTime() + 20 * MIN));

    const response = await get(API.supportHome.queue, me.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({ waiting: 2, consideration: 2, deepconsideration: 1, blocked: 2 });
    expect(body.truncated).toBe(false);
    expect(body.results.map((item: { id: string }) => item.id)).toEqual([
      overdue,
      waiting,
      lapsed,
      deep,
      mine,
    ]);
    const byId = Object.fromEntries(body.results.map((item: { id: string }) => [item.id, item]));
    // Waiting: the trader's evidence deadline; later stages: 18 hours after the opening.
    expect(byId[waiting].deadline).toBe(new Date(now.getTime() + 12 * HOUR).toISOString());
    expect(byId[overdue].deadline).toBe(new Date(now.getTime() - 2 * HOUR).toISOString());
    expect(byId[overdue]).toMatchObject({
      status: 'consideration',
      amount_rub: '1234.00',
      amount_usdt: '12.34',
    });
    expect(byId[deep].blocked_by).toEqual({ id: colleague.user.id, name: 'olga_support', is_me: false });
    expect(byId[mine].blocked_by).toMatchObject({ id: me.user.id, is_me: true, name: me.email });
    expect(byId[lapsed].blocked_by).toBeNull();
    expect(byId[waiting].blocked_by).toBeNull();
  });
});
