import { SESSION_EXPIRED_TEXT, WALLET_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import { createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { E2E } from '../support/env.ts';
import { latestCode, mailCount } from '../support/mail.ts';

const firstBox = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByLabel('Цифра 1 из 6');
const boxValues = (scope: ReturnType<Page['getByRole']>) =>
  scope
    .getByLabel(/^Цифра \d из 6$/)
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));

/** Pastes text into the focused element as a person would (Ctrl+V from the clipboard). */
async function pasteText(page: Page, text: string) {
  await page.evaluate(async (value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({
      viewport: { width, height: width < 640 ? 812 : 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test('a session ended on the server logs the user out to /welcome, which says so once', async ({
      page,
    }) => {
      const { email, password } = createUser();
      await signIn(page, email, password);
      // The home page's own calls (the chart comes after the first paint) are done before the session ends.
      await page.waitForLoadState('networkidle');
      // The session ends behind the page's back: the server forgets it (as expiry or another device's logout would).
      const ended = await page.request.post(`${E2E.apiPrefix}/account/logout/`);
      expect(ended.ok()).toBe(true);

      // The next call the page makes answers 401: the session check of the next page, unless one of the home
      // page's own refreshes comes first (then the link is already gone).
      await page
        .getByRole('link', { name: 'Transactions' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await expect(page).toHaveURL(/\/welcome$/);
      const notice = page.getByRole('alert').filter({ hasText: SESSION_EXPIRED_TEXT });
      await expect(notice).toBeVisible();
      await expect(page.getByText('Требуется авторизация')).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

      // Signing in again works, and the notice does not come back on the next visit.
      await signIn(page, email, password);
      await page.goto('/welcome');
      await expect(page.getByRole('button', { name: 'GET STARTED' }).first()).toBeVisible();
      await expect(page.getByText(SESSION_EXPIRED_TEXT)).toHaveCount(0);
    });

    test('code dialogs put the focus in the first box, a pasted code fills them, closing returns focus', async ({
      page,
    }) => {
      const { email, password } = createUser({ lead: true });
      await page.goto('/welcome');
      const opener = page.getByRole('button', { name: 'GET STARTED' }).first();
      await opener.click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      await expect(opener).toBeFocused();

      await opener.click();
      const seen = mailCount(email);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('textbox', { name: 'Пароль' }).fill(password);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await expect(firstBox(page)).toBeFocused();
      const code = await latestCode(email, seen);
      await pasteText(page, ` ${code.slice(0, 3)} ${code.slice(3)} `);
      expect(await boxValues(page.getByRole('dialog'))).toEqual(code.split(''));
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page).toHaveURL(/\/$/);

      // The wallet creation dialog (the shared OTP modal of withdrawal, whitelist and terminal too).
      await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
      await page.getByRole('menuitem', { name: 'Deposit' }).click();
      const walletSeen = mailCount(email);
      await page.getByRole('button', { name: WALLET_TEXT.createWallet }).click();
      const otp = page.getByRole('dialog', { name: WALLET_TEXT.confirmWalletCreation });
      await expect(otp).toBeVisible();
      await expect(firstBox(otp)).toBeFocused();
      const walletCode = await latestCode(email, walletSeen);
      await pasteText(page, `${walletCode.slice(0, 3)}-${walletCode.slice(3)}`);
      expect(await boxValues(otp)).toEqual(walletCode.split(''));
      await otp.getByRole('button', { name: WALLET_TEXT.verifyOtp }).click();
      await expect(page.getByText(WALLET_TEXT.walletCreated)).toBeVisible();
    });

    test('small controls can be tapped: 44 px targets below lg', async ({ page }) => {
      test.skip(width >= 1024, 'the 44 px rule is for touch-sized screens');
      /** The element a tap at (x, y) lands on is `target` or inside it. */
      const hits = (target: ReturnType<Page['getByRole']>, dx: number, dy: number) =>
        target.evaluate(
          (element, [x, y]) => {
            const box = element.getBoundingClientRect();
            const hit = document.elementFromPoint(
              box.left + box.width / 2 + x!,
              box.top + box.height / 2 + y!,
            );
            return hit !== null && (hit === element || element.contains(hit));
          },
          [dx, dy],
        );

      await page.goto('/welcome');
      for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
        expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole('button', { name: 'GET STARTED' }).first().click();
      const forgot = page.getByRole('button', { name: 'Забыли пароль?' });
      await expect(forgot).toBeVisible();
      // 21 px from the centre up and down is still the link: a 44 px tall target around a line of text.
      expect(await hits(forgot, 0, -21)).toBe(true);
      expect(await hits(forgot, 0, 21)).toBe(true);
      await page.keyboard.press('Escape');

      const { email, password } = createUser();
      await signIn(page, email, password);
      const dots = page.getByRole('group', { name: 'Выбор баннера' }).getByRole('button');
      await expect(dots.first()).toBeVisible();
      for (const dot of await dots.all()) {
        const box = await dot.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
      }
      for (const name of ['Предыдущий баннер', 'Следующий баннер']) {
        const arrow = page.getByRole('button', { name });
        expect(await hits(arrow, 0, -21)).toBe(true);
        expect(await hits(arrow, -21, 0)).toBe(true);
      }
    });
  });
}
