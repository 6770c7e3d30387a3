const NBSP = '\u00a0';

/** Russian labels of the order (deal) statuses a merchant sees; a status is never shown raw. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Ожидает оплаты',
  verification: 'Проверка оплаты',
  complete: 'Завершён',
  dispute: 'Спор',
  canceled: 'Отменён',
  expired: 'Истёк',
};

/** Russian names of the webhook event types. */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  'order.pending': 'Заказ создан',
  'order.verification': 'Оплата на проверке',
  'order.complete': 'Заказ завершён',
  'order.canceled': 'Заказ отменён',
  'order.expired': 'Заказ истёк',
  'order.dispute': 'Открыт спор',
};

/** A USDT decimal string ("1234.5") the ru-RU way: "1 234,5 USDT" (digits only, never a float). */
export function formatUsdtText(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '−' : ''}${grouped}${fraction ? `,${fraction}` : ''}${NBSP}USDT`;
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
