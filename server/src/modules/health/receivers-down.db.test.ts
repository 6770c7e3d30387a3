import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startReceiver } from '../../../test/webhook-fixtures.ts';

// A merchant's webhook receiver down, then slow, for what the services' clock says are minutes: orders are
// still created and routed (no request waits for the receiver), /health names `webhooks` degraded, and once
// the receiver answers again the outbox drains and /health is ok. SMTP (mail-outbox.db.test.ts), Telegram
// (telegram-bot.db.test.ts) and TronGrid (deposit-watcher.db.test.ts) have the same test beside their code.
const HEALTH_TOKEN = 'receivers-down-health-token';
let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { HEALTH_TOKEN, WEBHOOK_TIMEOUT_MS: '200', WEBHOOK_DEGRADED_AFTER_S: '60' },
    { now: () => new Date(clock) },
  );
  await setRate(t);
});
afterAll(async () => {
  await t?.close();
});

const health = async (token?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.health}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json();

describe('webhook receiver down or slow', () => {
  it('orders go on, /health says webhooks degraded, and the outbox drains when the receiver is back', async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const merchant = await merchantWithKey(t);
      await t.ctx.webhooks.updateUrl(merchant.id, receiver.url);
      await routableMethod(t, { balanceUsdt: 100n * USDT });
      await routableMethod(t, { balanceUsdt: 100n * USDT });

      // Down: the order is created and routed; its event fails to deliver and waits.
      const first = await postOrder(t, merchant.key, {});
      expect(first.statusCode).toBe(201);
      expect(await t.ctx.webhooks.deliverDue(10)).toBeGreaterThan(0);
      expect(receiver.received.length).toBeGreaterThan(0);

      // Slow: the receiver hangs; the next order does not wait for it either.
      receiver.answer(() => 'hang');
      const second = await postOrder(t, merchant.key, {});
      expect(second.statusCode).toBe(201);
      await t.ctx.webhooks.deliverDue(10);

      // Minutes pass by the services' clock.
      clock += 5 * 60_000;
      expect(await health()).toEqual({ status: 'degraded' });
      const degraded = await health(HEALTH_TOKEN);
      expect(degraded.components.webhooks).toMatchObject({
        ok: true,
        degraded: true,
        detail: expect.stringMatching(/undelivered for over 60s/),
      });

      // Back: every due event is delivered (the retry waits are crossed by the clock), health is ok.
      receiver.answer(() => 200);
      for (let pass = 0; pass < 10; pass++) {
        clock += 10 * 60_000;
        await t.ctx.webhooks.deliverDue(50);
        if ((await health(HEALTH_TOKEN)).components.webhooks.detail === '0 events pending') break;
      }
      const fine = await health(HEALTH_TOKEN);
      expect(fine.components.webhooks).toEqual({ ok: true, detail: '0 events pending' });
      const delivered = new Set(receiver.received.map((entry) => entry.orderId));
      expect(delivered).toEqual(new Set([first.json().id, second.json().id]));
    } finally {
      await receiver.close();
    }
  });
});
