import { WALLET_TEXT, WITHDRAWAL_STATUS_LABELS, WITHDRAWALS_TEXT } from '@app/shared';
import { expect, type Page, test } from '@playwright/test';
import { admin, createUser as createAccount } from '../support/admin.ts';
import { signIn as signInWith, typeCode } from '../support/auth.ts';
import { simulateDeposit } from '../support/chain.ts';
import { latestCode, mailCount } from '../support/mail.ts';

// The run's server watches the chain simulator (TRONGRID_URL, polling every second): see support/start-server.ts.
const WITHDRAW_TO = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

function createUser(lead: boolean) {
  return createAccount({ role: 'trader', lead });
}

/** Types the newest mailed code into the open OTP modal and presses 'Verify OTP'. */
async function confirmWithCode(page: Page, title: string, email: string, seen: number) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await typeCode(page, await latestCode(email, seen), dialog);
  await dialog.getByRole('button', { name: WALLET_TEXT.verifyOtp }).click();
}

async function openWallet(page: Page, item: 'Deposit' | 'Withdraw') {
  await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: WALLET_TEXT.modalTitle })).toBeVisible();
}

test('a lead creates a wallet, deposits through the chain and withdraws with the OTP modal', async ({
  page,
}) => {
  const { email, password } = createUser(true);
  await signInWith(page, email, password);
  const total = page.getByTestId('balance-total');
  await expect(total).toHaveText('0,00 USDT');

  let address = '';
  await test.step('creates the deposit address through the OTP modal', async () => {
    await openWallet(page, 'Withdraw');
    // No address yet: the Withdraw tab is disabled and the modal falls back to Deposit.
    await expect(page.getByText(WALLET_TEXT.noAddress)).toBeVisible();
    await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toBeDisabled();
    const seen = mailCount(email);
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
      await expect(total).toHaveText('250,00 USDT', { timeout: 1_500 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('balance-available')).toHaveText('250,00 USDT');
  });

  await test.step('withdraws 100,5 USDT (a decimal comma) with the OTP modal', async () => {
    await openWallet(page, 'Withdraw');
    await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(WALLET_TEXT.withdrawHeading)).toBeVisible();
    // The whitelist is empty, so there is nothing to select from.
    await expect(page.getByRole('button', { name: WALLET_TEXT.selectFromWhiteList })).toHaveCount(0);
    const amount = page.getByRole('textbox', { name: WALLET_TEXT.amount });
    await amount.fill('100,5');
    // The comma is the decimal point: 100.5, never 1005.
    await expect(amount).toHaveValue('100.5');
    await page.getByRole('textbox', { name: WALLET_TEXT.walletAddress }).fill(WITHDRAW_TO);
    const seen = mailCount(email);
    await page.getByRole('button', { name: WALLET_TEXT.withdrawSubmit, exact: true }).click();
    await confirmWithCode(page, WALLET_TEXT.confirmWithdrawal, email, seen);
    await expect(page.getByText(WALLET_TEXT.withdrawalSent)).toBeVisible();
    // The modal closes after 2 s; 100.5 USDT plus the 1 USDT fee left the balance, and the card says where.
    await expect(page.getByRole('dialog', { name: WALLET_TEXT.modalTitle })).toBeHidden({ timeout: 5_000 });
    await expect(total).toHaveText('148,50 USDT');
    await expect(page.getByTestId('balance-withdrawing')).toContainText('101,50 USDT');
  });

  await test.step('the withdrawal is in the history, waiting for the operator (no hot-wallet key here)', async () => {
    await openWallet(page, 'Deposit');
    await page.getByRole('tab', { name: WITHDRAWALS_TEXT.historyTab }).click();
    const row = page.getByTestId('withdrawal-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('100,5');
    await expect(row).toContainText(WITHDRAWAL_STATUS_LABELS.held);
    await expect(row).toContainText(WITHDRAW_TO);
  });

  await test.step('the ledger still balances', async () => {
    expect(admin('ledger-verify')).toContain('Ledger is consistent');
  });
});

test('a trader who is not a lead can deposit but not withdraw', async ({ page }) => {
  const { email, password } = createUser(false);
  await signInWith(page, email, password);
  await page.getByRole('button', { name: WALLET_TEXT.balanceMenu }).click();
  await expect(page.getByRole('menuitem', { name: 'Deposit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Withdraw' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Deposit' }).click();
  await expect(page.getByText(WALLET_TEXT.noAddress)).toBeVisible();
  await expect(page.getByRole('tab', { name: WALLET_TEXT.withdraw })).toHaveCount(0);
});
