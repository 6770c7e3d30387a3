import { expect, type Page } from '@playwright/test';
import { latestCode, mailCount } from './mail.ts';

/** Types a mailed code into the six OTP boxes inside `scope` (the page or a dialog). */
export async function typeCode(page: Page, code: string, scope: Page | ReturnType<Page['getByRole']> = page) {
  await scope.getByLabel('Цифра 1 из 6').click();
  await page.keyboard.type(code);
}

/** Signs in through the landing page's auth modal with the mailed code and waits for the home page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  const seen = mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await typeCode(page, await latestCode(email, seen));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
}
