import { randomUUID } from 'node:crypto';
import { API, WALLET_TEXT, WITHDRAWABLE_TEXT } from '@app/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable, type RoutableTrader } from '../support/deals.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';

// Issue 23: money that is owed cannot leave. A lead trader's canceled deal puts its USDT back as a reserve
// (it backs deals, it cannot be withdrawn until the dispute window closes), and a dispute that holds more
// than is left makes a debt that blocks every withdrawal. The Withdraw tab says both, at a phone's and a
// laptop's width.
test.describe.configure({ mode: 'serial' });

const API_BASE = `${E2E.baseUrl}${E2E.apiPrefix}`;
/** 4625 ₽ at the specs' 92.50 ₽/USDT: 50 USDT. */
const FIFTY_USDT_RUB = '4625.00';
const MERCHANT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12OosXoLRww4OQB56BOls4Dj4gAAAABJRU5ErkJggg==',
  'base64',
);
const WIDTHS = [375, 768, 1280, 1920] as const;

let merchantKey: string;
let lead: { email: string; password: string };
let trader: RoutableTrader;
let device: APIRequestContext;
let merchant: APIRequestContext;

async function openWithdraw(page: Page) {
  await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
  await page.getByRole('menuitem', { name: 'Withdraw' }).click();
  await expect(page.getByRole('dialog', { name: WALLET_TEXT.modalTitle })).toBeVisible();
  await expect(page.getByTestId('withdrawable')).toBeVisible();
}

async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await expect(page.getByTestId('withdrawable')).toBeVisible();
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.getByRole('dialog', { name: WALLET_TEXT.modalTitle }).screenshot({ path });
    await test.info().attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
}

async function order(external: string, amount = FIFTY_USDT_RUB) {
  return createOrder(merchant, merchantKey, {
    amount,
    payment_mode: 'sbp',
    external_id: `${external}-${randomUUID()}`,
    bank_id: trader.bankId,
  });
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  const merchantAccount = createUser({ role: 'merchant' });
  merchantKey = createMerchantKey(merchantAccount.email);
  lead = createUser({ role: 'trader', lead: true });
  admin('adjust-balance', lead.email, '100', '--reason', 'e2e: a lead trader’s collateral');
  device = await playwright.request.newContext();
  merchant = await playwright.request.newContext();
});

test.afterAll(async () => {
  await device?.dispose();
  await merchant?.dispose();
});

test('the Withdraw tab shows a canceled deal’s reserve, then the debt a dispute made', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, lead.email, lead.password);
  // A deposit address (the Withdraw tab needs one), through the same calls the Deposit tab makes.
  const seen = mailCount(lead.email);
  expect((await page.request.post(`${API_BASE}${API.wallet.addressRequest}`)).ok()).toBe(true);
  const confirmed = await page.request.post(`${API_BASE}${API.wallet.addressConfirm}`, {
    data: { otp: await latestCode(lead.email, seen) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  // Газпромбанк: no other spec routes on it, so these orders go to this lead.
  trader = await makeRoutable(page.request, device, lead.email, String(Date.now()).slice(-8), 'Газпромбанк');

  const canceled = await order('reserve');
  const cancel = await merchant.post(`${API_BASE}${API.merchant.cancel(canceled.id)}`, {
    headers: { Authorization: `Bearer ${merchantKey}`, 'Idempotency-Key': randomUUID() },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  await test.step('50 of 100 USDT is reserved until the canceled deal can no longer be disputed', async () => {
    await page.reload();
    await openWithdraw(page);
    const summary = page.getByTestId('withdrawable');
    await expect(summary.getByTestId('withdrawable-amount')).toHaveText('50 USDT');
    await expect(summary).toContainText(`${WITHDRAWABLE_TEXT.reserved}50 USDT`);
    await expect(summary.getByTestId('reserve-line')).toHaveText([
      /^В резерве до \d\d\.\d\d \d\d:\d\d50\sUSDT$/,
    ]);
    await page.getByRole('button', { name: WITHDRAWABLE_TEXT.maxLabel }).click();
    await expect(page.getByRole('textbox', { name: WALLET_TEXT.amount })).toHaveValue('49');
    await screenshots(page, 'withdraw-reserve');
    await page.keyboard.press('Escape');
  });

  await test.step('a new deal takes the reserved USDT; a dispute on the canceled deal then leaves a debt', async () => {
    // 99 of the 100 USDT frozen by one new deal (9157.50 ₽): the reserved 50 back it too, 1 USDT is left.
    await order('backs-deal', '9157.50');
    const dispute = await merchant.post(`${API_BASE}${API.merchant.disputes(canceled.id)}`, {
      headers: { Authorization: `Bearer ${merchantKey}`, 'Idempotency-Key': randomUUID() },
      multipart: {
        reason: 'Клиент оплатил до отмены',
        files: { name: 'payment.png', mimeType: 'image/png', buffer: MERCHANT_PNG },
      },
    });
    expect(dispute.status(), await dispute.text()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await openWithdraw(page);
    const debt = page.getByTestId('debt');
    // The dispute holds 50 again: the 1 USDT left covers 1, the other 49 are owed.
    await expect(debt).toContainText(`${WITHDRAWABLE_TEXT.debt}: 49 USDT`);
    await expect(page.getByTestId('withdrawable-amount')).toHaveText('0 USDT');
    await expect(page.getByRole('button', { name: WALLET_TEXT.withdrawSubmit })).toBeDisabled();
    await screenshots(page, 'withdraw-debt');
  });
});
