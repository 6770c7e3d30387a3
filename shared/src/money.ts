/**
 * Money in one place. USDT is kept as integer micro-USDT (6 decimals) and rubles as integer kopecks, both in
 * bigints; no float arithmetic.
 */

export const USDT_DECIMALS = 6;
const MICRO_PER_USDT = 1_000_000n;
const USDT_PATTERN = /^(\d{1,15})(?:\.(\d{1,6}))?$/;

/** Parses a decimal USDT string ("12.5", "0.000001") into micro-USDT; null when it is not a plain decimal. */
export function parseUsdt(text: string): bigint | null {
  const match = USDT_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(USDT_DECIMALS, '0'));
  return whole * MICRO_PER_USDT + fraction;
}

/** Converts a JSON number amount (as the spec's API sends it) into micro-USDT without float drift; null when invalid. */
export function usdtNumberToMicro(amount: number): bigint | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  // toFixed on a finite number below 1e21 gives a plain decimal; round to 6 places first.
  const text = amount.toFixed(USDT_DECIMALS);
  return parseUsdt(text);
}

/** Formats micro-USDT as a decimal string with up to 6 decimals, trailing zeros removed ("12.5", "0"). */
export function formatUsdt(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_USDT;
  const fraction = (abs % MICRO_PER_USDT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Micro-USDT as a JSON number for API answers (exact for every amount below 2^53 micro, i.e. ~9 billion USDT). */
export function microToNumber(micro: bigint): number {
  return Number(formatUsdt(micro));
}

/**
 * USDT as every screen shows it (issue 25: one way everywhere, ru-RU): 2 decimals, a decimal comma,
 * no-break spaces between thousands and before the unit: "1 234,50 USDT". Spec §3's "dollar amounts with
 * 2 decimals" are USDT amounts; the unit is written, never '$'.
 */
export function formatUsdtAmount(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, cents] = fixed.split('.');
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents}\u00a0USDT`;
}

/** Dollar display with 2 decimals and thousands separators ("$1,234.50"): the server's Telegram texts. */
export function formatDollars(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, cents] = fixed.split('.');
  return `${sign}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const KOPECKS_PER_RUBLE = 100n;
const RUBLES_PATTERN = /^(\d+)(?:([.,])(\d+))?$/;

/**
 * The one decimal-ruble parser: "1500", "1500.5" or "1500.50" → kopecks (150_000n, 150_050n); null for anything
 * else (signs, exponents, spaces, three decimals). `maxWholeDigits` bounds the rubles; `exactDecimals` asks for
 * exactly two decimals (the API's ruble strings); `comma` also takes a decimal comma (what a person types).
 */
export function parseRubles(
  text: string,
  options: { maxWholeDigits: number; exactDecimals?: boolean; comma?: boolean },
): bigint | null {
  const match = RUBLES_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = '', separator, fraction = ''] = match;
  if (whole.length > options.maxWholeDigits || fraction.length > 2) return null;
  if (separator === ',' && !options.comma) return null;
  if (options.exactDecimals && fraction.length !== 2) return null;
  return BigInt(whole) * KOPECKS_PER_RUBLE + BigInt(fraction.padEnd(2, '0'));
}

/** 150000n → "1500.00" (the API's ruble string). */
export function kopecksToRubleString(kopecks: bigint): string {
  const whole = kopecks / KOPECKS_PER_RUBLE;
  const fraction = (kopecks % KOPECKS_PER_RUBLE).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
