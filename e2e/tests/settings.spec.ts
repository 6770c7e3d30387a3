import { SETTINGS_MESSAGES, WALLET_MESSAGES, WALLET_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import { createUser } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { latestCode, mailCount } from '../support/mail.ts';
import { sendToBot, waitForBotMessage } from '../support/telegram.ts';

// Issue 11: Settings as a trader and a lead use it, at a phone's and a laptop's width.

/** A 4×3 PNG (purple), small enough to inline; the server re-encodes it to a square JPEG thumbnail. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12OosXoLRww4OQB56BOls4Dj4gAAAABJRU5ErkJggg==',
  'base64',
);
/** A valid TRC20 address (checksum included) for the whitelist. */
const WHITELIST_ADDRESS = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

let telegramUser = 7_000_000 + Math.floor(Math.random() * 1_000_000);

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a trader changes username and avatar, links Telegram through the bot and toggles notifications', async ({
      page,
    }) => {
      const { email, password } = createUser();
      await signIn(page, email, password);
      const username = `e2e_${Date.now().toString(36).slice(-6)}${width}`;

      await test.step('/settings opens the profile', async () => {
        await page.goto('/settings');
        await expect(page).toHaveURL(/\/settings#profile$/);
        await expect(page.getByText(email).first()).toBeVisible();
      });

      await test.step('the username changes and shows on the home page', async () => {
        await page.getByLabel('Имя пользователя').fill(username);
        await page.getByRole('button', { name: 'Сохранить имя' }).click();
        await expectToast(page, SETTINGS_MESSAGES.success);
      });

      await test.step('the avatar is uploaded, re-encoded and shown', async () => {
        await page.locator('input[type="file"]').setInputFiles({
          name: 'me.png',
          mimeType: 'image/png',
          buffer: AVATAR_PNG,
        });
        await page.getByRole('button', { name: 'Сохранить аватар' }).click();
        await expectToast(page, SETTINGS_MESSAGES.success);
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
        const avatar = page.getByRole('img', { name: username }).first();
        await expect(avatar).toHaveAttribute('src', /\/api\/account\/avatar\/.+\.jpg$/);
        await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
      });

      await test.step('Telegram is linked by sending /start <key> to the bot', async () => {
        await page.goto('/settings#connection');
        const keyField = page.getByTestId('connection-key');
        await expect(keyField).not.toBeEmpty();
        const key = (await keyField.textContent())?.trim() ?? '';
        expect(key.length).toBeGreaterThan(20);
        await expect(page.getByText('Аккаунты Telegram не подключены')).toBeVisible();
        telegramUser += 1;
        await sendToBot(telegramUser, `/start ${key}`, `Tester ${width}`);
        await waitForBotMessage(telegramUser, 'Аккаунт подключён');
        // The list polls while the section is open: the account appears without a reload.
        await expect(page.getByText(`Tester ${width}`)).toBeVisible();
        await expect(page.getByText(String(telegramUser))).toBeVisible();
      });

      await test.step('the last account cannot be disconnected', async () => {
        await page.getByRole('button', { name: 'Отключить' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
        await expectToast(page, SETTINGS_MESSAGES.lastAccount);
        await expect(page.getByText(`Tester ${width}`)).toBeVisible();
      });

      await test.step('payment notifications are switched off and stay off', async () => {
        await page.goto('/settings#notification');
        const payments = page.getByRole('switch', { name: 'Уведомления о платежах' });
        await expect(payments).toBeChecked();
        await payments.click();
        await expectToast(page, SETTINGS_MESSAGES.success);
        await page.reload();
        await expect(page.getByRole('switch', { name: 'Уведомления о платежах' })).not.toBeChecked();
        await expect(page.getByRole('switch', { name: 'Уведомления об аккаунте' })).toBeChecked();
      });

      await test.step('a new sign-in is announced in Telegram', async () => {
        const other = await page
          .context()
          .browser()
          ?.newContext({ viewport: { width, height: 900 } });
        if (!other) throw new Error('no browser');
        await signIn(await other.newPage(), email, password);
        await waitForBotMessage(telegramUser, 'Вход в аккаунт');
        await other.close();
      });
    });

    test('a lead adds an address to the whitelist, deletes it and switches the whitelist with the mailed code', async ({
      page,
    }) => {
      const { email, password } = createUser({ lead: true });
      await signIn(page, email, password);
      await page.goto('/settings#wallet');
      await expect(page.getByText('В белом списке пока нет адресов')).toBeVisible();
      const field = page.getByLabel('Адрес кошелька');
      await page.getByRole('button', { name: 'Добавить' }).click();
      await expect(page.getByText('Введите адрес кошелька')).toBeVisible();
      // A mistyped character fails the checksum before anything is sent.
      await field.fill(`${WHITELIST_ADDRESS.slice(0, -1)}A`);
      await page.getByRole('button', { name: 'Добавить' }).click();
      await expect(page.getByText('В белом списке пока нет адресов')).toBeVisible();
      await field.fill(WHITELIST_ADDRESS);
      await page.getByRole('button', { name: 'Добавить' }).click();
      const entry = page.getByText(WHITELIST_ADDRESS).first();
      await expect(entry).toBeVisible();
      // A new entry is pending for the cool-down.
      await expect(page.getByText(/Доступен с /).first()).toBeVisible();
      await page.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
      await expectToast(page, SETTINGS_MESSAGES.deleted);
      await expect(page.getByText('В белом списке пока нет адресов')).toBeVisible();

      const whitelistSwitch = page.getByRole('switch', { name: 'Белый список включён' });
      await expect(whitelistSwitch).not.toBeChecked();
      const seen = mailCount(email);
      await whitelistSwitch.click();
      const dialog = page.getByRole('dialog', { name: 'Подтверждение изменения белого списка' });
      await expect(dialog).toBeVisible();
      await typeCode(page, await latestCode(email, seen), dialog);
      await dialog.getByRole('button', { name: WALLET_TEXT.verifyOtp }).click();
      await expectToast(page, WALLET_MESSAGES.whitelistEnabled);
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Белый список включён' })).toBeChecked();
    });
  });
}
