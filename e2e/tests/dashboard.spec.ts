import { randomUUID } from 'node:crypto';
import { API, CHART_RANGE_LABELS, ratingPercent } from '@app/shared';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { createMerchantKey, createOrder, makeRoutable, type RoutableTrader } from '../support/deals.ts';
import { E2E } from '../support/env.ts';

// Issue 13: the home dashboard of a trader with completed deals, a dispute and a terminal, at a phone's, a
// tablet's, a laptop's and a wide screen's width — the rating card beside the banners above 900 px and in the
// single column at 900 px or less — the chart's range switch, and a banner opening its Help subsection.
test.describe.configure({ mode: 'serial' });

const API_BASE = `${E2E.baseUrl}${E2E.apiPrefix}`;
const runDigits = String(Date.now() + 7).slice(-8);

let traderContext: BrowserContext;
let device: APIRequestContext;
let trader: RoutableTrader;
let merchantKey: string;
/** Two deals completed without a dispute (−0.1 each) and one dispute opened (+1): 0.8 points. */
const expectedRating = ratingPercent(2 * -1 + 10);

test.beforeAll(async ({ browser, playwright, request }) => {
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  const merchant = createUser({ role: 'merchant' });
  merchantKey = createMerchantKey(merchant.email);
  const account = createUser({ role: 'trader' });
  admin('adjust-balance', account.email, '100', '--reason', 'e2e: collateral for the dashboard');
  traderContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  await signIn(await traderContext.newPage(), account.email, account.password);
  device = await playwright.request.newContext();
  // Альфа-Банк: the other specs that make a trader routable take other banks, so these orders stay here.
  trader = await makeRoutable(traderContext.request, device, account.email, runDigits, 'Альфа-Банк');

  const paidOrder = async (amount: string) => {
    const order = await createOrder(request, merchantKey, {
      amount,
      payment_mode: 'sbp',
      external_id: `dashboard-${randomUUID()}`,
      bank_id: trader.bankId,
    });
    expect(order.requisites.phone_number).toBe(trader.phone);
    const paid = await request.post(`${API_BASE}${API.payer.paid(order.id)}`);
    expect(paid.ok(), await paid.text()).toBe(true);
    return order;
  };
  for (const amount of ['1200.00', '1300.00']) {
    const order = await paidOrder(amount);
    const confirmed = await traderContext.request.post(`${E2E.apiPrefix}${API.transactions.verify}`, {
      data: { transaction_id: order.id },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }
  const disputed = await paidOrder('1400.00');
  const dispute = await request.post(`${API_BASE}${API.merchant.disputes(disputed.id)}`, {
    headers: { Authorization: `Bearer ${merchantKey}`, 'Idempotency-Key': randomUUID() },
    multipart: { reason: 'Клиент оплатил, трейдер не подтвердил' },
  });
  expect(dispute.status(), await dispute.text()).toBe(201);
});

test.afterAll(async () => {
  await traderContext?.close();
  await device?.dispose();
});

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).first().boundingBox();
  if (!found) throw new Error(`${testId} has no box`);
  return found;
}

for (const width of [375, 768, 1280, 1920]) {
  test(`a trader's dashboard at ${width} px: rating, balance, chart, deals and terminals`, async () => {
    const page = await traderContext.newPage();
    await page.setViewportSize({ width, height: width < 720 ? 812 : 1000 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('User');
    await expect(page.getByTestId('banner').first()).toBeVisible();

    const rating = page.getByTestId('rating-gauge-value');
    await expect(rating).toHaveText(`${expectedRating}%`);
    const banners = await box(page, 'banner-carousel');
    const ratingCard = await box(page, 'rating-card');
    if (width > 900) {
      // Beside the banners, in the side column.
      await expect(page.getByTestId('dashboard-side-column')).toBeVisible();
      expect(ratingCard.x).toBeGreaterThan(banners.x + banners.width - 1);
    } else {
      // Moved into the single column, under the banners.
      await expect(page.getByTestId('dashboard-side-column')).toHaveCount(0);
      expect(ratingCard.y).toBeGreaterThan(banners.y + banners.height - 1);
    }

    // 100 USDT of collateral less the two completed deals' USDT (25.1 + 25.2 at 92.50) plus their rewards;
    // the disputed deal's USDT is held (frozen).
    await expect(page.getByTestId('balance-total')).toHaveText(/^7\d,\d\d\sUSDT$/);
    await expect(page.getByTestId('balance-frozen')).not.toHaveText('0,00 USDT');
    await expect(page.getByTestId('last-transaction')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Threat by terminals' })).toContainText('Терминал');
    await expect(page.getByTestId('chart-total')).toHaveText('Сделок за период: 3');
    expect(
      Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    await page.close();
  });
}

test('the chart switches range: each button asks the server for its range in the browser zone', async () => {
  const page = await traderContext.newPage();
  await page.goto('/');
  await expect(page.getByTestId('chart-total')).toBeVisible();
  for (const range of ['30d', '1y', '24h'] as const) {
    // 24h was loaded with the page and is still fresh in the cache: going back to it asks nothing.
    const answer =
      range === '24h'
        ? null
        : page.waitForResponse(
            (response) =>
              response.url().includes(API.dashboardChart) && response.url().includes(`range=${range}`),
          );
    await page.getByRole('button', { name: CHART_RANGE_LABELS[range] }).click();
    const response = await answer;
    if (response) {
      expect(response.status()).toBe(200);
      expect(new URL(response.url()).searchParams.get('tz')).toBeTruthy();
    }
    await expect(page.getByRole('button', { name: CHART_RANGE_LABELS[range] })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('chart-total')).toHaveText('Сделок за период: 3');
  }
  await page.close();
});

test('a banner opens its Help subsection', async () => {
  const page = await traderContext.newPage();
  await page.goto('/');
  await page.getByTestId('banner').first().click();
  await expect(page).toHaveURL(/\/help#telegram-connect$/);
  await expect(page.getByRole('button', { name: /Telegram/, expanded: true }).first()).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Следующий баннер' }).click();
  await page.getByTestId('banner').nth(1).click();
  await expect(page).toHaveURL(/\/help#terminal-connect$/);
  await page.screenshot({ path: test.info().outputPath('help-terminal.png'), fullPage: true });
  await page.close();
});
