import { API } from '@app/shared';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable } from '../support/deals.ts';
import { E2E } from '../support/env.ts';

// Issue 25: each role's first screen is its own work — the merchant home, support's dispute queue, the
// trader's dashboard — at a phone's and a laptop's width, with the navigation each role can use. With
// SHOTS_DIR set, every home (and the payer page naming the shop) is also saved at 375/768/1280/1920 px.
test.describe.configure({ mode: 'serial' });

const WIDTHS = [375, 1280] as const;
const SHOT_WIDTHS = [375, 768, 1280, 1920] as const;
const runDigits = String(Date.now() + 25).slice(-8);

let merchant: { email: string; password: string };
let support: { email: string; password: string };
let trader: { email: string; password: string };
let orderId: string;
/** A second order of the merchant, paid, for support to open a dispute on. */
let disputedOrderId: string;

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

async function signedInPage(browser: Browser, account: { email: string; password: string }, width: number) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  return page;
}

const menu = (page: Page, width: number) =>
  width <= 1140 ? page.getByTestId('bottom-menu') : page.getByTestId('sidebar').getByRole('navigation');

test.beforeAll(async ({ browser, playwright, request }) => {
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  merchant = createUser({ role: 'merchant' });
  support = createUser({ role: 'support' });
  trader = createUser({ role: 'trader' });
  admin('adjust-balance', trader.email, '100', '--reason', 'e2e: collateral for the homes');
  const key = createMerchantKey(merchant.email);
  const traderPage = await signedInPage(browser, trader, 1280);
  const device: APIRequestContext = await playwright.request.newContext();
  // Совкомбанк: no other spec routes to it, so this spec's order reaches this spec's trader.
  const routable = await makeRoutable(traderPage.request, device, trader.email, runDigits, 'Совкомбанк');
  const order = await createOrder(request, key, {
    amount: '1500.00',
    payment_mode: 'sbp',
    external_id: `home-${runDigits}`,
    bank_id: routable.bankId,
  });
  orderId = order.id;
  const second = await createOrder(request, key, {
    amount: '1600.00',
    payment_mode: 'sbp',
    external_id: `home-${runDigits}-2`,
    bank_id: routable.bankId,
  });
  disputedOrderId = second.id;
  const paid = await request.post(`${E2E.baseUrl}${E2E.apiPrefix}${API.payer.paid(second.id)}`);
  expect(paid.ok(), await paid.text()).toBe(true);
  await traderPage.context().close();
});

