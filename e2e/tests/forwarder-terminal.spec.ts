import { createHmac } from 'node:crypto';
import {
  API,
  type BanksResponse,
  type ForwarderSetupResponse,
  forwarderSetupResponse,
  type PaymentCreateResponse,
  SMSFORWARDER_MESSAGE_TEMPLATE,
  SMSFORWARDER_PING_TEMPLATE,
  TERMINAL_TEXT,
} from '@app/shared';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin, createUser } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { createMerchantKey, createOrder, setWebhookUrl, startWebhookReceiver } from '../support/deals.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';

// Issue 24 end to end: a trader pairs SmsForwarder through the page (the app choice, the mailed code, the setup
// screen), and this test then plays the phone exactly as SmsForwarder's Webhook sender posts the shared
// templates: a heartbeat from the auto-task, then a forwarded Sber push for a deal's amount. The deal completes,
// the merchant's webhook fires, the setup screen says 'Терминал подключен' and the card shows the ping's battery.
// The two widths run one after the other on one merchant.
test.describe.configure({ mode: 'serial' });

const runId = Date.now().toString(36);
const runDigits = String(Date.now()).slice(-8);

/** Real Sber incoming pushes (server/src/modules/terminals/parsers/parsers.test.ts), one per width. */
const SBER_PUSHES = {
  375: {
    amount: '4000.00',
    title: 'Перевод по СБП от ИГОРЬ НИКОЛАЕВИЧ К.',
    text: 'Ozon банк + 4 000 ₽ Счёт карты МИР •• 6620',
  },
  1280: {
    amount: '1600.00',
    title: 'Вам пришёл перевод 🐾 от ЕЛЕНА ВЯЧЕСЛАВОВНА К.',
    text: 'ВТБ + 1 600 ₽ — Можно тратить: 1 755,84 ₽ Плат. счёт •• 1842',
  },
} as const;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let merchantKey: string;
let merchantContext: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  admin('rate-set', '92.50');
  receiver = await startWebhookReceiver();
  const merchant = createUser({ role: 'merchant' });
  merchantKey = createMerchantKey(merchant.email);
  merchantContext = await browser.newContext({ baseURL: E2E.baseUrl });
  await signIn(await merchantContext.newPage(), merchant.email, merchant.password);
  receiver.useSecret(await setWebhookUrl(merchantContext.request, receiver.url));
});

test.afterAll(async () => {
  await merchantContext?.close();
  await receiver?.close();
});

