import { AUTH_SUCCESS_TEXT, NOT_FOUND_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import { createUser, E2E_PASSWORD, uniqueEmail } from '../support/admin.ts';
import { signIn, typeCode } from '../support/auth.ts';
import { latestCode, mailCount } from '../support/mail.ts';

const openModal = async (page: Page) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
};

test('a visitor signs up with a mailed code, sees the banner and lands on the home page', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await openModal(page);
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Пароль', { exact: true });
  await password.fill('weak');
  await expect(page.getByTestId('password-strength-label')).toHaveText('Слабый');
  await password.fill(E2E_PASSWORD);
  await expect(page.getByTestId('password-strength-label')).toHaveText('Надёжный');
  const seen = mailCount(email);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await typeCode(page, await latestCode(email, seen));
  await page.getByRole('button', { name: 'Подтвердить и создать аккаунт' }).click();
  await expect(page.getByText(AUTH_SUCCESS_TEXT)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  // The visit that follows sign-up is a first visit: a plain welcome, not "welcome back".
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('a wrong code shows its message and signs nobody in', async ({ page }) => {
  const { email, password } = createUser();
  await openModal(page);
  const seen = mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const code = await latestCode(email, seen);
  await typeCode(page, code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный или просроченный код')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('a wrong password is refused with the server message', async ({ page }) => {
  const { email } = createUser();
  await openModal(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill('Wrong!Pass1');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('auth-popup')).toHaveText(/Неверный email или пароль/);
});

test('forgot password: a mailed code sets a new password, then login works with it', async ({ page }) => {
  const { email } = createUser();
  const newPassword = 'N3w!Passw0rd';
  await openModal(page);
  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  const seen = mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Отправить код' }).click();
  await typeCode(page, await latestCode(email, seen));
  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Подтвердите пароль').fill('Different!1');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await page.getByLabel('Подтвердите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText(AUTH_SUCCESS_TEXT)).toBeVisible();
  // After 2 s the modal returns to login, step 1.
  await expect(page.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'login', { timeout: 5_000 });
  await expect(page.getByTestId('auth-modal')).toHaveAttribute('data-step', '1');
  await signIn(page, email, newPassword);
});

test('logout clears storage and guarded pages send visitors to /welcome', async ({ page }) => {
  const { email, password } = createUser();
  await signIn(page, email, password);
  await page.evaluate(() => {
    localStorage.setItem('probe', '1');
    sessionStorage.setItem('probe', '1');
  });
  await page.getByTestId('sidebar').getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('an anonymous visitor is sent from /payments to /welcome', async ({ page }) => {
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('button', { name: 'GET STARTED' }).first()).toBeVisible();
});

test('public pages and the 404 screen', async ({ page }) => {
  for (const path of ['/about', '/services', '/contact']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('404')).toHaveCount(0);
  }
  const { email, password } = createUser();
  await signIn(page, email, password);
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT.title })).toBeVisible();
  await page
    .getByRole('link', { name: NOT_FOUND_TEXT.home })
    .or(page.getByRole('button', { name: NOT_FOUND_TEXT.home }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('at 1100 px the bottom menu replaces the sidebar', async ({ page }) => {
  const { email, password } = createUser();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, email, password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('bottom-menu')).toBeHidden();
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const bottom = page.getByTestId('bottom-menu');
  await expect(bottom).toBeVisible();
  for (const item of ['Overview', 'Payments', 'Terminals', 'Disputes', 'Transactions']) {
    await expect(bottom.getByRole('link', { name: item })).toBeVisible();
  }
  await bottom.getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
});

test('a non-lead sees no Referrals and /referrals sends them home; a lead sees it', async ({ page }) => {
  const trader = createUser();
  await signIn(page, trader.email, trader.password);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Referrals' })).toHaveCount(0);
  await page.getByTestId('burger-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Referrals' })).toHaveCount(0);
  await page.mouse.click(5, 700);
  await expect(page.getByRole('menu')).toBeHidden();
  await page.goto('/referrals');
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  const lead = createUser({ lead: true });
  await signIn(page, lead.email, lead.password);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Referrals' }).click();
  await expect(page).toHaveURL(/\/referrals$/);
});
