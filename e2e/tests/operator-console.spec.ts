import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable, setWebhookUrl } from '../support/deals.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';
import { agePendingWebhooks, requestWithdrawal } from '../support/operator.ts';

// Issue 27: an operator runs the platform from the browser. At a phone's and a laptop's width an admin approves a
// held withdrawal with the mailed code, rejects another (the funds come back), sets a merchant's fee, adds a bank,
// sets the rate, retries a failed webhook, blocks a trader (their session ends, routing skips them) and finds all
// of it in the audit log. With SHOTS_DIR set, every console page is also saved at 375/768/1280/1920 px.
test.describe.configure({ mode: 'serial' });

const SHOT_WIDTHS = [375, 768, 1280, 1920] as const;
const WITHDRAW_TO = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
/** Banks no other spec routes to: each width's trader gets its own, so its orders reach only it. */
const BANKS = { 375: 'Росбанк', 1280: 'Банк Открытие' } as const;
const UNREACHABLE_HOOK = 'http://127.0.0.1:9/hook';

type Account = { email: string; password: string };

async function signedInPage(browser: Browser, account: Account, width: number) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  return page;
}

/** An admin signs in like everyone (password and mailed code) and lands on the console's overview. */
async function adminPage(browser: Browser, account: Account, width: number) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  const seen = mailCount(account.email);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(account.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await typeCode(page, await latestCode(account.email, seen));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-overview')).toBeVisible();
  return page;
}

/** Opens a console section from its own navigation (the strip on phones, the side menu on wide screens). */
async function openSection(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Confirms the open mailed-code dialog with the newest code mailed to the admin after `seen`. */
async function confirmCode(page: Page, title: string, email: string, seen: number) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await typeCode(page, await latestCode(email, seen), dialog);
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(dialog).toBeHidden();
}

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/admin-${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** The card of the lead's withdrawal of `amount` (other runs' withdrawals share the queue). */
const withdrawalCard = (page: Page, amount: string, email: string): Locator =>
  page
    .getByTestId('admin-withdrawals')
    .locator(':scope > *')
    .filter({ hasText: amount })
    .filter({ hasText: email });

