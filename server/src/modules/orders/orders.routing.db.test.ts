import { API, RATING } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devicePost } from '../../../test/device-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { explainRouting } from '../../../test/routing-plan.ts';
import { sentWhile } from '../../../test/sent-statements.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';
import { selectRows } from '../../db/rows.ts';
import { deals, paymentMethods, paymentMethodTurns, terminals, users } from '../../db/schema/index.ts';

/**
 * Routing rules one by one: each test starts with no active method anywhere, adds the candidates it needs and
 * checks which one the order goes to (or that none can take it).
 */
describe('order routing', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof merchantWithKey>>;
  beforeAll(async () => {
    t = await createTestApp({ TERMINAL_OFFLINE_AFTER_S: '120' });
    await setRate(t, '100.00');
    merchant = await merchantWithKey(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.update(paymentMethods).set({ isActive: false });
  });

  const routedTo = async (body: Parameters<typeof postOrder>[2]) => {
    const response = await postOrder(t, merchant.key, body);
    if (response.statusCode !== 201) return response.statusCode;
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, response.json().id));
    return deal!.paymentMethodId;
  };

  it('takes only an active method of the requested mode with the requisite the payer needs', async () => {
    const sbpOnly = await routableMethod(t, { balanceUsdt: 100n * USDT, c2c: false });
    const c2cOnly = await routableMethod(t, { balanceUsdt: 100n * USDT, sbp: false });
    expect(await routedTo({ payment_mode: 'sbp', amount: '100.00' })).toBe(sbpOnly.method.id);
    expect(await routedTo({ payment_mode: 'c2c', amount: '100.00' })).toBe(c2cOnly.method.id);
    await t.database.db
      .update(paymentMethods)
      .set({ isActive: false })
      .where(eq(paymentMethods.id, sbpOnly.method.id));
    expect(await routedTo({ payment_mode: 'sbp', amount: '101.00' })).toBe(422);
  });

  it('honours the preferred bank', async () => {
    const sber = await routableMethod(t, { balanceUsdt: 100n * USDT, bankId: 1 });
    const tbank = await routableMethod(t, { balanceUsdt: 100n * USDT, bankId: 2 });
    expect(await routedTo({ amount: '110.00', bank_id: 2 })).toBe(tbank.method.id);
    expect(await routedTo({ amount: '111.00', bank_id: 1 })).toBe(sber.method.id);
    expect(await routedTo({ amount: '112.00', bank_id: 3 })).toBe(422);
  });

  it("keeps the amount within the method's limits", async () => {
    const small = await routableMethod(t, { balanceUsdt: 1000n * USDT, maxKopecks: 100_000n });
    const large = await routableMethod(t, { balanceUsdt: 1000n * USDT, minKopecks: 100_001n });
    expect(await routedTo({ amount: '1000.00' })).toBe(small.method.id);
    expect(await routedTo({ amount: '1000.01' })).toBe(large.method.id);
  });

  it('skips a method or a trader rated under RATING.minPercent (51 %)', async () => {
    // 5 penalty points: 50 %.
    const lowMethod = await routableMethod(t, { balanceUsdt: 100n * USDT, pointsTenths: 50 });
    const lowTrader = await routableMethod(t, { balanceUsdt: 100n * USDT });
    // A support decision lowers the trader to 50 %; their method keeps its own 100 %.
    await t.ctx.rating.adjust({
      traderId: lowTrader.traderId,
      pointsTenths: 50,
      reason: 'test',
      actor: 'test',
    });
    const [ownMethod] = await t.database.db
      .select({ rating: paymentMethods.rating })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, lowTrader.method.id));
    expect(Number(ownMethod!.rating)).toBe(100);
    expect(await routedTo({ amount: '120.00' })).toBe(422);
    await t.database.db
      .update(paymentMethods)
      .set({ rating: String(RATING.minPercent), ratingPointsTenths: 100 - RATING.minPercent })
      .where(eq(paymentMethods.id, lowMethod.method.id));
    expect(await routedTo({ amount: '120.00' })).toBe(lowMethod.method.id);
    await t.ctx.rating.adjust({
      traderId: lowTrader.traderId,
      pointsTenths: -1,
      reason: 'test',
      actor: 'test',
    });
    expect(await routedTo({ amount: '121.00' })).toBe(lowTrader.method.id);
  });

  it("needs the trader's available USDT to cover the order", async () => {
    const poor = await routableMethod(t, { balanceUsdt: 5n * USDT });
    expect(await routedTo({ amount: '500.01' })).toBe(422);
    expect(await routedTo({ amount: '500.00' })).toBe(poor.method.id);
    expect(await routedTo({ amount: '1.00' })).toBe(422);
  });

  it('needs an enabled terminal that is online', async () => {
    const method = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await t.database.db
      .update(terminals)
      .set({ status: 'Disabled' })
      .where(eq(terminals.id, method.terminalId));
    expect(await routedTo({ amount: '130.00' })).toBe(422);
    await t.database.db
      .update(terminals)
      .set({ status: 'Enabled' })
      .where(eq(terminals.id, method.terminalId));
    await t.database.db
      .update(terminals)
      .set({ lastPing: sql`now() - interval '121 seconds'` })
      .where(eq(terminals.id, method.terminalId));
    expect(await routedTo({ amount: '130.00' })).toBe(422);
    await t.database.db
      .update(terminals)
      .set({ lastPing: new Date() })
      .where(eq(terminals.id, method.terminalId));
    expect(await routedTo({ amount: '130.00' })).toBe(method.method.id);
    await t.database.db
      .update(paymentMethods)
      .set({ terminalId: null })
      .where(eq(paymentMethods.id, method.method.id));
    expect(await routedTo({ amount: '131.00' })).toBe(422);
  });

  it('never gives one method two open deals of one amount; the next order of that amount goes elsewhere', async () => {
    const first = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const second = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const a = await routedTo({ amount: '140.00' });
    const b = await routedTo({ amount: '140.00' });
    expect(new Set([a, b])).toEqual(new Set([first.method.id, second.method.id]));
    expect(await routedTo({ amount: '140.00' })).toBe(422);
    // Another amount still fits either.
    expect([first.method.id, second.method.id]).toContain(await routedTo({ amount: '140.01' }));
  });

  it('gives the order to the method that has waited longest since its last deal (fair rotation)', async () => {
    const methods = [
      await routableMethod(t, { balanceUsdt: 100n * USDT }),
      await routableMethod(t, { balanceUsdt: 100n * USDT }),
      await routableMethod(t, { balanceUsdt: 100n * USDT }),
    ];
    const ids = methods.map((entry) => entry.method.id);
    await t.database.db
      .update(paymentMethodTurns)
      .set({ lastDealAt: new Date('2020-01-02T00:00:00Z') })
      .where(eq(paymentMethodTurns.paymentMethodId, ids[0]!));
    await t.database.db
      .update(paymentMethodTurns)
      .set({ lastDealAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(paymentMethodTurns.paymentMethodId, ids[1]!));
    await t.database.db
      .update(paymentMethodTurns)
      .set({ lastDealAt: new Date('2020-01-03T00:00:00Z') })
      .where(eq(paymentMethodTurns.paymentMethodId, ids[2]!));
    const order = [];
    for (let index = 0; index < 6; index++) order.push(await routedTo({ amount: `${150 + index}.00` }));
    expect(order).toEqual([ids[1], ids[0], ids[2], ids[1], ids[0], ids[2]]);
  });

  it("walks a preferred bank's rotation in order and stops at the first method that qualifies, however many it has", async () => {
    const first = await routableMethod(t, { balanceUsdt: 1000n * USDT, bankId: 2 });
    for (let index = 0; index < 120; index++) {
      await routableMethod(t, { traderId: first.traderId, terminalId: first.terminalId, bankId: 2 });
    }
    await t.database.db.execute(sql`analyze payment_method_turns`);
    await t.database.db.execute(sql`analyze payment_methods`);
    const plan = await explainRouting(t.database, {
      merchantId: merchant.id,
      mode: 'c2c',
      bankId: 2,
      amountKopecks: 130_00n,
      amountUsdt: 1_300_000n,
      minRating: RATING.minPercent,
      onlineSince: t.ctx.terminals.onlineSince(),
      exclude: [],
    });
    const nodes = plan.join('\n');
    // Not the bank's whole rotation read, each method looked up, then sorted for the first one.
    expect(nodes).toContain('Index Scan using payment_method_turns_bank_rotation_idx');
    expect(nodes).not.toMatch(/Sort/);
    // One method looked up: the first turn of the walk qualifies.
    expect(nodes).toMatch(
      /Index Scan using payment_methods_pkey on payment_methods pm \(actual [^)]*loops=1\)/,
    );
    const sent = await sentWhile(async () => {
      expect(await routedTo({ amount: '130.00', bank_id: 2 })).toBeTypeOf('string');
    });
    const setting = sent.findIndex((text) => text.includes('set local enable_sort = off'));
    const routing = sent.findIndex((text) => text.includes('payment_method_turns'));
    expect(setting).toBeGreaterThanOrEqual(0);
    expect(setting).toBeLessThan(routing);
  });

  // The embedded engine has one session: no other transaction can hold a turn there.
  it.skipIf(testEngine === 'pglite')(
    'passes over the turn a concurrent order holds, without waiting for it',
    async () => {
      const front = await routableMethod(t, { balanceUsdt: 100n * USDT });
      const next = await routableMethod(t, { balanceUsdt: 100n * USDT });
      for (const [id, at] of [
        [front.method.id, '2020-01-01T00:00:00Z'],
        [next.method.id, '2020-01-02T00:00:00Z'],
      ] as const) {
        await t.database.db
          .update(paymentMethodTurns)
          .set({ lastDealAt: new Date(at) })
          .where(eq(paymentMethodTurns.paymentMethodId, id));
      }
      const holder = await t.database.raw.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from payment_method_turns where payment_method_id = $1 for update', [
          front.method.id,
        ]);
        const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
        expect(await Promise.race([routedTo({ amount: '140.00' }), waited])).toBe(next.method.id);
      } finally {
        await holder.query('rollback');
        holder.release();
      }
    },
  );

  it("keeps a method's turn while it is switched off, and follows a change of its bank", async () => {
    const first = await routableMethod(t, { balanceUsdt: 100n * USDT, bankId: 1 });
    const second = await routableMethod(t, { balanceUsdt: 100n * USDT, bankId: 1 });
    const setTurn = (id: string, at: string) =>
      t.database.db
        .update(paymentMethodTurns)
        .set({ lastDealAt: new Date(at) })
        .where(eq(paymentMethodTurns.paymentMethodId, id));
    const setMethod = (id: string, values: { isActive?: boolean; bankId?: number }) =>
      t.database.db.update(paymentMethods).set(values).where(eq(paymentMethods.id, id));
    await setTurn(first.method.id, '2020-01-01T00:00:00Z');
    await setTurn(second.method.id, '2020-01-02T00:00:00Z');
    await setMethod(first.method.id, { isActive: false });
    expect(await routedTo({ amount: '160.00' })).toBe(second.method.id);
    // Back on, it has still waited longest (since 2020): its turn was kept.
    await setMethod(first.method.id, { isActive: true });
    expect(await routedTo({ amount: '161.00' })).toBe(first.method.id);
    await setMethod(second.method.id, { bankId: 2 });
    expect(await routedTo({ amount: '162.00', bank_id: 2 })).toBe(second.method.id);
    expect(await routedTo({ amount: '163.00', bank_id: 1 })).toBe(first.method.id);
    const [turn] = await t.database.db
      .select()
      .from(paymentMethodTurns)
      .where(eq(paymentMethodTurns.paymentMethodId, second.method.id));
    expect(turn).toMatchObject({ bankId: 2, active: true });
    expect(turn!.lastDealAt!.getTime()).toBeGreaterThan(new Date('2020-01-02T00:00:00Z').getTime());
  });

  it('leaves a method whose terminal was announced silent out of the walk until the terminal is heard again', async () => {
    const quiet = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const other = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const turnOf = async (id: string) =>
      (
        await t.database.db
          .select()
          .from(paymentMethodTurns)
          .where(eq(paymentMethodTurns.paymentMethodId, id))
      )[0]!;
    // The quiet one has waited longest: it would be routed to first.
    await t.database.db
      .update(paymentMethodTurns)
      .set({ lastDealAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(paymentMethodTurns.paymentMethodId, quiet.method.id));
    await t.database.db
      .update(terminals)
      .set({ lastPing: new Date(t.ctx.now().getTime() - 600_000) })
      .where(eq(terminals.id, quiet.terminalId));
    expect(await t.ctx.terminals.announceOffline(100)).toBeGreaterThanOrEqual(1);
    expect((await turnOf(quiet.method.id)).terminalIdle).toBe(true);
    expect((await turnOf(other.method.id)).terminalIdle).toBe(false);
    expect(await routedTo({ amount: '170.00' })).toBe(other.method.id);
    const beat = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 80, charging: true, network: 'wifi', app_version: '1.0.0' },
      { token: quiet.deviceToken },
    );
    expect(beat.statusCode).toBe(200);
    expect((await turnOf(quiet.method.id)).terminalIdle).toBe(false);
    expect(await routedTo({ amount: '171.00' })).toBe(quiet.method.id);
    // Silent again, then linked to another terminal (a heard one): the new link is in the walk.
    await t.database.db
      .update(terminals)
      .set({ lastPing: new Date(t.ctx.now().getTime() - 600_000) })
      .where(eq(terminals.id, quiet.terminalId));
    await t.ctx.terminals.announceOffline(100);
    expect((await turnOf(quiet.method.id)).terminalIdle).toBe(true);
    // A method added on the silent terminal starts out of the walk as well.
    const added = await routableMethod(t, { traderId: quiet.traderId, terminalId: quiet.terminalId });
    expect((await turnOf(added.method.id)).terminalIdle).toBe(true);
    await t.database.db
      .update(paymentMethods)
      .set({ terminalId: other.terminalId })
      .where(eq(paymentMethods.id, quiet.method.id));
    expect((await turnOf(quiet.method.id)).terminalIdle).toBe(false);
  });

  it("writes nothing to a method's turn when a heartbeat changes nothing for routing", async () => {
    const busy = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const version = async () =>
      (
        await selectRows<{ xmin: string }>(
          t.database.db,
          sql`select xmin::text from payment_method_turns where payment_method_id = ${busy.method.id}`,
        )
      )[0]!.xmin;
    const before = await version();
    const beat = await devicePost(
      t,
      API.device.heartbeat,
      { battery: 80, charging: true, network: 'wifi', app_version: '1.0.0' },
      { token: busy.deviceToken },
    );
    expect(beat.statusCode).toBe(200);
    expect(await version()).toBe(before);
  });

  it('leaves the methods of a terminal its device Disabled out of the walk until it is Enabled again', async () => {
    const paused = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const idle = async () =>
      (
        await t.database.db
          .select({ idle: paymentMethodTurns.terminalIdle })
          .from(paymentMethodTurns)
          .where(eq(paymentMethodTurns.paymentMethodId, paused.method.id))
      )[0]!.idle;
    const status = (enabled: boolean) =>
      devicePost(t, API.device.status, { enabled }, { token: paused.deviceToken });
    expect((await status(false)).statusCode).toBe(200);
    expect(await idle()).toBe(true);
    expect(await routedTo({ amount: '175.00' })).toBe(422);
    expect((await status(true)).statusCode).toBe(200);
    expect(await idle()).toBe(false);
    expect(await routedTo({ amount: '176.00' })).toBe(paused.method.id);
  });

  it('skips every method of a blocked trader (issue 27) and routes to them again once unblocked', async () => {
    const blocked = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.traderId));
    expect(await routedTo({ amount: '130.00' })).toBe(422);
    await t.database.db.update(users).set({ blockedAt: null }).where(eq(users.id, blocked.traderId));
    expect(await routedTo({ amount: '131.00' })).toBe(blocked.method.id);
  });
});

