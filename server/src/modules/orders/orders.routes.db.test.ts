import { API, DEAL_MESSAGES, payerOrderSchema, transactionSchema } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, STRONG_PASSWORD, signIn, type TestApp } from '../../../test/test-app.ts';
import { deals, users } from '../../db/schema/index.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipartBody(file: Buffer, filename: string, contentType: string) {
  const boundary = '----receipt-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('deals in the web app and the payer page', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof merchantWithKey>>;
  let traderId: string;
  let traderCookie: string;
  let merchantCookie: string;
  const orderIds: string[] = [];

  const cookieOf = async (id: string) => {
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return signIn(t, row!.email, STRONG_PASSWORD);
  };
  const list = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${API.transactions.list}${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    await setRate(t, '100.00');
    merchant = await merchantWithKey(t);
    const method = await routableMethod(t, { balanceUsdt: 1000n * USDT });
    traderId = method.traderId;
    for (const amount of ['1000.00', '3000.00', '2000.00']) {
      orderIds.push((await postOrder(t, merchant.key, { amount, external_id: `web-${amount}` })).json().id);
    }
    traderCookie = await cookieOf(traderId);
    merchantCookie = await cookieOf(merchant.id);
    await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.transactions.verify}`,
      headers: { cookie: traderCookie, origin: 'http://app.test' },
      payload: { transaction_id: orderIds[1] },
    });
  });
  afterAll(() => t.close());

  it('lists the trader its deals in the spec §3 shape, newest first, with count and total_items', async () => {
    const response = await list(traderCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 3, total_items: 3 });
    expect(body.results.map((item: { id: string }) => item.id)).toEqual([...orderIds].reverse());
    const item = body.results.find((entry: { id: string }) => entry.id === orderIds[1]);
    // Exactly spec §3 Transaction, written out so that a field added to the contract fails here too.
    const specFields = [
      'id',
      'created_at',
      'updated_at',
      'status',
      'amount',
      'currency',
      'profit',
      'order_type',
      'description',
      'payment_details',
    ];
    expect(Object.keys(item).sort()).toEqual([...specFields].sort());
    expect(Object.keys(transactionSchema.shape).sort()).toEqual([...specFields].sort());
    expect(item).not.toHaveProperty('payment_mode');
    expect(item).toMatchObject({
      status: 'complete',
      amount: 30,
      currency: 'USDT',
      profit: 0.6,
      order_type: 'sbp',
      payment_details: {
        amount: '3000.00',
        currency: { code: 'RUB', symbol: '₽' },
        bank: { name: 'Сбербанк' },
      },
    });
  });

  it('filters by a comma list of statuses and sorts by amount or profit either way', async () => {
    const pending = (await list(traderCookie, '?status=pending,verification')).json();
    expect(pending).toMatchObject({ count: 2, total_items: 3 });
    const byAmount = (await list(traderCookie, '?sort=amount&order=asc')).json();
    expect(byAmount.results.map((item: { amount: number }) => item.amount)).toEqual([10, 20, 30]);
    const byProfit = (await list(traderCookie, '?sort=profit&order=desc&page_size=2&page=2')).json();
    expect(byProfit.results.map((item: { profit: number }) => item.profit)).toEqual([0.2]);
    expect((await list(traderCookie, '?status=bogus')).statusCode).toBe(400);
  });

  it('filters by calendar days and refuses a start after the end', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
    expect((await list(traderCookie, `?start_date=${today}&end_date=${today}`)).json().count).toBe(3);
    expect((await list(traderCookie, '?start_date=2020-01-01&end_date=2020-01-02')).json()).toMatchObject({
      count: 0,
      total_items: 3,
    });
    const refused = await list(traderCookie, '?start_date=2020-01-03&end_date=2020-01-02');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: DEAL_MESSAGES.invalidDateRange });
  });

  it("shows the merchant its orders with what it is credited as profit, and nobody else's", async () => {
    const body = (await list(merchantCookie)).json();
    expect(body.count).toBe(3);
    const complete = body.results.find((entry: { id: string }) => entry.id === orderIds[1]);
    expect(complete.profit).toBe(29.1);
    expect(complete.description).toContain('web-3000.00');
    const stranger = await cookieOf((await routableMethod(t, {})).traderId);
    expect((await list(stranger)).json()).toMatchObject({ count: 0, total_items: 0 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.transactions.detail(orderIds[0]!)}`,
      headers: { cookie: stranger },
    });
    expect(detail.statusCode).toBe(404);
  });

  it('the dashboard carries the last deals', async () => {
    const dashboard = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.dashboard}`,
      headers: { cookie: traderCookie },
    });
    expect(dashboard.json().transactions).toHaveLength(3);
    expect(dashboard.json().transactions[0]).toMatchObject({
      id: orderIds[2],
      amount: 20,
      profit: 0.4,
      bank: 'Сбербанк',
    });
  });

  it('the payer page shows only what the payer needs and nothing about the trader or merchant', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.payer.order(orderIds[0]!)}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const payerFields = [
      'id',
      'status',
      'amount',
      'currency',
      'payment_mode',
      'bank',
      'card',
      'phone_number',
      'owner_name',
      'expires_at',
      'server_time',
      'paid_at',
      'receipt_uploaded',
      'return_url',
      'shop_name',
    ];
    expect(Object.keys(body).sort()).toEqual([...payerFields].sort());
    expect(Object.keys(payerOrderSchema.shape).sort()).toEqual([...payerFields].sort());
    // The bank by name only: no ids of the trader's method, terminal or bank row.
    expect(body.bank).toEqual({ name: 'Сбербанк' });
    expect(JSON.stringify(body)).not.toContain(traderId);
    expect(JSON.stringify(body)).not.toContain(merchant.id);
    expect(JSON.stringify(body)).not.toContain('web-1000.00');
    // A merchant without a display name: the page names no shop (never its email).
    expect(body).toMatchObject({ status: 'pending', amount: '1000.00', return_url: null, shop_name: null });
    expect(
      (await t.app.inject({ method: 'GET', url: `${t.prefix}${API.payer.order('nope')}` })).statusCode,
    ).toBe(404);
  });

  it('takes one receipt by content (PNG), refuses other types and a second upload, and serves it to the deal’s people', async () => {
    const id = orderIds[0]!;
    const upload = (file: Buffer, name: string, type: string) => {
      const body = multipartBody(file, name, type);
      return t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.payer.receipt(id)}`,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const disguised = await upload(Buffer.from('<script>alert(1)</script>'), 'receipt.png', 'image/png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toEqual({ detail: DEAL_MESSAGES.receiptBadType });
    const stored = await upload(PNG, 'receipt.txt', 'text/plain');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ receipt_uploaded: true });
    expect((await upload(PNG, 'again.png', 'image/png')).statusCode).toBe(409);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.transactions.detail(id)}`,
        headers: { cookie: traderCookie },
      })
    ).json();
    expect(detail.receipt).toMatchObject({ sha256: sha256(PNG), content_type: 'image/png' });
    const file = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${detail.receipt.url}`,
      headers: { cookie: merchantCookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a receipt over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 0)]);
    const body = multipartBody(big, 'big.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.payer.receipt(orderIds[2]!)}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: DEAL_MESSAGES.receiptTooLarge });
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, orderIds[2]!));
    expect(deal?.status).toBe('pending');
  });

  it('confirms with spec §7 verficate-transaction only with a UUID, answering errors as {detail}', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.transactions.verify}`,
      headers: { cookie: traderCookie, origin: 'http://app.test' },
      payload: { transaction_id: 'not-a-uuid' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['detail']);
  });
});
