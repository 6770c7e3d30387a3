import { API, DEALS_TEXT, type Order, PAYER_TEXT } from '@app/shared';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import {
  createMerchantKey,
  createOrder,
  makeRoutable,
  type RoutableTrader,
  setWebhookUrl,
  startWebhookReceiver,
} from '../support/deals.ts';
import { E2E } from '../support/env.ts';

// Issue 10's two round trips against the built product: a merchant's order through the API, the payer's page
// at 375 px, completion by the trader's hand on /deal or by the terminal's bank SMS, and the signed webhook.
// Both share one merchant and one routable trader, so they run in order in one worker.
test.describe.configure({ mode: 'serial' });

const runId = Date.now().toString(36);
const runDigits = String(Date.now()).slice(-8);
/** Rubles as the payer page writes them: "1 500,00 ₽" with no-break spaces. */
const rubles = (whole: string) => `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},00\u00a0₽`;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let merchantKey: string;
let traderContext: BrowserContext;
let merchantContext: BrowserContext;
let device: APIRequestContext;
let trader: RoutableTrader;

test.beforeAll(async ({ browser, playwright }) => {
  // Five admin CLI runs (each starts node and loads the server's modules) and two sign-ins by mailed code.
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  receiver = await startWebhookReceiver();

  const merchant = createUser({ role: 'merchant' });
  merchantKey = createMerchantKey(merchant.email);
  merchantContext = await browser.newContext({ baseURL: E2E.baseUrl });
  await signIn(await merchantContext.newPage(), merchant.email, merchant.password);
  receiver.useSecret(await setWebhookUrl(merchantContext.request, receiver.url));

  const account = createUser({ role: 'trader' });
  admin('adjust-balance', account.email, '100', '--reason', 'e2e: collateral for deals');
  traderContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  await signIn(await traderContext.newPage(), account.email, account.password);
  device = await playwright.request.newContext();
  trader = await makeRoutable(traderContext.request, device, account.email, runDigits);
});

test.afterAll(async () => {
  await traderContext?.close();
  await merchantContext?.close();
  await device?.dispose();
  await receiver?.close();
});

/** The payer's phone: the order's payment_url at 375×812, with its requisites and "Я оплатил". */
async function openPayerPage(context: BrowserContext, order: Order): Promise<Page> {
  const payer = await context.newPage();
  await payer.setViewportSize({ width: 375, height: 812 });
  await payer.goto(order.payment_url);
  await expect(payer.getByRole('heading', { name: PAYER_TEXT.title })).toBeVisible();
  await expect(payer.getByText(rubles(order.amount.split('.')[0]!), { exact: true })).toBeVisible();
  await expect(payer.getByText(trader.bankName, { exact: true })).toBeVisible();
  const digits = trader.phone.slice(2);
  const shownPhone = `+7\u00a0(${digits.slice(0, 3)})\u00a0${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
  await expect(payer.getByText(shownPhone, { exact: true })).toBeVisible();
  await expect(payer.getByText(trader.owner, { exact: true })).toBeVisible();
  await expect(payer.getByRole('button', { name: PAYER_TEXT.paid })).toBeVisible();
  expect(
    Number(await payer.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
  ).toBeLessThanOrEqual(0);
  return payer;
}

/** The merchant's view of an order through the API. */
async function fetchOrder(request: APIRequestContext, id: string): Promise<Order> {
  const answer = await request.get(`${E2E.baseUrl}${E2E.apiPrefix}${API.merchant.order(id)}`, {
    headers: { Authorization: `Bearer ${merchantKey}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as Order;
}

/** The webhook types received for an order, in arrival order. */
const eventTypes = (orderId: string) =>
  receiver.received.filter((item) => item.payload.data.id === orderId).map((item) => item.payload.type);

