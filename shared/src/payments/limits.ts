import type { FieldErrors } from '../http.ts';
import { kopecksToRubleString, parseRubles } from '../money.ts';
import { PAYMENT_MESSAGES } from './messages.ts';

/**
 * Deposit limits of a payment method (spec §3 Payment limits) are RUB amounts. They are kept as integer
 * kopecks (bigint) and shown as numbers of rubles; no float arithmetic touches them.
 */

/** Limit field placeholders of spec §5. */
export const LIMIT_PLACEHOLDERS = { min: '0', max: '100000' } as const;

/**
 * Parses a limit as the API receives it: a non-negative number of rubles (JSON number or decimal string,
 * at most two decimals and twelve whole digits). Empty string and null mean "no limit" (null).
 * Returns undefined for anything else.
 */
export function parseRubleLimit(value: unknown): bigint | null | undefined {
  if (value === null || value === '') return null;
  // String() of a JSON number is its shortest exact decimal; exponents and negatives fail the pattern.
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  return parseRubles(String(value).trim(), { maxWholeDigits: 12 }) ?? undefined;
}

/** Kopecks as a number of rubles for API answers ("1234.5" → 1234.5); exact below 2^53 kopecks. */
export function kopecksToRubles(kopecks: bigint): number {
  return Number(kopecksToRubleString(kopecks));
}

/** Both limits parsed, or the field-keyed messages of spec §5 Limits. */
export function parseDepositLimits(input: {
  min_amount_for_deposit?: unknown;
  max_amount_for_deposit?: unknown;
}): { ok: true; min: bigint | null; max: bigint | null } | { ok: false; errors: FieldErrors } {
  const min = parseRubleLimit(input.min_amount_for_deposit);
  const max = parseRubleLimit(input.max_amount_for_deposit);
  const errors: FieldErrors = {};
  if (min === undefined) errors.min_amount_for_deposit = [PAYMENT_MESSAGES.minAmount];
  if (max === undefined) errors.max_amount_for_deposit = [PAYMENT_MESSAGES.maxAmount];
  if (min !== undefined && max !== undefined && min !== null && max !== null && min > max) {
    errors.min_amount_for_deposit = [PAYMENT_MESSAGES.minAboveMax];
  }
  if (Object.keys(errors).length > 0 || min === undefined || max === undefined) return { ok: false, errors };
  return { ok: true, min, max };
}