describe('order routing without the terminal rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROUTING_REQUIRE_TERMINAL: 'false' });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  it('routes to a method with no terminal when ROUTING_REQUIRE_TERMINAL=false', async () => {
    const merchant = await merchantWithKey(t);
    const method = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await t.database.db
      .update(paymentMethods)
      .set({ terminalId: null })
      .where(eq(paymentMethods.id, method.method.id));
    const response = await postOrder(t, merchant.key, { amount: '100.00' });
    expect(response.statusCode).toBe(201);
  });
});

describe('order routing under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  it('200 simultaneous orders against 20 methods and limited balances: no double-booked amount, no overdraft, every frozen cent accounted for', async () => {
    const merchant = await merchantWithKey(t);
    // 10 traders with 2 methods each; each trader holds 30 USDT: enough for 3 of the orders below (10 USDT).
    const traders: string[] = [];
    for (let trader = 0; trader < 10; trader++) {
      const first = await routableMethod(t, { balanceUsdt: 30n * USDT });
      await routableMethod(t, { traderId: first.traderId, terminalId: first.terminalId });
      traders.push(first.traderId);
    }
    // Five distinct amounts of 10 USDT each (1000 RUB ± kopecks): many orders share an amount.
    const amounts = ['1000.00', '1000.01', '1000.02', '1000.03', '1000.04'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        postOrder(t, merchant.key, { amount: amounts[index % amounts.length]!, external_id: `c-${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 422)).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json());
    // 10 traders × 30 USDT / ~10 USDT: at most 29 orders fit (the 1000.0x amounts are a hair over 10 USDT).
    expect(created.length).toBeGreaterThan(10);
    const open = await t.database.db.select().from(deals).where(eq(deals.merchantId, merchant.id));
    expect(open).toHaveLength(created.length);
    const pairs = open.map((deal) => `${deal.paymentMethodId}:${deal.amountKopecks}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const trader of traders) {
      const balances = await t.ctx.ledger.getBalances(trader);
      const frozen = open
        .filter((deal) => deal.traderId === trader)
        .reduce((sum, deal) => sum + deal.amountUsdt, 0n);
      expect(balances.frozen).toBe(frozen);
      expect(balances.available + balances.frozen).toBe(30n * USDT);
      expect(balances.available >= 0n).toBe(true);
    }
    // Each method holds at most one deal per amount, so 20 methods × 5 amounts bound the count too.
    expect(created.length).toBeLessThanOrEqual(100);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});

describe('order routing when a concurrent order wins a race after the routing read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.update(paymentMethods).set({ isActive: false });
  });

  /**
   * The order's statement sees the trader's balance taken for the next `times` orders (as when a concurrent
   * order froze it between this order's routing read and its freeze), by making the freeze's condition false.
   */
  const balanceTakenFor = (times: number) => {
    const { ledger } = t.ctx;
    const original = ledger.freezeNewParts;
    let left = times;
    ledger.freezeNewParts = (input, options) => {
      left -= 1;
      if (left < 0) return original(input, options);
      return original(input, { ...options, onlyIf: sql`false` });
    };
    return () => {
      ledger.freezeNewParts = original;
    };
  };

  it('runs the order again with the method excluded: one deal, on the other method, and its key replays it', async () => {
    const merchant = await merchantWithKey(t);
    const first = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const second = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const restore = balanceTakenFor(1);
    let response: Awaited<ReturnType<typeof postOrder>>;
    try {
      response = await postOrder(
        t,
        merchant.key,
        { amount: '500.00', external_id: 'race-1' },
        { idempotencyKey: 'race-key-1' },
      );
    } finally {
      restore();
    }
    expect(response.statusCode).toBe(201);
    const written = await t.database.db.select().from(deals).where(eq(deals.merchantId, merchant.id));
    expect(written).toHaveLength(1);
    // Rotation gives the first order to the method created first; the race sends it to the other one.
    expect([first.method.id, second.method.id]).toContain(written[0]!.paymentMethodId);
    const untouched = written[0]!.paymentMethodId === first.method.id ? second : first;
    expect((await t.ctx.ledger.getBalances(untouched.traderId)).frozen).toBe(0n);
    const replay = await postOrder(
      t,
      merchant.key,
      { amount: '500.00', external_id: 'race-1' },
      { idempotencyKey: 'race-key-1' },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(response.body);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('refuses with no-method once every method it tried was taken, and the key replays the refusal', async () => {
    const merchant = await merchantWithKey(t);
    for (let index = 0; index < 9; index++) await routableMethod(t, { balanceUsdt: 100n * USDT });
    const restore = balanceTakenFor(100);
    let response: Awaited<ReturnType<typeof postOrder>>;
    try {
      response = await postOrder(
        t,
        merchant.key,
        { amount: '600.00', external_id: 'race-2' },
        { idempotencyKey: 'race-key-2' },
      );
    } finally {
      restore();
    }
    expect(response.statusCode).toBe(422);
    expect(response.json().type).toBe('urn:processing:problem:no-method');
    expect(await t.database.db.select().from(deals).where(eq(deals.merchantId, merchant.id))).toHaveLength(0);
    // The balance is there again, but the key keeps its refusal.
    const replay = await postOrder(
      t,
      merchant.key,
      { amount: '600.00', external_id: 'race-2' },
      { idempotencyKey: 'race-key-2' },
    );
    expect(replay.statusCode).toBe(422);
    expect(replay.body).toBe(response.body);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
