import { randomUUID } from 'node:crypto';
import {
  API,
  applyRatingEvent,
  PAYMENT_MESSAGES,
  RATING,
  ratingEventTenths,
  ratingPercent,
} from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdminOutput } from '../../../test/cli-fixtures.ts';
import { devicePost } from '../../../test/device-fixtures.ts';
import {
  merchantWithKey,
  postOrder,
  routableMethod,
  SBER_BANK_ID,
  setRate,
  USDT,
  uniqueCard,
} from '../../../test/order-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { ratingAdjustCommand, ratingRecomputeCommand } from '../../cli/commands/rating.ts';
import { type AdminCommand, UsageError } from '../../cli/commands/types.ts';
import { paymentMethods, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import * as repo from './rating.repository.ts';

const SUCCESS = ratingEventTenths('deal_completed');
const CREATED = ratingEventTenths('created');
const IGNORED = ratingEventTenths('ignored');
const FAST_FINISH = ratingEventTenths('finished_within_18h');

describe('rating engine (spec §9)', () => {
  let t: TestApp;
  let now = new Date('2031-07-01T09:00:00Z');
  let merchant: Awaited<ReturnType<typeof merchantWithKey>>;
  let support: { id: string; role: 'support' };
  beforeAll(async () => {
    t = await createTestApp(
      // One merchant disputes many deals of one trader here: the per-trader cap (issue 23) is not under test.
      {
        ROUTING_REQUIRE_TERMINAL: 'false',
        DISPUTE_EVIDENCE_H: '1',
        DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER: '1000',
      },
      { now: () => now },
    );
    merchant = await merchantWithKey(t);
    support = { id: (await insertUser(t, { role: 'support' })).user.id, role: 'support' };
  });
  afterAll(() => t.close());

  const later = (hours: number) => {
    now = new Date(now.getTime() + hours * 3_600_000);
  };
  const traderRating = async (id: string) => {
    const [row] = await t.database.db
      .select({ points: users.ratingPointsTenths, percent: users.rating })
      .from(users)
      .where(eq(users.id, id));
    return { points: row!.points, percent: Number(row!.percent) };
  };
  const methodRating = async (id: string) => {
    const [row] = await t.database.db
      .select({
        points: paymentMethods.ratingPointsTenths,
        base: paymentMethods.basePointsTenths,
        percent: paymentMethods.rating,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id));
    return { points: row!.points, base: row!.base, percent: Number(row!.percent) };
  };
  const kinds = async (traderId: string) => (await repo.eventsOf(t.database.db, traderId)).map((e) => e.kind);
  const asTrader = (id: string) => ({ id, role: 'trader' }) as SessionUser;
  const adjust = (traderId: string, pointsTenths: number) =>
    t.ctx.rating.adjust({ traderId, pointsTenths, reason: 'test', actor: 'test' });

  /** A pending deal on this method only (every other method made inactive), of `amount` rubles. */
  async function dealOn(methodId: string, amount = '1000.00') {
    await setRate(t, '100.00');
    await t.database.db.update(paymentMethods).set({ isActive: sql`${paymentMethods.id} = ${methodId}` });
    const response = await postOrder(t, merchant.key, { amount });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const paid = async (dealId: string) =>
    expect(
      (await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(dealId)}` })).statusCode,
    ).toBe(200);
  async function disputeOn(methodId: string, amount?: string) {
    const dealId = await dealOn(methodId, amount);
    await paid(dealId);
    return t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Клиент оплатил' });
  }

  it('a deal the trader confirms: −0.1 to the trader and its method, recorded once; the percent stays at 100', async () => {
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const dealId = await dealOn(method.id);
    await t.ctx.orders.confirmByTrader(asTrader(traderId), dealId);
    expect(await traderRating(traderId)).toEqual({ points: SUCCESS, percent: 100 });
    expect(await methodRating(method.id)).toMatchObject({ points: SUCCESS, percent: 100 });
    await expect(t.ctx.orders.confirmByTrader(asTrader(traderId), dealId)).rejects.toBeTruthy();
    const events = await repo.eventsOf(t.database.db, traderId);
    expect(events).toMatchObject([
      { kind: 'deal_completed', dealId, paymentMethodId: method.id, pointsTenths: -1 },
    ]);
  });

  it('a deal a terminal notification completes counts as successful too', async () => {
    const { traderId, method, deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const dealId = await dealOn(method.id, '1500.00');
    const itemId = randomUUID();
    const text = 'MIR-4821 13:54 Перевод 1500р от Марина Петровна А. Баланс: 22393.15р';
    const response = await devicePost(
      t,
      API.device.notifications,
      { items: [{ id: itemId, source: 'sms', sender: '900', text, received_at: now.toISOString() }] },
      { token: deviceToken! },
    );
    expect(response.json().results).toEqual([{ id: itemId, status: 'matched', deal_id: dealId }]);
    expect(await kinds(traderId)).toEqual(['deal_completed']);
    expect(await traderRating(traderId)).toMatchObject({ points: SUCCESS });
  });

  it('dispute created +1, ignored +1, finished within 18 h −1; a verdict completing the deal is no success', async () => {
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const dispute = await disputeOn(method.id);
    expect(await traderRating(traderId)).toEqual({ points: CREATED, percent: 90 });
    expect(await methodRating(method.id)).toMatchObject({ points: CREATED, percent: 90 });
    later(1.5);
    expect(await t.ctx.disputes.advanceDue()).toBeGreaterThanOrEqual(1);
    expect(await traderRating(traderId)).toEqual({ points: CREATED + IGNORED, percent: 80 });
    await t.ctx.disputes.resolve(support, dispute.id, { resolution: 'merchant', comment: '' });
    expect(await kinds(traderId)).toEqual(['created', 'ignored', 'finished_within_18h']);
    expect(await traderRating(traderId)).toEqual({ points: CREATED + IGNORED + FAST_FINISH, percent: 90 });
    expect(await methodRating(method.id)).toMatchObject({ points: 10, percent: 90 });

    // Finished after 18 h: no finished_within_18h (the verdict still records the trader's silence).
    const slow = await disputeOn(method.id, '1001.00');
    later(19);
    await t.ctx.disputes.resolve(support, slow.id, { resolution: 'trader', comment: '' });
    expect(await kinds(traderId)).toEqual([
      'created',
      'ignored',
      'finished_within_18h',
      'created',
      'ignored',
    ]);
    expect(await traderRating(traderId)).toEqual({ points: 30, percent: 70 });
  });

  it('after every event the points are raised to −3 if lower, so order matters', async () => {
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    expect(await adjust(traderId, -50)).toEqual({ pointsTenths: RATING.floorTenths, percent: 100 });
    const dealId = await dealOn(method.id);
    await t.ctx.orders.confirmByTrader(asTrader(traderId), dealId);
    expect((await traderRating(traderId)).points).toBe(-30);
    await disputeOn(method.id, '1002.00');
    // −3 + 1, not −5 − 0.1 + 1.
    expect(await traderRating(traderId)).toEqual({ points: -20, percent: 100 });
    expect(applyRatingEvent(applyRatingEvent(-50, -1), 10)).toBe(-20);
  });

  it('the percent is clamped to 0 and 100', async () => {
    const { user } = await insertUser(t);
    expect(await adjust(user.id, 120)).toEqual({ pointsTenths: 120, percent: 0 });
    expect(await traderRating(user.id)).toEqual({ points: 120, percent: 0 });
    expect(await adjust(user.id, -10)).toEqual({ pointsTenths: 110, percent: 0 });
    expect(await adjust(user.id, -105)).toEqual({ pointsTenths: 5, percent: 95 });
    expect(ratingPercent(-30)).toBe(100);
  });

  it('a new method starts at the trader’s points; an adjustment moves the trader, not the methods', async () => {
    const { traderId, method: old } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await adjust(traderId, 20);
    const created = await t.ctx.payments.create(
      { id: traderId },
      { name: 'Иван Петров', bank: SBER_BANK_ID, card: uniqueCard(), phone_number: null, nomer_scheta: null },
    );
    expect(await methodRating(created.payment_id)).toEqual({ points: 20, base: 20, percent: 80 });
    await adjust(traderId, 15);
    expect(await traderRating(traderId)).toEqual({ points: 35, percent: 65 });
    expect(await methodRating(created.payment_id)).toMatchObject({ points: 20, percent: 80 });
    expect(await methodRating(old.id)).toMatchObject({ points: 0, percent: 100 });
    // The old method's deal moves the trader and that method only.
    await t.ctx.orders.confirmByTrader(asTrader(traderId), await dealOn(old.id));
    expect(await traderRating(traderId)).toEqual({ points: 34, percent: 66 });
    expect(await methodRating(old.id)).toMatchObject({ points: -1, percent: 100 });
    expect(await methodRating(created.payment_id)).toMatchObject({ points: 20 });
  });

  it('a trader under 51 % cannot create methods and gets no deals; a method under 51 % gets none', async () => {
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const input = () => ({
      name: 'Иван Петров',
      bank: SBER_BANK_ID,
      card: uniqueCard(),
      phone_number: null,
      nomer_scheta: null,
    });
    await adjust(traderId, 100 - RATING.minPercent + 1);
    expect(await traderRating(traderId)).toMatchObject({ percent: 50 });
    await expect(t.ctx.payments.create({ id: traderId }, input())).rejects.toMatchObject({
      statusCode: 400,
      body: { detail: PAYMENT_MESSAGES.ratingTooLow },
    });
    await setRate(t, '100.00');
    await t.database.db.update(paymentMethods).set({ isActive: sql`${paymentMethods.id} = ${method.id}` });
    expect((await postOrder(t, merchant.key, { amount: '1000.00' })).statusCode).toBe(422);
    await adjust(traderId, -1);
    expect(await traderRating(traderId)).toMatchObject({ percent: 51 });
    await expect(t.ctx.payments.create({ id: traderId }, input())).resolves.toMatchObject({
      status: 'success',
    });
    // Disputes bring the method (at 100 %) to 50 %; the trader, raised to the floor first, stays routable.
    await adjust(traderId, -100);
    for (let index = 0; index < 5; index++) await disputeOn(method.id, `${1100 + index}.00`);
    expect(await methodRating(method.id)).toMatchObject({ percent: 50 });
    expect(await traderRating(traderId)).toEqual({ points: 20, percent: 80 });
    await t.database.db.update(paymentMethods).set({ isActive: sql`${paymentMethods.id} = ${method.id}` });
    expect((await postOrder(t, merchant.key, { amount: '1000.00' })).statusCode).toBe(422);
  });

  const run = (command: AdminCommand, argv: string[]) => runAdminOutput(command, argv, appCliEnv(t));

  it('rating-recompute equals the incremental ratings after a random mixed sequence, and corrects a broken row', async () => {
    const { traderId, method: first } = await routableMethod(t, { balanceUsdt: 1000n * USDT });
    const { method: second } = await routableMethod(t, { traderId });
    const methods = [first.id, second.id];
    await adjust(traderId, -25);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 69_069 + 1) % 4_294_967_296;
      // The high bits: an LCG's low bits repeat with a short period.
      return Math.floor(seed / 65_536) % n;
    };
    // Every step keeps the methods and the trader routable (at most +2 points per step, no dispute left waiting),
    // so each deal is routed. The generator is fixed (a seeded LCG), so a failure repeats.
    for (let step = 0; step < 30; step++) {
      if ((await traderRating(traderId)).points > 20) await adjust(traderId, -30);
      const points = [(await methodRating(first.id)).points, (await methodRating(second.id)).points];
      // Disputes go to the method with fewer points, and only while it is at 2 points or less.
      const calmer = points[0]! <= points[1]! ? first.id : second.id;
      const disputable = Math.min(...points) <= 20;
      const amount = `${2000 + step}.00`;
      // A fixed start that has every kind of event, then random steps.
      const choice = step < 5 ? [0, 3, 4, 5, 3][step]! : random(6);
      if (choice === 3 && disputable) {
        const dispute = await disputeOn(calmer, amount);
        if (random(2) === 0) {
          later(1.5);
          await t.ctx.disputes.advanceDue();
        }
        later(step >= 5 && random(3) === 0 ? 20 : 0.5);
        await t.ctx.disputes.resolve(support, dispute.id, {
          resolution: random(2) === 0 ? 'merchant' : 'trader',
          comment: '',
        });
      } else if (choice === 4) {
        await adjust(traderId, random(41) - 20);
      } else if (choice === 5 && disputable) {
        // Left in consideration with its ignored event: no later event comes from it.
        await disputeOn(calmer, amount);
        later(1.5);
        await t.ctx.disputes.advanceDue();
      } else {
        await t.ctx.orders.confirmByTrader(asTrader(traderId), await dealOn(methods[random(2)]!, amount));
      }
    }
    expect(new Set(await kinds(traderId))).toEqual(
      new Set(['adjustment', 'deal_completed', 'created', 'ignored', 'finished_within_18h']),
    );
    const before = [
      await traderRating(traderId),
      await methodRating(first.id),
      await methodRating(second.id),
    ];
    expect(await t.ctx.rating.recompute()).toEqual([]);
    expect([
      await traderRating(traderId),
      await methodRating(first.id),
      await methodRating(second.id),
    ]).toEqual(before);
    expect(await run(ratingRecomputeCommand, [])).toEqual({
      code: 0,
      output: expect.stringContaining('no differences'),
    });

    const [trader] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, traderId));
    await t.database.db
      .update(users)
      .set({ ratingPointsTenths: before[0]!.points + 7 })
      .where(eq(users.id, traderId));
    await t.database.db.update(paymentMethods).set({ rating: '1' }).where(eq(paymentMethods.id, second.id));
    const corrected = await run(ratingRecomputeCommand, []);
    expect(corrected.code).toBe(0);
    expect(corrected.output).toContain('Ratings corrected (2)');
    expect(corrected.output).toContain(`trader ${trader!.email}: events say`);
    expect(corrected.output).toContain(`method ${second.id} of ${trader!.email}`);
    expect([
      await traderRating(traderId),
      await methodRating(first.id),
      await methodRating(second.id),
    ]).toEqual(before);
    expect((await run(ratingRecomputeCommand, [])).output).toContain('no differences');
  });

  it('many deals and disputes of one trader at once: recompute finds no difference', {
    timeout: 120_000,
  }, async () => {
    const { traderId, method } = await routableMethod(t, { balanceUsdt: 1000n * USDT });
    // Two methods, so only the trader's row orders their events.
    const { method: other } = await routableMethod(t, { traderId });
    // Near the floor, where the order of events changes the result.
    await adjust(traderId, -25);
    const confirmations: string[] = [];
    const disputed: string[] = [];
    for (let index = 0; index < 16; index++) {
      const dealId = await dealOn(index % 2 === 0 ? method.id : other.id, `${3000 + index}.00`);
      if (index % 4 === 0) {
        await paid(dealId);
        disputed.push(dealId);
      } else {
        confirmations.push(dealId);
      }
    }
    await Promise.all([
      ...confirmations.map((id) => t.ctx.orders.confirmByTrader(asTrader(traderId), id)),
      ...disputed.map((id) => t.ctx.disputes.openByMerchant(merchant.id, id, { reason: 'Оплачено' })),
    ]);
    const events = await repo.eventsOf(t.database.db, traderId);
    expect(events.filter((e) => e.kind === 'deal_completed')).toHaveLength(12);
    expect(events.filter((e) => e.kind === 'created')).toHaveLength(4);
    const replayed = events.reduce((points, event) => applyRatingEvent(points, event.pointsTenths), 0);
    expect((await traderRating(traderId)).points).toBe(replayed);
    expect(await t.ctx.rating.recompute()).toEqual([]);
  });

  it('rating-adjust adds penalty points to a trader as an audited event; refuses what it cannot apply', async () => {
    const { user, email } = await insertUser(t);
    const { method } = await routableMethod(t, { traderId: user.id });
    const result = await run(ratingAdjustCommand, [email, '+6', '--reason', 'жалоба мерчанта']);
    expect(result).toEqual({ code: 0, output: `Adjusted ${email} by +6.0 points: now +6.0 points (40 %).` });
    expect(await repo.eventsOf(t.database.db, user.id)).toMatchObject([
      {
        kind: 'adjustment',
        pointsTenths: 60,
        reason: 'жалоба мерчанта',
        actor: 'admin-cli',
        paymentMethodId: null,
      },
    ]);
    expect(await methodRating(method.id)).toMatchObject({ points: 0, percent: 100 });
    expect((await run(ratingAdjustCommand, [email, '-0,5', '--reason', 'ошибка'])).output).toContain(
      'now +5.5 points (45 %)',
    );
    await expect(run(ratingAdjustCommand, [email, '+6'])).rejects.toBeInstanceOf(UsageError);
    await expect(run(ratingAdjustCommand, [email, '1.25', '--reason', 'x'])).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run(ratingAdjustCommand, [email, '0', '--reason', 'x'])).rejects.toBeInstanceOf(UsageError);
    expect(await run(ratingAdjustCommand, ['nobody@example.com', '1', '--reason', 'x'])).toEqual({
      code: 1,
      output: 'No user with email nobody@example.com.',
    });
    expect((await run(ratingAdjustCommand, [merchant.email, '1', '--reason', 'x'])).code).toBe(1);
    expect(await traderRating(user.id)).toEqual({ points: 55, percent: 45 });
  });
});
