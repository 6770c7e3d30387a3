import { randomUUID } from 'node:crypto';
import {
  API,
  type BanksResponse,
  type DeviceActivateResponse,
  TERMINAL_MESSAGES,
  TERMINAL_TEXT,
  type VerifyRequestResponse,
} from '@app/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';

const runDigits = String(Date.now()).slice(-8);

/** Creates a payment method through the product's API, with the signed-in page's session. */
async function createMethod(page: Page, bankName: string, name: string, card: string): Promise<void> {
  const banks = await page.request.get(`${E2E.apiPrefix}${API.payments.banks}`);
  expect(banks.ok()).toBe(true);
  const bank = ((await banks.json()) as BanksResponse).results.find((item) => item.name === bankName);
  expect(bank, `bank ${bankName}`).toBeTruthy();
  const created = await page.request.post(`${E2E.apiPrefix}${API.payments.create}`, {
    data: { name, bank: bank!.id, card, phone_number: null, nomer_scheta: null },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/** The simulated phone: activates with the QR code's data like the Android app, then heartbeats. */
async function pairDevice(request: APIRequestContext, qr: VerifyRequestResponse, battery: number) {
  const activated = await request.post(`${qr.server_url}${API.device.activate}`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      terminal_id: qr.terminal_id,
      auth_key: qr.auth_key,
      device: { model: 'Pixel 7', os: 'Android 14', app_version: '1.0.0' },
    },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  const { device_token } = (await activated.json()) as DeviceActivateResponse;
  const heartbeat = await request.post(`${qr.server_url}${API.device.heartbeat}`, {
    headers: { Authorization: `Bearer ${device_token}`, 'Idempotency-Key': randomUUID() },
    data: { battery },
  });
  expect(heartbeat.ok(), await heartbeat.text()).toBe(true);
}

async function noHorizontalOverflow(page: Page) {
  // The e2e project has no DOM types: measure with an expression evaluated in the page.
  expect(
    Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
  ).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test(`a trader pairs a phone by QR and manages its terminal at ${width} px`, async ({ page, request }) => {
    const trader = createUser({ role: 'trader' });
    await page.setViewportSize({ width, height: width < 720 ? 812 : 900 });
    await signIn(page, trader.email, trader.password);
    // Card numbers are unique across users: the width keeps the two runs apart, the time keeps reruns apart.
    const suffix = `${String(width).padStart(4, '0')}${runDigits.slice(-4)}`;
    await createMethod(page, 'Сбербанк', 'Ivan Petrov', `2200${suffix}1111`);
    await createMethod(page, 'ВТБ', 'Anna Smirnova', `2200${suffix}2222`);

    await page.goto('/terminals');
    await expect(page.getByRole('heading', { name: TERMINAL_TEXT.title })).toBeVisible();
    await expect(page.getByText(TERMINAL_TEXT.emptyNone)).toBeVisible();

    let qr: VerifyRequestResponse | undefined;
    await test.step('adds a terminal through the OTP dialog and reads the QR code', async () => {
      const seen = mailCount(trader.email);
      await page.getByRole('button', { name: TERMINAL_TEXT.addButton }).click();
      // Issue 24: the app comes first; our QR-paired app is one choice beside the forwarder apps.
      const choice = page.getByRole('dialog', { name: 'Выберите приложение' });
      await choice.getByRole('button', { name: /^Terminal Manager \(QR\)/ }).click();
      const otp = page.getByRole('dialog', { name: 'Подтверждение OTP' });
      await expect(otp).toBeVisible();
      await typeCode(page, await latestCode(trader.email, seen), otp);
      await otp.getByRole('button', { name: 'Verify OTP' }).click();
      const screen = page.getByRole('dialog', { name: TERMINAL_TEXT.activationTitle });
      await expect(screen).toBeVisible();
      await expect(screen.getByText(TERMINAL_TEXT.setupSteps[0])).toBeVisible();
      await expect(screen.getByRole('img', { name: 'QR-код для подключения терминала' })).toBeVisible();
      await expect(screen.getByText(TERMINAL_MESSAGES.qrFailed)).toHaveCount(0);
      const payload = await screen.getByTestId('pairing-qr').getAttribute('data-qr-payload');
      qr = JSON.parse(payload ?? '{}') as VerifyRequestResponse;
      expect(Object.keys(qr)).toEqual(['terminal_id', 'server_url', 'auth_key', 'expires_at']);
      expect(qr.server_url).toBe(`${E2E.baseUrl}${E2E.apiPrefix}`);
      await noHorizontalOverflow(page);
    });

    await test.step('pairs the simulated phone and sees it confirmed', async () => {
      await pairDevice(request, qr!, 77);
      const screen = page.getByRole('dialog', { name: TERMINAL_TEXT.activationTitle });
      // The screen asks the list every 3 s.
      await expect(screen.getByText('Терминал подключен')).toBeVisible({ timeout: 15_000 });
      await screen.getByRole('button', { name: TERMINAL_TEXT.finishSetup }).click();
      await expect(screen).toBeHidden();
    });

    const card = page.getByTestId('terminal-card');
    await test.step('sees the battery and the online state', async () => {
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-layout', width <= 720 ? 'mobile' : 'desktop');
      await expect(card.getByRole('img', { name: 'Заряд 77%' })).toBeVisible();
      await expect(card.getByTestId('terminal-online')).toHaveText('в сети');
      await expect(card.getByTestId('terminal-status')).toHaveText('Enabled');
      await expect(card.getByTestId('terminal-id')).toContainText(qr!.terminal_id);
      await noHorizontalOverflow(page);
    });

    await test.step('links two payment methods through the picker', async () => {
      await card.getByRole('button', { name: TERMINAL_TEXT.managePayments }).click();
      const manage = page.getByRole('dialog', { name: TERMINAL_TEXT.managePayments });
      await expect(manage.getByText('К терминалу не привязан ни один платеж')).toBeVisible();
      await manage.getByRole('button', { name: TERMINAL_TEXT.linkPayment }).click();
      const picker = page.getByRole('dialog', { name: 'Выбор платежей' });
      await picker.getByRole('button', { name: 'Привязать (0)' }).click();
      await expect(picker.getByText(TERMINAL_MESSAGES.selectAtLeastOne)).toBeVisible();
      await picker.getByRole('checkbox', { name: /Сбербанк/ }).click();
      await picker.getByRole('checkbox', { name: /ВТБ/ }).click();
      await picker.getByRole('button', { name: 'Привязать (2)' }).click();
      await expect(picker).toBeHidden();
      await expect(manage.getByTestId('terminal-payment')).toHaveCount(2);
      await noHorizontalOverflow(page);
      await page.keyboard.press('Escape');
      await expect(manage).toBeHidden();
    });

    await test.step('renames the terminal inline: Escape cancels, Enter saves', async () => {
      await card.getByRole('button', { name: /^Переименовать:/ }).click();
      const input = card.getByRole('textbox', { name: 'Название терминала' });
      await input.fill('Не сохранять');
      await input.press('Escape');
      await expect(input).toBeHidden();
      await expect(card.getByRole('heading', { name: 'Не сохранять' })).toHaveCount(0);
      await card.getByRole('button', { name: /^Переименовать:/ }).click();
      await input.fill('');
      await input.press('Enter');
      await expect(card.getByText(TERMINAL_MESSAGES.nameEmpty)).toBeVisible();
      await input.fill(`Касса ${width}`);
      await input.press('Enter');
      await expect(card.getByRole('heading', { name: `Касса ${width}` })).toBeVisible();
      await page.reload();
      await expect(
        page.getByTestId('terminal-card').getByRole('heading', { name: `Касса ${width}` }),
      ).toBeVisible();
    });

    await test.step('unbinds a method after the confirmation', async () => {
      await card.getByRole('button', { name: TERMINAL_TEXT.managePayments }).click();
      const manage = page.getByRole('dialog', { name: TERMINAL_TEXT.managePayments });
      await expect(manage.getByTestId('terminal-payment')).toHaveCount(2);
      await manage.getByRole('button', { name: TERMINAL_TEXT.unbind }).first().click();
      const confirm = page.getByRole('dialog', { name: TERMINAL_MESSAGES.unbindConfirm });
      await confirm.getByRole('button', { name: TERMINAL_TEXT.no }).click();
      await expect(confirm).toBeHidden();
      await expect(manage.getByTestId('terminal-payment')).toHaveCount(2);
      await manage.getByRole('button', { name: TERMINAL_TEXT.unbind }).first().click();
      await confirm.getByRole('button', { name: TERMINAL_TEXT.yes }).click();
      await expect(confirm).toBeHidden();
      await expect(manage.getByTestId('terminal-payment')).toHaveCount(1);
      await page.keyboard.press('Escape');
    });

    await test.step('sees the device on the dashboard', async () => {
      await page.goto('/');
      const terminals = page.getByRole('region', { name: 'Threat by terminals' });
      await expect(terminals.getByTestId('device-card')).toHaveCount(1);
      await expect(terminals.getByRole('img', { name: 'Заряд 77%' })).toBeVisible();
      await expect(terminals.getByText(`Касса ${width}`)).toBeVisible();
    });
  });
}