/** Gson's escaping as SmsForwarder applies it to a value in a JSON template (HTML-safe; Cyrillic stays raw). */
function gsonEscape(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/[<>&='\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The body SmsForwarder's Webhook sender posts for a template starting with `{` (WebhookUtils): the {{TAG}}
 * placeholders first, then `[from]` unescaped, `[title]` and `[org_content]` JSON-escaped, `[timestamp]` in ms
 * and `[sign]` = urlencode(base64(HMAC-SHA256(key = secret, msg = "<timestamp>\n<secret>"))).
 */
function smsForwarderBody(
  template: string,
  secret: string,
  values: { from?: string; title?: string; text?: string; battery: number; plugged: string },
): string {
  const timestamp = Date.now();
  const sign = encodeURIComponent(
    createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64'),
  );
  return template
    .replaceAll('{{BATTERY_PCT}}', `${values.battery}%`)
    .replaceAll('{{BATTERY_PLUGGED}}', values.plugged)
    .replaceAll('[from]', values.from ?? '')
    .replaceAll('[title]', gsonEscape(values.title ?? ''))
    .replaceAll('[org_content]', gsonEscape(values.text ?? ''))
    .replaceAll('[timestamp]', String(timestamp))
    .replaceAll('[sign]', sign);
}

/** One POST as SmsForwarder sends it (XHttp2 upJson); the hook answers 2xx for what it accepted. */
async function postAsSmsForwarder(request: APIRequestContext, url: string, body: string) {
  const answer = await request.post(url, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBeGreaterThanOrEqual(200);
  expect(answer.status()).toBeLessThan(300);
}

/** A Сбербанк method with only a card: C2C, so this spec's C2C orders reach no other spec's (SBP) trader. */
async function createCardMethod(page: Page, card: string): Promise<{ id: string; bankId: number }> {
  const banks = await page.request.get(`${E2E.apiPrefix}${API.payments.banks}`);
  expect(banks.ok()).toBe(true);
  const bank = ((await banks.json()) as BanksResponse).results.find((item) => item.name === 'Сбербанк');
  expect(bank).toBeTruthy();
  const created = await page.request.post(`${E2E.apiPrefix}${API.payments.create}`, {
    data: { name: 'Ivan Petrov', bank: bank!.id, card, phone_number: null, nomer_scheta: null },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { id: ((await created.json()) as PaymentCreateResponse).payment_id, bankId: bank!.id };
}

async function noHorizontalOverflow(page: Page) {
  expect(
    Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
  ).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280] as const) {
  test(`a trader pairs SmsForwarder in the page at ${width} px and a forwarded Sber push completes a deal`, async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const push = SBER_PUSHES[width];
    const trader = createUser({ role: 'trader' });
    admin('adjust-balance', trader.email, '100', '--reason', 'e2e: collateral for a forwarder deal');
    await page.setViewportSize({ width, height: width < 720 ? 812 : 900 });
    await signIn(page, trader.email, trader.password);
    const phone = await playwright.request.newContext();

    let setup: ForwarderSetupResponse | undefined;
    await test.step('chooses SmsForwarder, enters the mailed code and reads the URL and secret', async () => {
      await page.goto('/terminals');
      const seen = mailCount(trader.email);
      await page.getByRole('button', { name: TERMINAL_TEXT.addButton }).click();
      const choice = page.getByRole('dialog', { name: 'Выберите приложение' });
      await expect(choice.getByText('SMS и push-уведомления банков', { exact: true })).toBeVisible();
      await choice.getByRole('button', { name: /^SmsForwarder/ }).click();
      const otp = page.getByRole('dialog', { name: 'Подтверждение OTP' });
      await typeCode(page, await latestCode(trader.email, seen), otp);
      const verified = page.waitForResponse(
        (response) =>
          response.url().endsWith(API.terminals.verifyRequest) && response.request().method() === 'POST',
      );
      await otp.getByRole('button', { name: 'Verify OTP' }).click();
      const answer = await verified;
      expect(answer.request().postDataJSON()).toMatchObject({ app: 'smsforwarder' });
      setup = forwarderSetupResponse.parse(await answer.json());

      const screen = page.getByRole('dialog', { name: 'Настройка SmsForwarder' });
      await expect(screen).toBeVisible();
      const url = (await screen.getByTestId('forwarder-url-value').textContent()) ?? '';
      const secret = (await screen.getByTestId('forwarder-secret-value').textContent()) ?? '';
      expect(url).toBe(setup.webhook_url);
      expect(url.startsWith(`${E2E.baseUrl}${E2E.apiPrefix}/device/v1/hooks/`)).toBe(true);
      expect(secret).toBe(setup.secret);
      await expect(screen.getByTestId('forwarder-qr')).toHaveAttribute('data-qr-value', url);
      await expect(screen.getByTestId('smsforwarder-message-template-value')).toHaveText(
        SMSFORWARDER_MESSAGE_TEMPLATE,
      );
      await expect(screen.getByTestId('smsforwarder-ping-template-value')).toHaveText(
        SMSFORWARDER_PING_TEMPLATE,
      );
      await expect(screen.getByTestId('forwarder-state')).toHaveAttribute('data-connected', 'false');
      await noHorizontalOverflow(page);
    });
    const { webhook_url: url, secret, terminal_id: terminalId } = setup!;

    await test.step("the auto-task's heartbeat arrives: the screen says 'Терминал подключен'", async () => {
      await postAsSmsForwarder(
        phone,
        url,
        smsForwarderBody(SMSFORWARDER_PING_TEMPLATE, secret!, { battery: 85, plugged: 'AC' }),
      );
      const screen = page.getByRole('dialog', { name: 'Настройка SmsForwarder' });
      const state = screen.getByTestId('forwarder-state');
      // The screen asks the list every 3 s.
      await expect(state).toHaveAttribute('data-connected', 'true', { timeout: 15_000 });
      await expect(state).toContainText('Терминал подключен');
      await screen.getByRole('button', { name: TERMINAL_TEXT.finishSetup }).click();
      await expect(screen).toBeHidden();
    });

    const card = page.getByTestId('terminal-card');
    await test.step("the card names the app and shows the ping's battery, charging, online", async () => {
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('terminal-app')).toHaveText('SmsForwarder');
      await expect(card.getByRole('img', { name: 'Заряд 85%' })).toBeVisible();
      await expect(card.getByRole('img', { name: 'Заряжается' })).toBeVisible();
      await expect(card.getByTestId('terminal-online')).toHaveText('в сети');
      await expect(card.getByRole('button', { name: 'Новый URL' })).toBeVisible();
      await noHorizontalOverflow(page);
    });

    await test.step('links a Сбербанк card method to the terminal and puts it Online', async () => {
      const suffix = `${String(width).padStart(4, '0')}${runDigits.slice(-4)}`;
      const method = await createCardMethod(page, `2200${suffix}3333`);
      const link = await page.request.patch(`${E2E.apiPrefix}${API.terminals.connectPayments(terminalId)}`, {
        data: { payment_ids: [method.id] },
      });
      expect(link.ok(), await link.text()).toBe(true);
      const online = await page.request.patch(`${E2E.apiPrefix}${API.payments.update(method.id)}`, {
        data: { is_active: true },
      });
      expect(online.ok(), await online.text()).toBe(true);
    });

    await test.step('an order reaches the method; the forwarded Sber push completes it', async () => {
      // Routing takes only methods whose terminal pinged lately.
      await postAsSmsForwarder(
        phone,
        url,
        smsForwarderBody(SMSFORWARDER_PING_TEMPLATE, secret!, { battery: 85, plugged: 'AC' }),
      );
      const banks = (await (
        await page.request.get(`${E2E.apiPrefix}${API.payments.banks}`)
      ).json()) as BanksResponse;
      const sber = banks.results.find((item) => item.name === 'Сбербанк')!;
      const order = await createOrder(phone, merchantKey, {
        amount: push.amount,
        payment_mode: 'c2c',
        external_id: `e2e-${runId}-forwarder-${width}`,
        bank_id: sber.id,
      });
      expect(order.status).toBe('pending');

      await postAsSmsForwarder(
        phone,
        url,
        smsForwarderBody(SMSFORWARDER_MESSAGE_TEMPLATE, secret!, {
          from: 'ru.sberbankmobile',
          title: push.title,
          text: push.text,
          battery: 85,
          plugged: 'AC',
        }),
      );

      const complete = await receiver.event(order.id, 'order.complete');
      expect(complete.payload.data).toMatchObject({ id: order.id, status: 'complete', amount: push.amount });
      expect(receiver.rejected).toEqual([]);
      const seen = await phone.get(`${E2E.baseUrl}${E2E.apiPrefix}${API.merchant.order(order.id)}`, {
        headers: { Authorization: `Bearer ${merchantKey}` },
      });
      expect(((await seen.json()) as { status: string }).status).toBe('complete');
    });

    await phone.dispose();
  });
}
