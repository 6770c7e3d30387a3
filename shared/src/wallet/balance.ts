// Zod-free on purpose: the signed-in home page shows the balance card without loading zod.
import { AUTH_MESSAGES } from '../auth/field-messages.ts';
import { formatUsdtAmount, microToNumber, usdtNumberToMicro } from '../money.ts';
import type { DashboardProfile } from './dashboard.ts';
import { WALLET_MESSAGES } from './messages.ts';

/** Available = total − frozen (spec §1), computed in micro-USDT so no float drift shows up in cents. */
export function availableBalance(profile: Pick<DashboardProfile, 'balance' | 'frozen_balance'>): number {
  const total = usdtNumberToMicro(profile.balance) ?? 0n;
  const frozen = usdtNumberToMicro(profile.frozen_balance) ?? 0n;
  return microToNumber(total > frozen ? total - frozen : 0n);
}

/** What a hidden amount shows instead of its digits (spec §2 My Balance: masked as asterisks). */
export const BALANCE_MASK = '******';

/** A balance as the My Balance card shows it: USDT with 2 decimals ("1 234,50 USDT"), or asterisks while hidden. */
export function displayBalance(amount: number, hidden: boolean): string {
  return hidden ? BALANCE_MASK : formatUsdtAmount(amount);
}

/** Every text the balance card and the wallet dialogs show (spec §2 Wallet dialogs, §8 Wallet). */
export const WALLET_TEXT = {
  myBalance: 'My Balance',
  available: 'Доступно',
  frozen: 'Заморожено',
  totalProfit: 'Общая прибыль',
  rating: 'Rating',
  showBalance: 'Показать баланс',
  hideBalance: 'Скрыть баланс',
  balanceMenu: 'Меню баланса',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  modalTitle: 'Wallet Management',
  addressHeading: 'Your TRX Tron (TRC20) Address',
  copy: 'Copy',
  depositWarning:
    'Send only USDT-TRC20 to this address. Sending any other asset may result in permanent loss.',
  noAddress: "You don't have a wallet address yet.",
  createWallet: 'Create Wallet',
  loading: 'Загрузка...',
  withdrawHeading: 'Withdraw USDT',
  amount: 'Amount',
  walletAddress: 'Wallet Address',
  selectFromWhiteList: 'Select from White List',
  withdrawSubmit: 'Withdraw',
  processing: 'Processing...',
  confirmWalletCreation: 'Confirm Wallet Creation',
  confirmWithdrawal: 'Confirm Withdrawal',
  otpDefaultTitle: 'Подтверждение OTP',
  verifyOtp: 'Verify OTP',
  checking: 'Checking...',
  otpIncomplete: AUTH_MESSAGES.otpIncomplete,
  otpFailed: 'Ошибка верификации',
  fetchAddressFailed: 'Не удалось получить адрес кошелька',
  requestWalletFailed: 'Не удалось запросить создание кошелька',
  withdrawFailed: 'Не удалось выполнить вывод',
  copyFailed: 'Не удалось скопировать адрес',
  copied: 'Адрес скопирован',
  fillAllFields: WALLET_MESSAGES.fillAllFields,
  walletCreated: WALLET_MESSAGES.addressCreated,
  withdrawOtpSent: WALLET_MESSAGES.withdrawOtpSent,
  withdrawalSent: WALLET_MESSAGES.withdrawalSent,
} as const;
