import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { eq } from 'drizzle-orm';
import { paymentMethods, telegramAccounts, users } from '../src/db/schema/index.ts';
import { multipartBody } from './multipart.ts';
import { merchantWithKey, postOrder, routableMethod, USDT } from './order-fixtures.ts';
import { STRONG_PASSWORD, signIn, TEST_ORIGIN, type TestApp } from './test-app.ts';

/** The smallest evidence the type sniffing takes: a PDF header and some bytes. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 1)]);

/** A PDF of exactly `size` bytes. */
export function pdfOf(size: number): Buffer {
  const content = Buffer.alloc(size, 7);
  PDF.copy(content, 0, 0, Math.min(PDF.length, size));
  return content;
}

let telegramSeq = 8_000_000 + (process.pid % 1000) * 1000;

/** Links a Telegram account to the user (trader and merchant dispute calls need one); once per user. */
export async function linkTelegram(t: TestApp, userId: string): Promise<void> {
  telegramSeq += 1;
  await t.database.db
    .insert(telegramAccounts)
    .values({ userId, telegramId: telegramSeq, telegramName: 'test' })
    .onConflictDoNothing();
}

/** Signs the user in (test users have STRONG_PASSWORD) and returns the Cookie header value. */
export async function cookieOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return signIn(t, row!.email, STRONG_PASSWORD);
}

type Merchant = Awaited<ReturnType<typeof merchantWithKey>>;

/**
 * A 5,000 ₽ deal in verification (paid by the payer) of a new merchant (with its key) and a new trader
 * (100 USDT), both linked to Telegram.
 */
export async function paidDealOfLinkedSides(
  t: TestApp,
): Promise<{ merchant: Merchant; traderId: string; dealId: string }> {
  const merchant = await merchantWithKey(t);
  const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
  const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
  await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
  await linkTelegram(t, merchant.id);
  await linkTelegram(t, traderId);
  return { merchant, traderId, dealId: order.id as string };
}

/**
 * A trader whose one method is the only active one, so the next orders go to it (other tests' methods are
 * switched off), with 100 USDT deposited and Telegram linked.
 */
export async function soleTrader(t: TestApp): Promise<string> {
  await t.database.db.update(paymentMethods).set({ isActive: false });
  const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
  await linkTelegram(t, traderId);
  return traderId;
}

let amountSeq = 0;

/**
 * An order of `merchant` (created when not given; Telegram linked) routed to the sole trader, then paid by the
 * payer (`to: 'pay'`, verification) or canceled by the merchant while pending (`to: 'cancel'`). Each order has
 * its own amount (1000 ₽ and up: 10 USDT at 100 ₽), so one method takes many.
 */
export async function orderOf(
  t: TestApp,
  input: { merchant?: Merchant; to: 'pay' | 'cancel' },
): Promise<{ merchant: Merchant; dealId: string }> {
  const merchant = input.merchant ?? (await merchantWithKey(t));
  await linkTelegram(t, merchant.id);
  amountSeq += 1;
  const created = await postOrder(t, merchant.key, { amount: `${1000 + amountSeq}.00` });
  if (created.statusCode !== 201) throw new Error(`order refused: ${created.body}`);
  const dealId = created.json().id as string;
  const moved =
    input.to === 'pay'
      ? await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(dealId)}` })
      : await t.app.inject({
          method: 'POST',
          url: `${t.prefix}${API.merchant.cancel(dealId)}`,
          headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': randomUUID() },
        });
  if (moved.statusCode !== 200) throw new Error(`order not moved: ${moved.body}`);
  return { merchant, dealId };
}

export const BOUNDARY = 'dispute-limits-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** POST merchant/v1/orders/{id}/disputes: JSON {reason}, or multipart with these files; a fresh key unless given. */
export function merchantOpens(
  t: TestApp,
  merchant: Merchant,
  dealId: string,
  files?: { name: string; content: Buffer }[],
  idempotencyKey: string = randomUUID(),
) {
  const headers = { authorization: `Bearer ${merchant.key}`, 'idempotency-key': idempotencyKey };
  return files
    ? t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.disputes(dealId)}`,
        headers: { ...headers, 'content-type': MULTIPART },
        payload: multipartBody(BOUNDARY, { reason: 'Клиент оплатил' }, files),
      })
    : t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.disputes(dealId)}`,
        headers,
        payload: { reason: 'Клиент оплатил' },
      });
}

/** POST api/v1/disputes/{id}/files/ as the signed-in user, the files as evidence of `side`. */
export function uploadEvidence(
  t: TestApp,
  cookie: string,
  disputeId: string,
  side: 'trader' | 'merchant',
  files: { name: string; content: Buffer }[],
) {
  return t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.disputes.files(disputeId)}`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': MULTIPART },
    payload: multipartBody(BOUNDARY, { type: side }, files),
  });
}
