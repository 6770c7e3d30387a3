import { formatUsdtAmount } from '@app/shared/money';

const NBSP = '\u00a0';

/** A USDT decimal string ("1234.5") as every page writes USDT (shared formatUsdtAmount: "1 234,50 USDT"). */
export function formatUsdtText(amount: string): string {
  return formatUsdtAmount(Number(amount));
}

/** completed ÷ created as a whole percent ("40 %"), or a dash when nothing was created. */
export function formatConversion(completed: number, created: number): string {
  if (created === 0) return '—';
  return `${Math.round((completed / created) * 100)}${NBSP}%`;
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
