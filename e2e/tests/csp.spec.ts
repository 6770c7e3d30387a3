import { PAYMENT_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import { createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';
import { cspViolations, watchConsole, watchCsp } from '../support/console.ts';

// Issue #8: no 'unsafe-inline' styles. The libraries that add styles at run time (sonner's toasts, the
// scroll lock of Radix dialogs) must work under style-src 'self' without a single violation.

const cspConsoleErrors = (page: Page) => {
  const problems = watchConsole(page);
  return () => problems.filter((p) => /Content Security Policy/i.test(p.text)).map((p) => p.text);
};

/** The scroll lock of an open Radix dialog really applies (its rules come from a constructed style sheet). */
async function expectScrollLocked(page: Page) {
  await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
}

test('the policy allows styles from our own files only', async ({ request }) => {
  const response = await request.get('/welcome');
  const policy = response.headers()['content-security-policy'] ?? '';
  const styleSrc = policy.split(';').find((directive) => directive.trim().startsWith('style-src '));
  expect(styleSrc?.trim()).toBe("style-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
});

test('the landing and the auth modal run without a CSP violation', async ({ page }) => {
  await watchCsp(page);
  const consoleErrors = cspConsoleErrors(page);
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
  await expectScrollLocked(page);
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors()).toEqual([]);
});

test('a signed-in page with a dialog and a toast runs without a CSP violation', async ({ page }) => {
  const { email, password } = createUser();
  await watchCsp(page);
  const consoleErrors = cspConsoleErrors(page);
  await signIn(page, email, password);
  await page.goto('/payments');
  await page.getByRole('button', { name: PAYMENT_TEXT.addButton }).first().click();
  await page
    .getByRole('dialog', { name: 'Выберите банк' })
    .getByRole('button', { name: /Сбербанк/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Реквизиты платежа' });
  await expectScrollLocked(page);
  await details.getByLabel(/Имя владельца/).fill('Ivan Petrov');
  await details.getByLabel('Номер карты').pressSequentially(`2200${String(Date.now()).slice(-8)}5678`);
  await details.getByRole('button', { name: 'Сохранить' }).click();
  // The toast is laid out by sonner's own style sheet: fixed in the top-right corner, not in the page flow.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: PAYMENT_TEXT.created });
  await expect(toast).toBeVisible();
  expect(await page.locator('[data-sonner-toaster]').evaluate((el) => getComputedStyle(el).position)).toBe(
    'fixed',
  );
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors()).toEqual([]);
});
