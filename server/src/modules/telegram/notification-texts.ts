/** Use case: the text of each Telegram notification, and the Settings switch that governs it. */
import { formatDollars, kopecksToRubleString, microToNumber } from '@app/shared';

/** What happened, as the owning module knows it; the telegram module turns it into a message. */
export type NotificationEvent =
  | {
      kind: 'deal_new';
      dealId: string;
      amountKopecks: bigint;
      bankName: string;
      paymentMode: 'sbp' | 'c2c';
    }
  | { kind: 'deal_completed'; dealId: string; amountKopecks: bigint; profitMicro: bigint }
  | { kind: 'deal_expired'; dealId: string; amountKopecks: bigint }
  | { kind: 'sign_in'; at: Date; ip: string }
  /** The password changed: in Settings (signed in) or by the forgotten-password reset. */
  | { kind: 'password_changed'; at: Date; ip: string }
  | { kind: 'withdrawal_requested'; amountMicro: bigint; address: string }
  | { kind: 'withdrawal_sent'; amountMicro: bigint; address: string; txid: string | null }
  /** A verified withdrawal that ended without paying out (failed on chain, or rejected by the operator). */
  | {
      kind: 'withdrawal_returned';
      outcome: 'failed' | 'rejected';
      amountMicro: bigint;
      feeMicro: bigint;
      address: string;
    }
  | {
      kind: 'whitelist_changed';
      change: 'added' | 'removed' | 'enabled' | 'disabled';
      address?: string;
    }
  /**
   * Another Telegram account was linked with the user's connection key: told to the accounts linked before it
   * (never to the new one), so a stranger who got hold of the key is noticed.
   */
  | { kind: 'telegram_linked'; telegramId: number; telegramName: string }
  /** A listed, Enabled terminal whose last heartbeat (lastPingAt) is older than TERMINAL_OFFLINE_AFTER_S. */
  | { kind: 'terminal_offline'; terminalName: string; lastPingAt: Date }
  /** Disputes (issue 9) bring their own text; they always go out. */
  | { kind: 'dispute'; text: string };

export type NotificationKind = NotificationEvent['kind'];

/** Which Settings switch a kind obeys (users.notification_payments / notification_account); disputes none. */
export const NOTIFICATION_GROUP: Record<NotificationKind, 'payments' | 'account' | 'always'> = {
  deal_new: 'payments',
  deal_completed: 'payments',
  deal_expired: 'payments',
  sign_in: 'account',
  password_changed: 'account',
  withdrawal_requested: 'account',
  withdrawal_sent: 'account',
  withdrawal_returned: 'account',
  whitelist_changed: 'account',
  telegram_linked: 'account',
  terminal_offline: 'account',
  dispute: 'always',
};

const rub = (kopecks: bigint) => `${kopecksToRubleString(kopecks)} ₽`;
const usdt = (micro: bigint) => formatDollars(microToNumber(micro));
const MODE = { sbp: 'СБП', c2c: 'Перевод на карту' } as const;
const short = (id: string) => id.slice(0, 8);

/** Day-month-year with hours and minutes, Moscow time (the service's home time zone). */
export function moscowDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return `${parts.replace(',', '')} МСК`;
}

const WHITELIST_CHANGE = {
  added: 'добавлен адрес',
  removed: 'удалён адрес',
  enabled: 'белый список включён',
  disabled: 'белый список выключен',
} as const;

/** The message of an event, in Russian. */
export function notificationText(event: NotificationEvent): string {
  switch (event.kind) {
    case 'deal_new':
      return `Новая сделка ${short(event.dealId)}: ${rub(event.amountKopecks)}, ${event.bankName}, ${MODE[event.paymentMode]}`;
    case 'deal_completed':
      return `Сделка ${short(event.dealId)} завершена: ${rub(event.amountKopecks)}, прибыль ${usdt(event.profitMicro)}`;
    case 'deal_expired':
      return `Сделка ${short(event.dealId)} истекла: ${rub(event.amountKopecks)}`;
    case 'sign_in':
      return `Вход в аккаунт: ${moscowDateTime(event.at)}, IP ${event.ip}`;
    case 'password_changed':
      return `Пароль аккаунта изменён: ${moscowDateTime(event.at)}, IP ${event.ip}. Если это были не вы, восстановите доступ через «Забыли пароль» и обратитесь в поддержку.`;
    case 'withdrawal_requested':
      return `Заявка на вывод ${usdt(event.amountMicro)} на адрес ${event.address} принята`;
    case 'withdrawal_sent':
      return `Вывод ${usdt(event.amountMicro)} на адрес ${event.address} отправлен${event.txid ? ` (txid ${event.txid})` : ''}`;
    case 'withdrawal_returned':
      return `Вывод ${usdt(event.amountMicro)} на адрес ${event.address} ${event.outcome === 'failed' ? 'не выполнен' : 'отклонён'}: ${usdt(event.amountMicro + event.feeMicro)} (сумма и комиссия) возвращены на баланс`;
    case 'whitelist_changed':
      return `Белый список кошельков изменён: ${WHITELIST_CHANGE[event.change]}${event.address ? ` ${event.address}` : ''}`;
    case 'telegram_linked':
      return `К вашему аккаунту подключён новый Telegram: ${event.telegramName} (ID ${event.telegramId}). Если это не вы, отключите его в Настройках и смените пароль.`;
    case 'terminal_offline':
      return `Терминал «${event.terminalName}» не на связи: последний сигнал ${moscowDateTime(event.lastPingAt)}`;
    case 'dispute':
      return event.text;
  }
}
