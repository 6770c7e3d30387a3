import { randomUUID } from 'node:crypto';
import { API, DISPUTE_MESSAGES } from '@app/shared';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable, type RoutableTrader } from '../support/deals.ts';
import { E2E } from '../support/env.ts';
import { linkTelegram } from '../support/telegram.ts';

// Issue 12's round trip: a merchant opens a dispute through the API with evidence, the trader answers with
// its own evidence on /dispute, support blocks it, sees both sides and decides for the trader, and the
// trader's held USDT comes back — at a phone's and a laptop's width.
test.describe.configure({ mode: 'serial' });

const API_BASE = `${E2E.baseUrl}${E2E.apiPrefix}`;
/** A minimal PDF: the magic bytes the server checks, and enough structure to be a file people can open. */
const EVIDENCE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A PNG header plus an IHDR chunk: the merchant's screenshot. */
const MERCHANT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12OosXoLRww4OQB56BOls4Dj4gAAAABJRU5ErkJggg==',
  'base64',
);

/** The merchant's statement: the reason the trader and support read in the detail. */
const MERCHANT_REASON = 'Клиент оплатил, трейдер не подтвердил';

let merchantKey: string;
let traderAccount: { email: string; password: string };
let supportAccount: { email: string; password: string };
let traderContext: BrowserContext;
let trader: RoutableTrader;
let device: APIRequestContext;
const runDigits = String(Date.now()).slice(-8);

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  const merchant = createUser({ role: 'merchant' });
  merchantKey = createMerchantKey(merchant.email);
  traderAccount = createUser({ role: 'trader' });
  admin('adjust-balance', traderAccount.email, '100', '--reason', 'e2e: collateral for disputes');
  supportAccount = createUser({ role: 'support' });
  traderContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const traderPage = await traderContext.newPage();
  await signIn(traderPage, traderAccount.email, traderAccount.password);
  await linkTelegram(traderPage, 'Trader');
  device = await playwright.request.newContext();
  // Т-Банк: deals.spec's trader (Сбербанк) runs in parallel and must not take these orders, nor these its.
  trader = await makeRoutable(traderContext.request, device, traderAccount.email, runDigits, 'Т-Банк');
});

test.afterAll(async () => {
  await traderContext?.close();
  await device?.dispose();
});

/** The payer says they paid: the deal waits in verification, where a merchant may dispute it. */
async function paidOrder(request: APIRequestContext, amount: string) {
  const order = await createOrder(request, merchantKey, {
    amount,
    payment_mode: 'sbp',
    external_id: `dispute-${randomUUID()}`,
    bank_id: trader.bankId,
  });
  expect(order.requisites.phone_number, "the order went to this spec's trader").toBe(trader.phone);
  const paid = await request.post(`${API_BASE}${API.payer.paid(order.id)}`);
  expect(paid.ok(), await paid.text()).toBe(true);
  return order;
}

