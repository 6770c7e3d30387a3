import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const BASE = 'http://127.0.0.1:3291';
const MAIL = '/tmp/seed-disputes/mail';
const OUT = '/tmp/shots25-disputes';
const PASSWORD = 'Demo!2345';

function codeFor(email, after) {
  const files = fs.readdirSync(MAIL).filter((f) => f.endsWith(`-${email}.eml`)).sort();
  for (const f of files.reverse()) {
    const full = path.join(MAIL, f);
    if (fs.statSync(full).mtimeMs < after) continue;
    const text = fs.readFileSync(full, 'utf8');
    const qp = text.replace(/=\r?\n/g, '');
    const m = qp.match(/\b(\d{6})\b/g);
    if (m) return m[m.length - 1];
  }
  return null;
}

async function signIn(page, email) {
  await page.goto(`${BASE}/welcome`);
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  const started = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  let code = null;
  for (let i = 0; i < 20 && !code; i++) {
    await page.waitForTimeout(300);
    code = codeFor(email, started);
  }
  await page.screenshot({ path: '/tmp/shots25-disputes/debug-signin.png' });
  await page.getByLabel('Цифра 1 из 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/$/);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const roles = (process.argv[2] ?? 'trader,support,merchant').split(',');
const widths = [375, 768, 1280, 1920];
for (const role of roles) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, `${role}@demo.local`);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${BASE}/dispute`);
    await page.getByRole('button', { name: 'Подробнее' }).first().waitFor({ timeout: 15000 }).catch(() => {});
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/${role}-list-${width}.png`, fullPage: true });
    const details = page.getByRole('button', { name: 'Подробнее' }).first();
    if (await details.count()) {
      await details.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${OUT}/${role}-detail-${width}.png`, fullPage: false });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
    if (width === 1280) {
      const filter = page.getByRole('button', { name: 'Статус' });
      if (await filter.count()) {
        await filter.click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${OUT}/${role}-filter-${width}.png` });
        await page.keyboard.press('Escape');
      }
    }
  }
  await context.close();
}
await browser.close();
