/**
 * Money in one place. USDT is kept as integer micro-USDT (6 decimals) in a bigint; no float arithmetic.
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