/** The merchant's integration opens the dispute: multipart reason and a screenshot, with an Idempotency-Key. */
async function openDispute(request: APIRequestContext, orderId: string): Promise<string> {
  const answer = await request.post(`${API_BASE}${API.merchant.disputes(orderId)}`, {
    headers: { Authorization: `Bearer ${merchantKey}`, 'Idempotency-Key': randomUUID() },
    multipart: {
      reason: MERCHANT_REASON,
      files: { name: 'payment.png', mimeType: 'image/png', buffer: MERCHANT_PNG },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** Opens the newest dispute's detail on /dispute (the list is newest first; each test opens its own just now). */
async function openNewestDetail(page: Page) {
  await page.goto('/dispute');
  await page.getByRole('button', { name: 'Подробнее' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const width of [375, 1280]) {
  test(`a dispute from the merchant's API to support's verdict for the trader, at ${width} px`, async ({
    browser,
    request,
  }) => {
    // Three browser contexts, two sign-ins and a verdict: ~10 s on a quiet machine, near a minute on a busy one.
    test.setTimeout(120_000);
    const balance = traderContext.pages()[0]!;
    await balance.goto('/');
    await expect(balance.getByTestId('balance-total')).toHaveText('100,00 USDT');

    const order = await paidOrder(request, `${1000 + width}.00`);
    const disputeId = await openDispute(request, order.id);

    await test.step('the trader answers with its own evidence on /dispute', async () => {
      const page = await traderContext.newPage();
      await page.setViewportSize({ width, height: 900 });
      const dialog = await openNewestDetail(page);
      await expect(dialog.getByText(disputeId).first()).toBeVisible();
      await expect(dialog.getByText('Ожидание доказательств').first()).toBeVisible();
      // Why the dispute exists: the merchant's statement, said to be the merchant's.
      const reason = dialog.getByTestId('dispute-reason');
      await expect(reason).toBeVisible();
      await expect(reason).toContainText('Заявление мерчанта');
      await expect(reason).toContainText(MERCHANT_REASON);
      // The amount as paid, in rubles, with its USDT beside it; no dollar sign anywhere in the detail.
      await expect(dialog.getByTestId('dispute-detail-amount')).toContainText(
        new RegExp(`^${String(1000 + width).replace(/\B(?=(\d{3})+$)/g, '\\s')},00\\s₽`),
      );
      await expect(dialog.getByTestId('dispute-detail-amount')).toContainText('USDT');
      await expect(dialog).not.toContainText('$');
      // spec §6: a trader sees the trader's side only.
      await expect(dialog.getByText('payment.png')).toHaveCount(0);
      await dialog.getByLabel('Выбрать файлы').setInputFiles({
        name: 'bank-statement.pdf',
        mimeType: 'application/pdf',
        buffer: EVIDENCE_PDF,
      });
      await page
        .getByRole('dialog', { name: 'Загрузить доказательства?' })
        .getByRole('button', { name: 'Загрузить' })
        .click();
      await expect(page.getByText(DISPUTE_MESSAGES.filesUploaded).first()).toBeVisible();
      await expect(dialog.getByText('bank-statement.pdf').first()).toBeVisible();
      await page.close();
    });

    await test.step('support blocks it, sees both sides and decides for the trader', async () => {
      const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, supportAccount.email, supportAccount.password);
      const dialog = await openNewestDetail(page);
      await expect(dialog.getByText(disputeId).first()).toBeVisible();
      await expect(dialog.getByTestId('dispute-reason')).toContainText(MERCHANT_REASON);
      await expect(dialog.getByText('payment.png').first()).toBeVisible();
      await expect(dialog.getByText('bank-statement.pdf').first()).toBeVisible();
      // Opening blocked it for this support user: another one cannot take it meanwhile.
      const other = createUser({ role: 'support' });
      const otherContext = await browser.newContext({ baseURL: E2E.baseUrl });
      await signIn(await otherContext.newPage(), other.email, other.password);
      const contend = await otherContext.request.post(`${E2E.apiPrefix}${API.disputes.block}`, {
        data: { dispute_id: disputeId },
      });
      expect(contend.status()).toBe(409);
      await otherContext.close();

      await dialog.getByLabel('Комментарий к решению').fill('Выписка банка не показывает поступления');
      await dialog.getByRole('button', { name: 'В пользу трейдера' }).click();
      await page
        .getByRole('dialog', { name: 'Подтвердите решение' })
        .getByRole('button', { name: 'Подтвердить' })
        .click();
      await expect(page.getByText(DISPUTE_MESSAGES.resolved).first()).toBeVisible();
      await context.close();
    });

    await test.step("the deal is canceled and the trader's USDT is available again", async () => {
      const merchantView = await request.get(`${API_BASE}${API.merchant.order(order.id)}`, {
        headers: { Authorization: `Bearer ${merchantKey}` },
      });
      expect(((await merchantView.json()) as { status: string }).status).toBe('canceled');
      await balance.goto('/');
      await expect(balance.getByTestId('balance-total')).toHaveText('100,00 USDT');
      await expect(balance.getByTestId('balance-frozen')).toHaveText('0,00 USDT');
    });
  });
}
