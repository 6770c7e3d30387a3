import { API } from '@app/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES } from '../../../test/tron-fixtures.ts';
import { fundedLead, verifiedWithdrawalId } from '../../../test/wallet-fixtures.ts';
import { telegramNotifications, users } from '../../db/schema/index.ts';
import { createWithdrawalOperator } from '../wallet/withdrawal-operator.ts';
import { moscowDateTime } from './notification-texts.ts';

// The owning services write their events' messages (no bot needed: the outbox fills, delivery is the job's).
let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});

afterAll(async () => {
  await t?.close();
});

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let telegramSeq = 800_000_000;

async function link(userId: string) {
  const key = (await t.ctx.telegram.getKey(userId)).connection_key;
  await t.ctx.telegram.linkByKey(key, { telegramId: ++telegramSeq, name: 'Трейдер' });
}

const texts = async (userId: string) =>
  (
    await t.database.db
      .select()
      .from(telegramNotifications)
      .where(eq(telegramNotifications.userId, userId))
      .orderBy(asc(telegramNotifications.id))
  ).map((row) => `${row.kind}|${row.text}`);

async function sessionUser(cookie: string) {
  return (await t.ctx.auth.resolveSession(cookie.slice('sid='.length)))!;
}

describe('events that notify', () => {
  it('whitelist added, switched and removed (the account switch)', async () => {
    const lead = await signedInUser(t, { isLead: true });
    await link(lead.user.id);
    const user = await sessionUser(lead.cookie);
    const added = await t.ctx.wallet.addToWhitelist(user, TRON_ADDRESS);
    await t.ctx.wallet.requestWhitelistCode(user, '127.0.0.1');
    await t.flushMail();
    await t.ctx.wallet.toggleWhitelist(user, t.mailer.lastCode(lead.email));
    await t.ctx.wallet.deleteFromWhitelist(user, added.wallet_data.wallets[0]!.id);
    expect(await texts(lead.user.id)).toEqual([
      `whitelist_changed|Белый список кошельков изменён: добавлен адрес ${TRON_ADDRESS}`,
      'whitelist_changed|Белый список кошельков изменён: белый список включён',
      `whitelist_changed|Белый список кошельков изменён: удалён адрес ${TRON_ADDRESS}`,
    ]);
  });

  it('a deal assigned, completed and another expired; nothing with the payments switch off', async () => {
    const merchant = await merchantWithKey(t);
    await setRate(t, '100.00');
    const { traderId } = await routableMethod(t, { balanceUsdt: 100n * USDT });
    await link(traderId);
    const first = (await postOrder(t, merchant.key, { amount: '1000.00', payment_mode: 'c2c' })).json();
    await t.ctx.orders.confirmByTrader(
      { id: traderId, role: 'trader' } as Parameters<typeof t.ctx.orders.confirmByTrader>[0],
      first.id,
    );
    const second = (await postOrder(t, merchant.key, { amount: '500.00', payment_mode: 'sbp' })).json();
    clock += 3_600_000;
    expect(await t.ctx.orders.expireDue()).toBeGreaterThanOrEqual(1);
    const short = (id: string) => id.slice(0, 8);
    expect(await texts(traderId)).toEqual([
      `deal_new|Новая сделка ${short(first.id)}: 1000.00 ₽, Сбербанк, Перевод на карту`,
      `deal_completed|Сделка ${short(first.id)} завершена: 1000.00 ₽, прибыль $0.20`,
      `deal_new|Новая сделка ${short(second.id)}: 500.00 ₽, Сбербанк, СБП`,
      `deal_expired|Сделка ${short(second.id)} истекла: 500.00 ₽`,
    ]);
    // With the payments switch off, the next deal event writes nothing.
    await t.database.db.update(users).set({ notificationPayments: false }).where(eq(users.id, traderId));
    await t.database.db.transaction((tx) =>
      t.ctx.notifications.notify(tx, traderId, {
        kind: 'deal_new',
        dealId: first.id,
        amountKopecks: 100n,
        bankName: 'Сбербанк',
        paymentMode: 'sbp',
      }),
    );
    expect(await texts(traderId)).toHaveLength(4);
  });

  it('withdrawals requested, sent and rejected, and a password change (the account switch); nothing with it off', async () => {
    const lead = await fundedLead(t);
    await link(lead.user.id);
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${t.prefix}${path}`, headers: { cookie: lead.cookie }, payload });
    const destination = OUTSIDE_ADDRESSES[0]!;
    const verifiedId = await verifiedWithdrawalId(t, lead, 25.5, destination);
    // The code alone wrote the notice; the operator paying it by hand writes the second.
    const txid = 'ab'.repeat(32);
    const operator = createWithdrawalOperator({
      database: t.database,
      ledger: t.ctx.ledger,
      notifier: t.ctx.notifications,
    });
    expect(await operator.markSent(verifiedId, txid, 'test')).toMatchObject({ ok: true });
    // A second one the operator rejects: the user hears that amount and fee came back.
    const secondId = await verifiedWithdrawalId(t, lead, 10, destination);
    expect(await operator.reject(secondId, 'test', 'suspicious')).toMatchObject({
      ok: true,
    });

    expect((await post(API.auth.requestPasswordReset, { email: lead.email })).statusCode).toBe(200);
    await t.flushMail();
    const changed = await post(API.auth.passwordReset, {
      email: lead.email,
      new_password: 'new-pass-42',
      confirm_password: 'new-pass-42',
      otp: t.mailer.lastCode(lead.email),
    });
    expect(changed.statusCode).toBe(200);
    expect(await texts(lead.user.id)).toEqual([
      `withdrawal_requested|Заявка на вывод $25.50 на адрес ${destination} принята`,
      `withdrawal_sent|Вывод $25.50 на адрес ${destination} отправлен (txid ${txid})`,
      `withdrawal_requested|Заявка на вывод $10.00 на адрес ${destination} принята`,
      `withdrawal_returned|Вывод $10.00 на адрес ${destination} отклонён: $11.00 (сумма и комиссия) возвращены на баланс`,
      `password_changed|Пароль аккаунта изменён: ${moscowDateTime(new Date(clock))}, IP 127.0.0.1. Если это были не вы, восстановите доступ через «Забыли пароль» и обратитесь в поддержку.`,
    ]);

    // With the account switch off, the next withdrawal request writes nothing.
    await t.database.db.update(users).set({ notificationAccount: false }).where(eq(users.id, lead.user.id));
    await verifiedWithdrawalId(t, lead, 10, destination);
    expect(await texts(lead.user.id)).toHaveLength(5);
  });
});