for (const width of WIDTHS) {
  test(`merchant home at ${width} px: its own figures, never the trader's dashboard`, async ({ browser }) => {
    const page = await signedInPage(browser, merchant, width);
    const calls: string[] = [];
    page.on('request', (req) => calls.push(new URL(req.url()).pathname));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Обзор магазина' })).toBeVisible();
    const home = page.getByTestId('merchant-home');
    await expect(home).toBeVisible();
    await expect(page.getByTestId('merchant-home-open-orders')).toContainText('2 заказа · 3 100,00 ₽');
    await expect(page.getByTestId('merchant-home-orders')).toContainText(`home-${runDigits}`);
    await expect(page.getByTestId('merchant-home-orders')).toContainText('Ожидает оплаты');
    await expect(page.getByTestId('merchant-home-orders')).toContainText('На проверке');
    await expect(home).not.toContainText(/Rating|pending/);
    await expect(page.getByTestId('dashboard-side-column')).toHaveCount(0);
    await expect(menu(page, width).getByRole('link')).toHaveText(
      width <= 1140
        ? ['Overview', 'Disputes', 'Transactions']
        : ['Overview', 'Disputes', 'Transactions', 'Settings', 'Help & Supports'],
    );
    expect(calls.some((path) => path.endsWith(API.terminals.list))).toBe(false);
    // A page the merchant cannot use sends it home.
    await page.goto('/terminals');
    await expect(page).toHaveURL(/\/$/);
    if (width === 1280) await shots(page, 'merchant-home');
    await page.context().close();
  });

  test(`support home at ${width} px: the dispute queue`, async ({ browser }) => {
    const page = await signedInPage(browser, support, width);
    await expect(page.getByRole('heading', { level: 1, name: 'Очередь споров' })).toBeVisible();
    await expect(page.getByTestId('support-queue-counts')).toBeVisible();
    await expect(menu(page, width).getByRole('link')).toHaveText(
      width <= 1140 ? ['Overview', 'Disputes'] : ['Overview', 'Disputes', 'Settings', 'Help & Supports'],
    );
    await page.goto('/deal');
    await expect(page).toHaveURL(/\/$/);
    if (width === 375) {
      // Other specs share this database and may leave disputes open: the queue is either empty or lists them.
      await expect(
        page.getByText('Открытых споров нет').or(page.getByTestId('support-queue-item').first()),
      ).toBeVisible();
      await shots(page, 'support-home-empty');
    } else {
      // Support opens a dispute on the paid order and holds it: the queue shows it with its deadline and lock.
      const opened = await page.request.post(`${E2E.apiPrefix}${API.disputes.createBySupport}`, {
        data: { transaction_id: disputedOrderId, note: 'Плательщик прислал чек, зачисления нет' },
      });
      expect(opened.status(), await opened.text()).toBe(201);
      const { id } = (await opened.json()) as { id: string };
      const blocked = await page.request.post(`${E2E.apiPrefix}${API.disputes.block}`, {
        data: { dispute_id: id },
      });
      expect(blocked.ok(), await blocked.text()).toBe(true);
      await page.reload();
      // Other specs' open disputes may be in the queue too: this one is found by its id's start.
      const item = page.getByTestId('support-queue-item').filter({ hasText: id.slice(0, 8) });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('Ожидание доказательств');
      await expect(item).toContainText('Заблокирован вами');
      await expect(item).toContainText(/осталось \d+/);
      await expect(item).toContainText('1 600,00 ₽');
      await shots(page, 'support-home');
      await page.setViewportSize({ width: 1280, height: 900 });
      await item.getByRole('link', { name: /Открыть/ }).click();
      await expect(page).toHaveURL(/\/dispute$/);
      // The disputes page opens on that dispute: its id is the search, so the list holds it alone.
      await expect
        .poll(() => page.$$eval('input', (inputs, want) => inputs.some((input) => input.value === want), id))
        .toBe(true);
      await expect(page.getByText(`${id.slice(0, 8)}…`)).toHaveCount(1);
    }
    await page.context().close();
  });

  test(`trader home at ${width} px: the spec's dashboard and its five items`, async ({ browser }) => {
    const page = await signedInPage(browser, trader, width);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await expect(page.getByTestId('merchant-home')).toHaveCount(0);
    const links = menu(page, width).getByRole('link');
    await expect(links.first()).toHaveText('Overview');
    await expect(links).toContainText(['Payments', 'Terminals', 'Disputes', 'Transactions']);
    await page.context().close();
  });
}

test('the payer page names the shop once the merchant set its name in Settings', async ({
  browser,
  page,
}) => {
  const merchantPage = await signedInPage(browser, merchant, 1280);
  await merchantPage.goto('/settings#api');
  const field = merchantPage.getByRole('textbox', { name: 'Название' });
  await field.fill('Кофейня «Зерно»');
  await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Сохранить' }).click();
  await expect(merchantPage.getByText('Название магазина сохранено')).toBeVisible();
  await merchantPage.context().close();

  await page.goto(`/c2c/${orderId}`);
  await expect(page.getByTestId('payer-shop')).toHaveText('Магазин: Кофейня «Зерно»');
  await shots(page, 'payer');
});

test('the homes show skeletons while loading and a Russian error with a retry when their call fails', async ({
  browser,
}) => {
  for (const [account, path, name, failure] of [
    [merchant, API.merchantSettings.home, 'merchant-home', 'Не удалось загрузить обзор магазина'],
    [support, API.supportHome.queue, 'support-home', 'Не удалось загрузить очередь споров'],
  ] as const) {
    const page = await signedInPage(browser, account, 375);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${path}**`, async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } });
    });
    await page.reload();
    await expect(
      page.getByTestId(`${name === 'merchant-home' ? 'merchant-home' : 'support-queue'}-loading`),
    ).toBeVisible();
    await shots(page, `${name}-loading`);
    release();
    await expect(page.getByText(failure)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Повторить|Обновить/ })).toBeVisible();
    await shots(page, `${name}-error`);
    await page.context().close();
  }
});
