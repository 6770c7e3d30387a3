import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appCliEnv, runAdmin } from '../../../test/cli-fixtures.ts';
import { devicePost } from '../../../test/device-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { testAppForFile } from '../../../test/test-app.ts';
import { notificationsCommand } from '../../cli/commands/notifications.ts';
import { deals, terminalNotifications } from '../../db/schema/index.ts';

/**
 * A push's app package is chosen by whoever publishes the app, so a look-alike of a bank's package must never
 * confirm a deal (issue 23: a push from `s.berbank` with a Sber text completed a 1,500 RUB deal). Real parsers,
 * real matching: the text is a Sber push that the parser reads as 1,500 RUB from the bank's own package.
 */
const SBER_TITLE = 'Перевод по СБП от АРТЁМ АНДРЕЕВИЧ М.';
const sberPushText = (rubles: string) => `Т‑Банк + ${rubles} ₽ Плат. счёт •• 3055`;

const t = testAppForFile({ setUp: (app) => setRate(app, '100.00') });

const push = (token: string, sender: string, rubles: string, id = randomUUID()) =>
  devicePost(
    t,
    API.device.notifications,
    {
      items: [
        {
          id,
          source: 'push',
          sender,
          title: SBER_TITLE,
          text: sberPushText(rubles),
          received_at: new Date().toISOString(),
        },
      ],
    },
    { token },
  );

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, id)))[0]?.status;

async function unparsedListing() {
  const { code, lines } = await runAdmin(notificationsCommand, ['unparsed', '--limit', '100'], appCliEnv(t));
  expect(code).toBe(0);
  return lines;
}

describe('pushes from look-alike packages', () => {
  it('a Sber push from s.berbank and other look-alikes is unparsed, completes nothing and is listed for the operator; the exact package completes the deal', async () => {
    const merchant = await merchantWithKey(t);
    const { traderId, terminalId, deviceToken } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '1500.00' })).json();
    const before = await t.ctx.ledger.getBalances(traderId);

    const lookAlikes = [
      's.berbank',
      'RU.SBERBANKMOBILE',
      'Ru.sberbankmobile',
      'ru.sberbank.mobile',
      'ru..sberbankmobile',
      'rusberbankmobile',
      'ru.sberbankmobile.pay',
      'ru.sberbankmobile ',
      'SBERBANK',
      '900',
    ];
    for (const sender of lookAlikes) {
      const id = randomUUID();
      const response = await push(deviceToken!, sender, '1 500', id);
      expect(response.statusCode, sender).toBe(200);
      expect(response.json().results, sender).toEqual([{ id, status: 'unmatched' }]);
      const [stored] = await t.database.db
        .select()
        .from(terminalNotifications)
        .where(eq(terminalNotifications.deviceItemId, id));
      expect(stored, sender).toMatchObject({
        terminalId,
        sender,
        parseOutcome: 'unparsed',
        bank: null,
        amountKopecks: null,
        dealId: null,
      });
    }
    expect(await statusOf(order.id)).toBe('pending');
    expect(await t.ctx.ledger.getBalances(traderId)).toEqual(before);

    const listing = await unparsedListing();
    for (const sender of lookAlikes) {
      expect(
        listing.some((line) => line.includes(`  push ${sender}  [${SBER_TITLE}] ${sberPushText('1 500')}`)),
        sender,
      ).toBe(true);
    }

    const id = randomUUID();
    const genuine = await push(deviceToken!, 'ru.sberbankmobile', '1 500', id);
    expect(genuine.json().results).toEqual([{ id, status: 'matched', deal_id: order.id }]);
    expect(await statusOf(order.id)).toBe('complete');
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