test('an order paid by hand: the payer says paid, the trader confirms on /deal, the merchant gets complete', async ({
  browser,
  request,
}) => {
  const order = await createOrder(request, merchantKey, {
    amount: '1500.00',
    payment_mode: 'sbp',
    external_id: `e2e-${runId}-hand`,
    bank_id: trader.bankId,
  });
  expect(order).toMatchObject({ status: 'pending', amount: '1500.00', currency: 'RUB', rate: '92.50' });
  expect(order.payment_url).toBe(`${E2E.baseUrl}/c2c/${order.id}`);
  expect(order.requisites).toMatchObject({ owner_name: trader.owner, phone_number: trader.phone });

  const payerContext = await browser.newContext();
  const payer = await openPayerPage(payerContext, order);

  await test.step('the payer says they paid and waits', async () => {
    await payer.getByRole('button', { name: PAYER_TEXT.paid }).click();
    await expect(payer.getByRole('heading', { name: PAYER_TEXT.waiting })).toBeVisible();
    await expect(payer.getByRole('button', { name: PAYER_TEXT.paid })).toHaveCount(0);
  });

  await test.step('the trader confirms the receipt on /deal through the confirmation step', async () => {
    const page = await traderContext.newPage();
    await page.goto('/deal');
    await expect(page.getByRole('heading', { name: DEALS_TEXT.title })).toBeVisible();
    const row = page.getByTestId('deal-row').filter({ has: page.locator(`[title="${order.id}"]`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('На проверке');
    await row.getByRole('button', { name: DEALS_TEXT.confirmReceipt }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение получения' });
    await expect(confirm.getByText(DEALS_TEXT.confirmQuestion)).toBeVisible();
    await expect(confirm.getByTestId('confirm-deal-summary')).toContainText(order.id);
    await confirm.getByRole('button', { name: 'Подтвердить', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Завершена');
    await expect(row.getByRole('button', { name: DEALS_TEXT.confirmReceipt })).toHaveCount(0);
    await page.close();
  });

  await test.step('the merchant receives order.complete, signed, after pending and verification', async () => {
    const complete = await receiver.event(order.id, 'order.complete');
    expect(complete.payload.data).toMatchObject({
      id: order.id,
      external_id: order.external_id,
      status: 'complete',
      amount: '1500.00',
    });
    expect(complete.id).toMatch(/^msg_/);
    expect(eventTypes(order.id)).toEqual(['order.pending', 'order.verification', 'order.complete']);
    expect(receiver.rejected).toEqual([]);
    expect((await fetchOrder(request, order.id)).status).toBe('complete');
  });

  await test.step('the payer page shows the success', async () => {
    // The page polls every 5 s while the order is open.
    await expect(payer.getByRole('heading', { name: PAYER_TEXT.success })).toBeVisible({ timeout: 15_000 });
  });
  await payerContext.close();
});

test('an order completed by the terminal: the bank SMS matches the deal, the merchant gets complete', async ({
  browser,
  request,
}) => {
  // Routing takes only methods whose terminal sent a heartbeat lately.
  await trader.device.heartbeat(64);
  const order = await createOrder(request, merchantKey, {
    amount: '1700.00',
    payment_mode: 'sbp',
    external_id: `e2e-${runId}-terminal`,
    bank_id: trader.bankId,
  });
  expect(order.status).toBe('pending');

  const payerContext = await browser.newContext();
  const payer = await openPayerPage(payerContext, order);

  await test.step('the terminal forwards the bank SMS and it completes the deal', async () => {
    const result = await trader.device.notify(
      '900',
      'MIR-4821 13:54 Перевод 1700р от Марина Петровна А. Баланс: 22393.15р',
    );
    expect(result).toMatchObject({ status: 'matched', deal_id: order.id });
  });

  await test.step('the payer page shows the success without the payer doing anything', async () => {
    await expect(payer.getByRole('heading', { name: PAYER_TEXT.success })).toBeVisible({ timeout: 15_000 });
  });

  await test.step('the merchant receives order.complete, signed', async () => {
    const complete = await receiver.event(order.id, 'order.complete');
    expect(complete.payload.data).toMatchObject({ id: order.id, status: 'complete', amount: '1700.00' });
    expect(eventTypes(order.id)).toEqual(['order.pending', 'order.complete']);
    expect(receiver.rejected).toEqual([]);
  });

  await test.step('the trader sees it complete on /deal and the ledger still balances', async () => {
    const page = await traderContext.newPage();
    await page.goto('/deal');
    const row = page.getByTestId('deal-row').filter({ has: page.locator(`[title="${order.id}"]`) });
    await expect(row).toContainText('Завершена');
    await page.close();
    expect(admin('ledger-verify')).toContain('Ledger is consistent');
  });

  await test.step("the merchant's delivery log fits a 768 px screen", async () => {
    const page = await merchantContext.newPage();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/settings#api');
    await expect(page.getByText('order.complete', { exact: true }).first()).toBeVisible();
    // The wide log table scrolls inside its card; the page itself must not scroll sideways.
    expect(
      Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
    ).toBeLessThanOrEqual(0);
    await page.close();
  });
  await payerContext.close();
});
