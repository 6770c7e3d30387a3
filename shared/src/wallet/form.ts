import { z } from 'zod';
import '../zod-messages.ts';
import { filterCryptoAddress } from '../input-filters.ts';
import { formatUsdt, microToNumber, parseUsdt, USDT_DECIMALS } from '../money.ts';
import type { WithdrawLimits, WithdrawRequest } from './contracts.ts';
import { WALLET_MESSAGES, withdrawalMinimumText } from './messages.ts';

/**
 * A typed amount as micro-USDT: a comma counts as the decimal point, "12." is 12 and ",5" is 0.5;
 * null when it is not a plain decimal with at most 6 decimals.
 */
export function parseWithdrawAmount(text: string): bigint | null {
  let normal = text.trim().replace(',', '.');
  if (normal.endsWith('.')) normal = normal.slice(0, -1);
  if (normal.startsWith('.')) normal = `0${normal}`;
  return normal ? parseUsdt(normal) : null;
}

function decimalsOf(text: string): number {
  const separator = text.search(/[.,]/);
  return separator === -1 ? 0 : text.length - separator - 1;
}

/**
 * The Withdraw tab's form (spec §2 Wallet dialogs, §5 Wallet): amount and address both required, else
 * 'Please fill in all fields'; the amount takes a decimal comma and at most 6 decimals, must be above zero
 * and, when the limits are known, at least the minimum. The output is the spec's request body
 * {amount (number), address}.
 */
export function withdrawFormSchema(limits?: WithdrawLimits | null) {
  const minimum = limits ? parseUsdt(limits.minimum.toFixed(USDT_DECIMALS)) : null;
  return z
    .object({
      amount: z.string().trim().min(1, WALLET_MESSAGES.fillAllFields),
      address: z
        .string()
        .transform(filterCryptoAddress)
        .pipe(z.string().min(1, WALLET_MESSAGES.fillAllFields).max(64, WALLET_MESSAGES.invalidAddress)),
    })
    .superRefine((values, ctx) => {
      if (!values.amount) return;
      if (decimalsOf(values.amount) > USDT_DECIMALS) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: WALLET_MESSAGES.amountPrecision });
        return;
      }
      const micro = parseWithdrawAmount(values.amount);
      if (micro === null || micro <= 0n) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: WALLET_MESSAGES.amountPositive });
        return;
      }
      if (minimum !== null && micro < minimum) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: withdrawalMinimumText(formatUsdt(minimum)),
        });
      }
    })
    .transform(
      (values): WithdrawRequest => ({
        amount: microToNumber(parseWithdrawAmount(values.amount) ?? 0n),
        address: values.address,
      }),
    );
}
export type WithdrawFormValues = z.input<ReturnType<typeof withdrawFormSchema>>;

/** What a withdrawal of `amount` costs (developers' guide: show it before the user submits). */
export interface WithdrawCost {
  /** What arrives at the address. */
  arrives: string;
  /** The network fee. */
  fee: string;
  /** What leaves the available balance: amount plus fee. */
  total: string;
}

/** The amounts to show before submitting, as USDT strings; null while the amount is not a valid number. */
export function withdrawCost(amount: string, limits: WithdrawLimits): WithdrawCost | null {
  const micro = parseWithdrawAmount(amount);
  const fee = parseUsdt(limits.fee.toFixed(USDT_DECIMALS));
  if (micro === null || micro <= 0n || fee === null || decimalsOf(amount) > USDT_DECIMALS) return null;
  return { arrives: formatUsdt(micro), fee: formatUsdt(fee), total: formatUsdt(micro + fee) };
}

/** Labels of the withdrawal cost summary and the confirmation (Russian: the spec does not fix them). */
export const WITHDRAW_SUMMARY_TEXT = {
  fee: 'Комиссия сети',
  minimum: 'Минимальная сумма',
  arrives: 'Поступит на адрес',
  total: 'Спишется с баланса',
  amount: 'Сумма',
  address: 'Адрес',
  limitsUnavailable:
    'Комиссию и минимальную сумму сейчас не удалось загрузить; сервер проверит их при отправке.',
  codeSent: 'Введите 6-значный код, отправленный на вашу почту.',
} as const;

/** "12,5 USDT": every digit the amount has (up to 6 decimals), with the ru-RU decimal comma. */
export function usdtText(amount: string | number): string {
  const digits =
    typeof amount === 'number' ? formatUsdt(parseUsdt(amount.toFixed(USDT_DECIMALS)) ?? 0n) : amount;
  return `${digits.replace('.', ',')}\u00a0USDT`;
}
