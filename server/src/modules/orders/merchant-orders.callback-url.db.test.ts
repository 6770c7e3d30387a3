import { MERCHANT_TEXT } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { deals, webhookEvents } from '../../db/schema/index.ts';

/**
 * An order's callback_url is held to the webhook URL rule when the order is created (issue 23): in production
 * a URL into a private network is refused with a 422 and nothing is created, instead of an order whose
 * events could never be delivered (and whose deliveries would aim at our own network).
 */
describe('merchant API orders: callback_url at intake', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production with a loopback PUBLIC_URL: that no longer opens private targets.
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  it('refuses a private or internal callback_url with 422 problem+json; nothing is created or frozen', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    for (const [index, callbackUrl] of [
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/hook',
      'http://localhost:4000/hook',
      'http://intranet/hook',
    ].entries()) {
      const response = await postOrder(t, merchant.key, {
        amount: '150.00',
        external_id: `private-${index}`,
        callback_url: callbackUrl,
      });
      expect(response.statusCode, callbackUrl).toBe(422);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'urn:processing:problem:callback-url-refused',
        title: 'callback_url не принимается',
        status: 422,
        detail: MERCHANT_TEXT.webhookUrlPrivate,
        errors: { callback_url: [MERCHANT_TEXT.webhookUrlPrivate] },
      });
    }
    expect(await t.database.db.select().from(deals).where(eq(deals.merchantId, merchant.id))).toEqual([]);
    expect(
      await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchant.id)),
    ).toEqual([]);
    expect(await t.ctx.ledger.getBalances(traderId)).toMatchObject({ available: 100n * USDT, frozen: 0n });
  });

  it('takes a public callback_url and sends that order’s events there', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const response = await postOrder(t, merchant.key, {
      amount: '150.00',
      external_id: 'public-callback',
      callback_url: 'https://shop.example.com/hook',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().callback_url).toBe('https://shop.example.com/hook');
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.orderId, response.json().id));
    expect(events.map((event) => event.url)).toEqual(['https://shop.example.com/hook']);
  });
});
