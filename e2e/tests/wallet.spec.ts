import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WALLET_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { E2E } from '../support/env.ts';
import { plainText } from '../support/mail.ts';

// The wallet needs a chain: this file runs its own app server with TRONGRID_URL pointing at the chain
// simulator (`npm run chain:sim`), on its own database and data directory, beside the shared e2e server.
const SIM_PORT = E2E.chainSimPort;
const PORT = E2E.port + 7;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(E2E.dataDir, '..', `wallet-data-${PORT}`);
const DATABASE = `app_e2e_wallet_${PORT}`;
const databaseUrl = (() => {
  const url = new URL(E2E.adminDatabaseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();
const PASSWORD = 'E2e!Passw0rd';
const WITHDRAW_TO = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: E2E.root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function withAdminDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E.adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `npm run admin -- …` against this file's database. */
function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', ...args], {
    cwd: E2E.root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** `npm run chain:sim -- deposit ADDRESS AMOUNT` against this file's simulator. */
function simulateDeposit(address: string, amount: string): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/chain-sim.ts',
      'deposit',
      address,
      amount,
      '--url',
      `http://127.0.0.1:${SIM_PORT}`,
    ],
    { cwd: E2E.root, encoding: 'utf8' },
  );
}

let counter = 0;
function createUser(lead: boolean): string {
  counter += 1;
  const email = `wallet-${lead ? 'lead' : 'trader'}-${Date.now().toString(36)}-${counter}@example.com`;
  admin(
    'create-user',
    '--email',
    email,
    '--password',
    PASSWORD,
    '--role',
    'trader',
    ...(lead ? ['--lead'] : []),
  );
  return email;
}

function mailsTo(email: string): string[] {
  const outbox = path.join(DATA_DIR, 'mail');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .map((name) => path.join(outbox, name));
}

/** Waits for a message beyond the first `seen` ones and returns its six-digit code. */
async function codeAfter(email: string, seen: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = mailsTo(email);
    if (mails.length > seen) {
      const code = plainText(fs.readFileSync(mails.at(-1)!, 'utf8')).match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${BASE_URL}/welcome`);
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  const seen = mailsTo(email).length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const code = await codeAfter(email, seen);
  await page.getByLabel('Цифра 1 из 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

/** Types the newest mailed code into the open OTP modal and presses 'Verify OTP'. */
async function confirmWithCode(page: Page, title: string, email: string, seen: number) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const code = await codeAfter(email, seen);
  await dialog.getByLabel('Цифра 1 из 6').click();
  await page.keyboard.type(code);
  await dialog.getByRole('button', { name: WALLET_TEXT.verifyOtp }).click();
}

async function openWallet(page: Page, item: 'Deposit' | 'Withdraw') {
  await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: WALLET_TEXT.modalTitle })).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  await withAdminDatabase(`drop database if exists ${DATABASE} with (force)`);
  await withAdminDatabase(`create database ${DATABASE}`);
  start(
    [
      'server/src/cli/chain-sim.ts',
      '--port',
      String(SIM_PORT),
      '--state',
      path.join(DATA_DIR, 'chain-sim.json'),
    ],
    {
      DATA_DIR,
    },
  );
  await waitForUrl(`http://127.0.0.1:${SIM_PORT}/sim/state`);
  start(['server/src/main.ts'], {
    NODE_ENV: 'test',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE_URL,
    DATABASE_URL: databaseUrl,
    DATA_DIR,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    OTP_MAX_SENDS_PER_HOUR: '1000',
    TRONGRID_URL: `http://127.0.0.1:${SIM_PORT}`,
    TRON_POLL_INTERVAL_MS: '1000',
  });
  await waitForUrl(`${BASE_URL}/backend/health`);
});

test.afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
    ),
  );
  await withAdminDatabase(`drop database if exists ${DATABASE} with (force)`);
});

test('a lead creates a wallet, deposits through the chain and withdraws with the OTP modal', async ({
  page,
}) => {
  const email = createUser(true);
  await signIn(page, email);
  const total = page.getByTestId('balance-total');
  await expect(total).toHaveText('$0.00');

  let address = '';
  await test.step('creates the deposit address through the OTP modal', async () => {
    await openWallet(page, 'Withdraw');
    // No address yet: the Withdraw tab is disabled and the modal falls back to Deposit.
    await expect(page.getByText(WALLET_TEXT.noAddress)).toBeVisible();
    await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toBeDisabled();
    const seen = mailsTo(email).length;
    await page.getByRole('button', { name: WALLET_TEXT.createWallet }).click();
    await confirmWithCode(page, WALLET_TEXT.confirmWalletCreation, email, seen);
    await expect(page.getByText(WALLET_TEXT.walletCreated)).toBeVisible();
    await expect(page.getByRole('heading', { name: WALLET_TEXT.addressHeading })).toBeVisible();
    await expect(page.getByText(WALLET_TEXT.depositWarning)).toBeVisible();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    address = (await page.getByTestId('deposit-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.keyboard.press('Escape');
  });

  await test.step('deposits 250 USDT through the simulator and sees the balance', async () => {
    simulateDeposit(address, '250');
    // Opening the Deposit tab nudges the server to scan the address and refreshes the balances.
    await expect(async () => {
      await openWallet(page, 'Deposit');
      await page.keyboard.press('Escape');
      await expect(total).toHaveText('$250.00', { timeout: 1_500 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('balance-available')).toHaveText('$250.00');
  });

  await test.step('withdraws 100 USDT with the OTP modal', async () => {
    await openWallet(page, 'Withdraw');
    await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(WALLET_TEXT.withdrawHeading)).toBeVisible();
    // The whitelist is empty, so there is nothing to select from.
    await expect(page.getByRole('button', { name: WALLET_TEXT.selectFromWhiteList })).toHaveCount(0);
    await page.getByRole('textbox', { name: WALLET_TEXT.amount }).fill('100');
    await page.getByRole('textbox', { name: WALLET_TEXT.walletAddress }).fill(WITHDRAW_TO);
    const seen = mailsTo(email).length;
    await page.getByRole('button', { name: WALLET_TEXT.withdrawSubmit, exact: true }).click();
    await confirmWithCode(page, WALLET_TEXT.confirmWithdrawal, email, seen);
    await expect(page.getByText(WALLET_TEXT.withdrawalSent)).toBeVisible();
    // The modal closes after 2 s; 100 USDT plus the 1 USDT fee left the available balance.
    await expect(page.getByRole('dialog', { name: WALLET_TEXT.modalTitle })).toBeHidden({ timeout: 5_000 });
    await expect(total).toHaveText('$149.00');
  });

  await test.step('the ledger still balances', async () => {
    expect(admin('ledger-verify')).toContain('Ledger is consistent');
  });
});

test('a trader who is not a lead can deposit but not withdraw', async ({ page }) => {
  const email = createUser(false);
  await signIn(page, email);
  await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
  await expect(page.getByRole('menuitem', { name: 'Deposit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Withdraw' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Deposit' }).click();
  await expect(page.getByText(WALLET_TEXT.noAddress)).toBeVisible();
  await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toHaveCount(0);
});
