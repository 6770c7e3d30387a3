import { randomUUID } from 'node:crypto';
import { API, AUTH_SUCCESS_TEXT, REFERRAL_MESSAGES } from '@app/shared';
import { expect, test } from '@playwright/test';
import { admin, createUser, E2E_PASSWORD, uniqueEmail } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable } from '../support/deals.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';

// Issue 14's round trip: a lead creates a code for an email, the invited person signs up through the link,
// becomes routable and completes a deal, and the lead sees the code activated and the commission on
// /referrals and in the dashboard's total profit ('Общая прибыль').
test('a lead invites a trader by link and earns a share of the trader’s deal', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  admin('rate-set', '92.50');
  const lead = createUser({ lead: true });
  const invitedEmail = uniqueEmail('invited');
  const leadContext = await browser.newContext({
    baseURL: E2E.baseUrl,
    viewport: { width: 375, height: 812 },
  });
  const leadPage = await leadContext.newPage();
  await signIn(leadPage, lead.email, lead.password);

  let link = '';
  await test.step('the lead creates a code for the email and reads the sign-up link', async () => {
    await leadPage.goto('/referrals');
    await leadPage.getByRole('button', { name: 'Создать код' }).first().click();
    const dialog = leadPage.getByRole('dialog', { name: 'Новый реферальный код' });
    await dialog.getByLabel('Email трейдера').fill(invitedEmail);
    await dialog.getByRole('button', { name: 'Создать и отправить' }).click();
    await expect(leadPage.getByText(REFERRAL_MESSAGES.created).first()).toBeVisible();
    const row = leadPage.getByText(invitedEmail).first();
    await expect(row).toBeVisible();
    await expect(leadPage.getByText(REFERRAL_MESSAGES.pending).first()).toBeVisible();
    await leadPage.getByRole('button', { name: 'Подробнее' }).first().click();
    link = (await leadPage.getByTestId('detail-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/welcome\?ref=[A-Z2-9]+$/);
    await leadPage.keyboard.press('Escape');
  });

  const invitedContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const invited = await invitedContext.newPage();
  await test.step('the invited person signs up through the link with the code filled in', async () => {
    await invited.goto(link);
    const modal = invited.getByTestId('auth-modal');
    await expect(modal).toBeVisible();
    await expect(invited.getByRole('tab', { name: 'Регистрация' })).toHaveAttribute('aria-selected', 'true');
    await invited.getByLabel('Email').fill(invitedEmail);
    await invited.getByLabel('Пароль', { exact: true }).fill(E2E_PASSWORD);
    const seen = mailCount(invitedEmail);
    await invited.getByRole('button', { name: 'Продолжить' }).click();
    await typeCode(invited, await latestCode(invitedEmail, seen));
    await invited.getByRole('button', { name: 'Подтвердить и создать аккаунт' }).click();
    await expect(invited.getByText(AUTH_SUCCESS_TEXT)).toBeVisible();
    await expect(invited).toHaveURL(/\/$/, { timeout: 10_000 });
  });

  await test.step('the invited trader completes a deal', async () => {
    admin('adjust-balance', invitedEmail, '100', '--reason', 'e2e: collateral of the invited trader');
    const merchant = createUser({ role: 'merchant' });
    const merchantKey = createMerchantKey(merchant.email);
    const device = await playwright.request.newContext();
    // ВТБ: no other spec makes a trader routable on it, so this order can only go to the invited trader.
    const trader = await makeRoutable(
      invitedContext.request,
      device,
      invitedEmail,
      String(Date.now() + 3).slice(-8),
      'ВТБ',
    );
    const request = await playwright.request.newContext();
    const order = await createOrder(request, merchantKey, {
      amount: '4625.00',
      payment_mode: 'sbp',
      external_id: `referral-${randomUUID()}`,
      bank_id: trader.bankId,
    });
    expect(order.requisites.phone_number).toBe(trader.phone);
    const paid = await request.post(`${E2E.baseUrl}${E2E.apiPrefix}${API.payer.paid(order.id)}`);
    expect(paid.ok(), await paid.text()).toBe(true);
    const confirmed = await invitedContext.request.post(`${E2E.apiPrefix}${API.transactions.verify}`, {
      data: { transaction_id: order.id },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    await device.dispose();
    await request.dispose();
    expect(admin('ledger-verify')).toContain('Ledger is consistent');
  });

  await test.step('the lead sees the code activated with the commission, and it in the total profit', async () => {
    await leadPage.goto('/referrals');
    await expect(leadPage.getByText(REFERRAL_MESSAGES.activated).first()).toBeVisible();
    const profit = leadPage.getByText(/^[1-9][\d\s]*,\d\d\sUSDT$|^0,(0[1-9]|[1-9]\d)\sUSDT$/).first();
    await expect(profit).toBeVisible();
    await leadPage.screenshot({ path: test.info().outputPath('referrals-375.png'), fullPage: true });
    await leadPage.goto('/');
    await expect(leadPage.getByText('Общая прибыль')).toBeVisible();
    await expect(leadPage.getByTestId('balance-profit')).not.toHaveText('0,00 USDT');
  });

  await invitedContext.close();
  await leadContext.close();
});