for (const width of [375, 1280] as const) {
  test(`an operator runs the platform from the console at ${width} px`, async ({
    browser,
    playwright,
    request,
  }) => {
    // The console's whole tour in one test: 3.1–3.5 min under CI's load on a 2-core machine, once 4 min.
    test.setTimeout(360_000);
    const digits = String(Date.now() + width).slice(-8);
    const operator = createUser({ role: 'admin' });
    const merchant = createUser({ role: 'merchant' });
    const lead = createUser({ lead: true });
    const trader = createUser();
    admin('rate-set', '92.50');
    admin('adjust-balance', lead.email, '100', '--reason', 'e2e: a lead’s USDT to withdraw');
    admin('adjust-balance', trader.email, '100', '--reason', 'e2e: collateral for the console');

    // Two withdrawals wait for the operator (this run has no hot-wallet key).
    const leadPage = await signedInPage(browser, lead, 1280);
    await requestWithdrawal(leadPage.request, lead.email, 11.5, WITHDRAW_TO);
    await requestWithdrawal(leadPage.request, lead.email, 12.5, WITHDRAW_TO);
    await leadPage.context().close();

    // A routable trader and a merchant whose webhook URL answers nothing: its order's event will fail.
    const key = createMerchantKey(merchant.email);
    const merchantPage = await signedInPage(browser, merchant, 1280);
    await setWebhookUrl(merchantPage.request, UNREACHABLE_HOOK);
    await merchantPage.context().close();
    const traderPage = await signedInPage(browser, trader, width);
    const device: APIRequestContext = await playwright.request.newContext();
    const routable = await makeRoutable(traderPage.request, device, trader.email, digits, BANKS[width]);
    await createOrder(request, key, {
      amount: '1500.00',
      payment_mode: 'sbp',
      external_id: `console-${digits}`,
      bank_id: routable.bankId,
    });
    await agePendingWebhooks(merchant.email);

    const page = await adminPage(browser, operator, width);
    await shots(page, 'overview');

    await test.step('approves a held withdrawal with the mailed code', async () => {
      await openSection(page, 'Выводы');
      const card = withdrawalCard(page, '11,5', lead.email);
      await expect(card).toContainText('На проверке');
      const seen = mailCount(operator.email);
      await card.getByRole('button', { name: 'Одобрить' }).click();
      await confirmCode(page, 'Подтверждение вывода', operator.email, seen);
      await expect(page.getByText('Вывод одобрен')).toBeVisible();
      await shots(page, 'withdrawals');
    });

    await test.step('rejects the other with a reason; its amount and fee return', async () => {
      const card = withdrawalCard(page, '12,5', lead.email);
      await card.getByRole('button', { name: 'Отклонить' }).click();
      const dialog = page.getByRole('dialog', { name: 'Отклонить вывод?' });
      await dialog.getByRole('button', { name: 'Отклонить' }).click();
      await expect(dialog.getByText('Укажите причину')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Причина' }).fill('Адрес не проверен');
      await dialog.getByRole('button', { name: 'Отклонить' }).click();
      await expect(page.getByText('Вывод отклонён, средства возвращены')).toBeVisible();
      expect(admin('ledger-verify')).toContain('Ledger is consistent');
    });

    await test.step("sets the merchant's fee with a decimal comma and the mailed code", async () => {
      await openSection(page, 'Пользователи');
      await page.getByPlaceholder('Почта, имя или ID').fill(merchant.email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: merchant.email });
      await expect(row).toHaveCount(1);
      await shots(page, 'users');
      await row.getByRole('link', { name: 'Открыть' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(merchant.email);
      const fee = page.getByTestId('admin-term-fee_pct');
      await fee.getByRole('textbox').fill('3,5');
      const seen = mailCount(operator.email);
      await fee.getByRole('button', { name: 'Сохранить' }).click();
      await confirmCode(page, 'Подтверждение условий', operator.email, seen);
      await expect(page.getByText('Сохранено')).toBeVisible();
      await expect(fee).toContainText('Сейчас: 3,5%');
      await shots(page, 'user');
    });

    const bankName = `E2E Банк ${digits}`;
    await test.step('adds a bank to the directory', async () => {
      await openSection(page, 'Банки и курс');
      await page.getByRole('button', { name: 'Добавить банк' }).click();
      const dialog = page.getByRole('dialog', { name: 'Добавить банк' });
      await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill(bankName);
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Банк добавлен')).toBeVisible();
      await expect(page.getByTestId('admin-banks')).toContainText(bankName);
    });

    await test.step('sets the USDT/RUB rate with the mailed code', async () => {
      const form = page.getByTestId('admin-rate-form');
      await form.getByRole('textbox').fill('92,50');
      const seen = mailCount(operator.email);
      await form.getByRole('button', { name: 'Установить курс' }).click();
      await confirmCode(page, 'Подтверждение курса', operator.email, seen);
      await expect(page.getByText('Курс установлен')).toBeVisible();
      // Other specs keep the same 92,50 rate; the card shows it, the audit log below shows who set it.
      await expect(page.getByTestId('admin-rate')).toContainText('92,50');
      await shots(page, 'banks');
    });

    await test.step('retries the failed webhook', async () => {
      await openSection(page, 'Вебхуки');
      const failed = page.getByTestId('admin-webhook').filter({ hasText: merchant.email });
      // The delivery job gives the aged event up on its next attempt.
      await expect(async () => {
        await page.reload();
        await expect(failed.first()).toContainText('Не доставлено', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await shots(page, 'webhooks');
      await failed.first().getByRole('button', { name: 'Повторить' }).click();
      await expect(page.getByText('Событие поставлено на повторную доставку')).toBeVisible();
    });

    await test.step('blocks the trader: their session ends and routing skips them', async () => {
      await openSection(page, 'Пользователи');
      await page.getByPlaceholder('Почта, имя или ID').fill(trader.email);
      await page.getByTestId('admin-user-row').filter({ hasText: trader.email }).getByRole('link').click();
      const block = page.getByTestId('admin-user-block');
      await block.getByRole('textbox', { name: 'Причина' }).fill('Подозрение на мошенничество');
      const seen = mailCount(operator.email);
      await block.getByRole('button', { name: 'Заблокировать' }).click();
      await confirmCode(page, 'Подтверждение блокировки', operator.email, seen);
      await expect(page.getByText('Пользователь заблокирован')).toBeVisible();
      await expect(block.getByRole('button', { name: 'Разблокировать' })).toBeVisible();

      const session = await traderPage.request.get(`${E2E.apiPrefix}${API.auth.checkUserAuth}`);
      expect(session.status()).toBe(401);
      const refused = await request.post(`${E2E.baseUrl}${E2E.apiPrefix}${API.merchant.orders}`, {
        headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() },
        data: {
          amount: '1500.00',
          payment_mode: 'sbp',
          external_id: `console-${digits}-2`,
          bank_id: routable.bankId,
        },
      });
      expect(refused.status(), await refused.text()).toBe(422);
      await traderPage.context().close();
    });

    await test.step('finds every action in the audit log', async () => {
      await openSection(page, 'Журнал');
      await page.getByPlaceholder('Почта администратора').fill(operator.email);
      const entries = page.getByTestId('admin-audit-entry');
      for (const label of [
        'Одобрение вывода',
        'Отклонение вывода',
        'Комиссия мерчанта',
        'Добавление банка',
        'Курс USDT/RUB',
        'Повтор вебхука',
        'Блокировка',
      ]) {
        await expect(entries.filter({ hasText: label }).first()).toBeVisible();
      }
      await expect(entries.filter({ hasText: 'Блокировка' }).first()).toContainText(
        'Подозрение на мошенничество',
      );
      await shots(page, 'audit');
      await openSection(page, 'Уведомления банков');
      await shots(page, 'notifications');
    });
    await page.context().close();
  });
}

test('other roles get the 404 page at /admin and never call the console', async ({ browser }) => {
  const trader = createUser();
  const page = await signedInPage(browser, trader, 1280);
  const calls: string[] = [];
  page.on('request', (req) => calls.push(new URL(req.url()).pathname));
  await page.goto('/admin/users');
  await expect(page.getByText('404')).toBeVisible();
  expect(calls.filter((path) => path.includes('/api/v1/admin/'))).toEqual([]);
  await page.context().close();
});
