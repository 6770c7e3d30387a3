import { API, disputeConsiderationText, disputeOpenedText } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../../test/dispute-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { telegramNotifications, users } from '../../db/schema/index.ts';
import { moscowDateTime } from '../telegram/notification-texts.ts';

/**
 * No Telegram bot configured (TELEGRAM_BOT_TOKEN unset, as in createTestApp by default): nobody can link an
 * account, so spec §6's link rule does not gate /dispute and the dispute notices go by mail.
 */
describe('disputes without a Telegram bot', () => {
  let t: TestApp;
  let now = new Date('2031-07-01T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ ROUTING_REQUIRE_TERMINAL: 'false' }, { now: () => now });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${url}`, headers: { cookie, origin: TEST_ORIGIN } });

  /** A deal in verification; neither side has (or could have) a linked Telegram account. */
  async function dealInVerification() {
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    return { merchant, traderId, dealId: order.id as string };
  }

  /** The dispute mails delivered to these addresses (the outbox passed on to the memory mailer), in order. */
  async function disputeMails(recipients: string[]) {
    await t.flushMail();
    return t.mailer.messages
      .filter((mail) => recipients.includes(mail.to) && mail.purpose.startsWith('dispute:'))
      .map((mail) => ({ to: mail.to, purpose: mail.purpose, text: mail.text, html: mail.html }));
  }

  it('the Telegram link does not gate /dispute, and the role call says so', async () => {
    const trader = await signedInUser(t, { role: 'trader' });
    const merchant = await signedInUser(t, { role: 'merchant' });
    const support = await signedInUser(t, { role: 'support' });
    expect((await get(trader.cookie, API.disputes.userRole)).json()).toEqual({
      role: 'trader',
      telegram_required: false,
    });
    expect((await get(merchant.cookie, API.disputes.userRole)).json()).toEqual({
      role: 'merchant',
      telegram_required: false,
    });
    expect((await get(support.cookie, API.disputes.userRole)).json()).toEqual({
      role: 'support',
      telegram_required: false,
    });
    const list = await get(trader.cookie, API.disputes.list);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 0, results: [] });
  });

  it('opened, moved to consideration by the deadline, and resolved: each notice is mailed to both sides, none queued for Telegram', async () => {
    const { merchant, traderId, dealId } = await dealInVerification();
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Оплачено' });
    const traderCookie = await cookieOf(t, traderId);
    const detail = (await get(traderCookie, API.disputes.detail(dispute.id))).json();
    expect(detail).toMatchObject({ reason: 'Оплачено', opened_by: 'merchant' });
    const [trader] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, traderId));
    const emails = [merchant.email, trader!.email];

    now = new Date(dispute.evidenceDeadline.getTime() + 60_000);
    expect(await t.ctx.disputes.advanceDue()).toBe(1);
    const support = await signedInUser(t, { role: 'support' });
    await t.ctx.disputes.resolve({ id: support.user.id, role: 'support' }, dispute.id, {
      resolution: 'trader',
      comment: '',
    });

    const mails = await disputeMails(emails);
    const opened = disputeOpenedText(dealId, moscowDateTime(dispute.evidenceDeadline));
    const moved = disputeConsiderationText(dealId, 'deadline');
    for (const to of emails) {
      const mine = mails.filter((mail) => mail.to === to);
      expect(mine.map((mail) => mail.purpose)).toEqual([
        'dispute:opened',
        'dispute:consideration',
        'dispute:resolved',
      ]);
      expect(mine[0]!.text).toContain(opened);
      expect(mine[1]!.text).toContain(moved);
      expect(mine[2]!.text).toContain(dealId);
    }
    const queued = await t.database.db
      .select({ id: telegramNotifications.id })
      .from(telegramNotifications)
      .where(eq(telegramNotifications.kind, 'dispute'));
    expect(queued).toEqual([]);
  });
});
