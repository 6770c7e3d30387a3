import { randomBytes, randomUUID } from 'node:crypto';
import { API, type CreateOrderBody, ratingPercent } from '@app/shared';
import { eq } from 'drizzle-orm';
import { paymentMethods, terminals } from '../src/db/schema/index.ts';
import { DEVICE, devicePost, insertPendingTerminal } from './device-fixtures.ts';
import { insertUser, type TestApp } from './test-app.ts';

export const USDT = 1_000_000n;
export const SBER_BANK_ID = 1;

/** A merchant with an API key (created through the keys service, as Settings does). */
export async function merchantWithKey(t: TestApp) {
  const { user, email } = await insertUser(t, { role: 'merchant' });
  const created = await t.ctx.merchantKeys.createKey(user.id, 'tests');
  return { id: user.id, email, key: created.key };
}

/** Sets the manual rate (RUB per USDT). */
export async function setRate(t: TestApp, rate = '100.00') {
  await t.ctx.rates.record({ rate, source: 'manual', setBy: 'test' });
}

let cardSeq = 0;
/** A unique 16-digit card number per call (cards are unique across users). */
export function uniqueCard(): string {
  cardSeq++;
  return `2200${Date.now().toString().slice(-6)}${String(cardSeq).padStart(6, '0')}`;
}

/**
 * A trader's method that routing can pick: active for both modes, linked to an enabled terminal that has just
 * sent a heartbeat, with the trader's USDT deposited. Written with SQL (and the real device activate), so
 * order tests do not depend on the Payments page's flows.
 */
export async function routableMethod(
  t: TestApp,
  options: {
    traderId?: string;
    terminalId?: string;
    balanceUsdt?: bigint;
    bankId?: number;
    minKopecks?: bigint | null;
    maxKopecks?: bigint | null;
    /** The method's penalty points in tenths (its percent derived), also its base; 0 (100 %) unless given. */
    pointsTenths?: number;
    sbp?: boolean;
    c2c?: boolean;
  } = {},
) {
  const traderId = options.traderId ?? (await insertUser(t)).user.id;
  let terminalId = options.terminalId;
  let deviceToken: string | undefined;
  if (!terminalId) {
    const pending = await insertPendingTerminal(t, {
      userId: traderId,
      expiresAt: new Date(t.ctx.now().getTime() + 600_000),
    });
    const activated = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: pending.authKey,
      device: DEVICE,
    });
    if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.body}`);
    terminalId = pending.id;
    deviceToken = activated.json().device_token as string;
    await t.database.db.update(terminals).set({ lastPing: t.ctx.now() }).where(eq(terminals.id, terminalId));
  }
  if (options.balanceUsdt !== undefined && options.balanceUsdt > 0n) {
    await t.ctx.ledger.creditDeposit({
      userId: traderId,
      amount: options.balanceUsdt,
      idempotencyKey: `test-deposit:${randomUUID()}`,
    });
  }
  const phone = `+79${randomBytes(5).readUIntBE(0, 5).toString().padStart(9, '0').slice(0, 9)}`;
  const [method] = await t.database.db
    .insert(paymentMethods)
    .values({
      userId: traderId,
      bankId: options.bankId ?? SBER_BANK_ID,
      name: 'Иван Петрович С.',
      card: uniqueCard(),
      phoneNumber: phone,
      nomerScheta: randomBytes(6).readUIntBE(0, 6).toString().slice(0, 20),
      isSbp: options.sbp ?? true,
      isC2c: options.c2c ?? true,
      isActive: true,
      firstActivatedAt: t.ctx.now(),
      terminalId,
      rating: String(ratingPercent(options.pointsTenths ?? 0)),
      ratingPointsTenths: options.pointsTenths ?? 0,
      basePointsTenths: options.pointsTenths ?? 0,
      minDepositKopecks: options.minKopecks ?? null,
      maxDepositKopecks: options.maxKopecks ?? null,
    })
    .returning();
  return { traderId, terminalId, deviceToken, method: method! };
}

/** POST merchant/v1/orders with the merchant's key and a fresh (or given) Idempotency-Key. */
export function postOrder(
  t: TestApp,
  key: string,
  body: Partial<CreateOrderBody> & Record<string, unknown>,
  options: { idempotencyKey?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.merchant.orders}`,
    headers: {
      authorization: `Bearer ${key}`,
      'idempotency-key': options.idempotencyKey ?? randomUUID(),
    },
    payload: {
      amount: '1500.00',
      payment_mode: 'sbp',
      external_id: `order-${randomBytes(6).toString('hex')}`,
      ...body,
    },
  });
}
