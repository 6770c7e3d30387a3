import { formatUsdtAmount } from '@app/shared/money';

/**
 * The one place numbers, amounts and dates get their screen form (issue 25): one locale, ru-RU, on every
 * page, whatever the browser's language, so the chart axis, the tables and the amounts agree. Features
 * import these (through ui/index.ts) instead of calling toFixed, toLocaleString or Intl themselves.
 */
export { formatDate, formatDayTime } from './format-date.ts';
export { formatRubles } from './format-rubles.ts';
/** USDT, one way everywhere: "1 234,50 USDT" (shared money, so the first paint and the app agree). */
export { formatUsdtAmount };

/** The app's one locale for numbers and dates. */
export const APP_LOCALE = 'ru-RU';

const counts = new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: 0 });

/** A whole count with ru-RU grouping: 12 345 → "12 345". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A number with up to `maxDigits` decimals, no trailing zeros, decimal comma: 87.5 → "87,5". */
export function formatDecimal(value: number, maxDigits = 2): string {
  return new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: maxDigits }).format(value);
}

/** A decimal the API sends as a string ("95.50"), as it is but with the ru-RU decimal comma: "95,50". */
export function formatDecimalText(text: string): string {
  return text.replace('.', ',');
}

/** A percent as the pages show it next to gauges and badges: 87.5 → "87,5%". */
export function formatPercent(value: number, maxDigits = 2): string {
  return `${formatDecimal(value, maxDigits)}%`;
}

const NBSP = '\u00a0';

/** A USDT decimal string ("1234.5") as every page writes USDT (shared formatUsdtAmount: "1 234,50 USDT"). */
export function formatUsdtText(amount: string): string {
  return formatUsdtAmount(Number(amount));
}

/** A duration in seconds, Russian and short: "45 с", "12 мин 5 с", "2 ч 30 мин"; a dash for null. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}${NBSP}с`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes}${NBSP}мин ${s % 60}${NBSP}с` : `${minutes}${NBSP}мин`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours}${NBSP}ч ${minutes % 60}${NBSP}мин` : `${hours}${NBSP}ч`;
}
