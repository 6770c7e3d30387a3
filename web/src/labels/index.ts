import { PRODUCT_NAME } from '@app/shared/brand';
import { DISPUTE_STATUS_LABELS } from '@app/shared/disputes/messages';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { WITHDRAWAL_STATUS_LABELS } from '@app/shared/wallet/messages';

/**
 * The one module of labels of the web app: the language rule, the spec's English literals, the Russian
 * glossary and every status label map. It sits beside ui/ and api/ rather than in a feature because every
 * feature and the ui/ badges read it, and in web/ rather than shared/ because the rule is about what a
 * screen shows (the server's texts are already Russian; shared keeps the texts tests and the server share).
 *
 * The rule (issue 25, decision record 0016): a screen speaks Russian. English stays only where spec §2,
 * §4 or §8 quotes it as a fixed literal (page and card titles, navigation, button and column texts, the
 * wallet dialogs' quoted sentences): SPEC_LITERALS lists them all. Latin-script loanwords and product
 * names a Russian sentence uses as they are (SMS, QR, USDT, Telegram, MacroDroid) are LOANWORDS and
 * PRODUCT_NAMES. A widget (card, form, dialog, table, the toasts of one event) never mixes the two
 * languages beyond these; a status value, a server's English error or a number in another locale never
 * reaches the screen: statuses go through the maps below, errors through api/errors.ts, amounts and dates
 * through ui/format.ts. `labels/language.test.ts` fails on an English string outside these lists.
 */

/** English texts spec §2, §4 and §8 quote and the screen keeps as written. */
export const SPEC_LITERALS: readonly string[] = [
  // Navigation and page titles (spec §2 Routes, Navigation).
  'Overview',
  'Payments',
  'Terminals',
  'Disputes',
  'Transactions',
  'Deals',
  'Settings',
  'Help & Supports',
  'Help & Support',
  'Referrals',
  'General',
  'Log Out',
  // Auth modal.
  'Operation Completed Successfully!',
  'GET STARTED',
  // Shared widgets: the gauge, the device card and the filter bar.
  'Rating',
  'Device ID',
  'All Payment Mode',
  'All Payment Method',
  'Other filters',
  'Active Only',
  'Related Only',
  'Not Related Only',
  'Apply',
  'Cancel',
  'Reset',
  // Home dashboard cards, their columns and empty texts.
  'User',
  // The welcome header around the username (its fallback 'User' is English, so the greeting is too).
  'Welcome back',
  'Welcome',
  'My Balance',
  'Transaction Summary',
  '24h Hourly',
  '30d Daily',
  '1y Yearly',
  'Last Transaction',
  'No transactions yet',
  'Threat by terminals',
  'No terminals yet',
  'ID',
  'Date',
  'Amount',
  'Profit',
  'Bank',
  'Progress',
  'Status',
  'Actions',
  // Wallet dialogs (spec §2 Wallet dialogs).
  'Deposit',
  'Withdraw',
  'Wallet Management',
  'Your TRX Tron (TRC20) Address',
  'Copy',
  'Send only USDT-TRC20 to this address. Sending any other asset may result in permanent loss.',
  "You don't have a wallet address yet.",
  'Create Wallet',
  'Withdraw USDT',
  'Wallet Address',
  'Select from White List',
  'Processing...',
  'Confirm Wallet Creation',
  'Confirm Withdrawal',
  'Verify OTP',
  'Checking...',
  // Terminals page (spec §2, §4 Terminals).
  'Add Terminal Now',
  'All Statuses',
  'Enabled',
  'Disabled',
  'Details',
  'Manage Payments',
  'Card',
  'Phone',
  'Active',
  'Inactive',
  'Unbind',
  'Link a payment method',
  'Are you sure you want to unbind this payment method?',
  'Yes',
  'No',
  // Payments page.
  'Add Payment Method',
  'Online',
  // Disputes page.
  'Create dispute',
  // Settings menu (spec §2 Settings) and Help (spec §2 Help page).
  'Account',
  'Profile',
  'Wallets',
  'Connection',
  'Notification',
  'Beginners',
  'Support',
  'FAQ',
  // Spec §8: the dashboard's error pattern and the catalogue's fixed English texts.
  'Error:',
];

/**
 * Latin-script words Russian texts use as they are: abbreviations, units and the project's own loanwords
 * ("SMS", "push-уведомления", "QR-код", "Новый URL", "ID транзакции", "10 МБ" is Cyrillic already).
 */
export const LOANWORDS: ReadonlySet<string> = new Set(
  [
    'SMS',
    'push',
    'URL',
    'QR',
    'APK',
    'JSON',
    'HTTP',
    'HTTPS',
    'API',
    'IP',
    'ID',
    'UUID',
    'OTP',
    'USDT',
    'TRC20',
    'TRC',
    'TRX',
    'Tron',
    'RUB',
    'SBP',
    'C2C',
    'PDF',
    'JPEG',
    'JPG',
    'PNG',
    'MP4',
    'MB',
    'KB',
    'SHA-256',
    'SHA',
    'HMAC',
    'UTC',
    'PIN',
    'Android',
    'iOS',
    'Wi-Fi',
    'macOS',
    'Linux',
    'Windows',
    'cmd',
    'NUL',
    'TLS',
    'DNS',
    'external_id',
    'txid',
    'POST',
    'GET',
    'Authorization',
    'webhook-id',
    'webhook-timestamp',
    'webhook-signature',
    'Telegram',
    'Email',
    'e-mail',
    'email',
    'Webhook',
    'webhook',
    'webhooks',
    'Bearer',
    'Idempotency-Key',
    'whsec',
    'OpenAPI',
  ].map((word) => word.toLowerCase()),
);

/**
 * Names of products and apps a Russian text names as they are. The phone apps are written out rather than
 * read from shared's TERMINAL_APP_LABELS, whose module loads zod: the ui/ badges read this module on the
 * signed-in home page, which loads no zod before a form opens (e2e delivery.spec); labels.test.tsx checks
 * that every app's label is here.
 */
export const PRODUCT_NAMES: readonly string[] = [
  PRODUCT_NAME,
  'Terminal Manager (QR)',
  'SmsForwarder',
  'SMS Gateway for Android',
  'Incoming SMS to URL forwarder',
  'MacroDroid / Tasker',
  'Terminal Manager',
  'Google Play',
  'Google Authenticator',
  'F-Droid',
  'MacroDroid',
  'Tasker',
  'AutoNotification',
  'Standard Webhooks',
  'Tronscan',
  // The rate source the operator console names (server RATE_SOURCE=coingecko).
  'CoinGecko',
];

// Longest first, so "Help & Supports" is removed before "Support" could leave "s" behind.
const REMOVABLE = [...SPEC_LITERALS, ...PRODUCT_NAMES].sort((a, b) => b.length - a.length);

/** A Latin-script word, keeping hyphenated and snake_case compounds together ("Wi-Fi", "external_id"). */
const LATIN_WORD = /[A-Za-z](?:[A-Za-z0-9_]|-(?=[A-Za-z0-9]))*/g;

/** The text with each whole-phrase occurrence of a literal blanked out (never a piece of a longer word). */
function removeLiteral(text: string, literal: string): string {
  const escaped = literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = /^[A-Za-z0-9]/.test(literal) ? '(?<![A-Za-z0-9])' : '';
  const after = /[A-Za-z0-9]$/.test(literal) ? '(?![A-Za-z0-9])' : '';
  return text.replace(new RegExp(`${before}${escaped}${after}`, 'g'), ' ');
}

/**
 * The Latin-script words of a text that are neither a spec literal, a product name nor a loanword: English
 * that slipped into a Russian screen. Addresses, e-mails, handles and placeholders are not words.
 */
export function latinWordsOutsideLiterals(text: string): string[] {
  let rest = text
    .replace(/\s+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    // A bot command (/start) and a code such as PARTNER-2024 are typed as they are.
    .replace(/(^|\s)\/[a-z]+/g, ' ')
    .replace(/\b[A-Z]+(?:-[A-Z0-9]+)*-\d+\b/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ');
  for (const literal of REMOVABLE) rest = removeLiteral(rest, literal);
  // A single letter is a placeholder's start ('T…' of a Tron address), not a word.
  return (rest.match(LATIN_WORD) ?? []).filter(
    (word) => word.length > 1 && !LOANWORDS.has(word.toLowerCase()),
  );
}

/**
 * The Latin-script words of an element's text that are neither literals (code, values to paste, the names a
 * phone app shows: marked `data-literal`) nor spec literals, loanwords or product names. Empty when the
 * widget speaks one language.
 */
export function latinOutsideLiterals(element: HTMLElement): string[] {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const literal of copy.querySelectorAll('code, [data-literal], svg')) literal.remove();
  // Words, not glued text: block elements' texts would otherwise run into each other.
  const text = [copy, ...Array.from(copy.querySelectorAll('*'))]
    .flatMap((node) => Array.from(node.childNodes))
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join(' ');
  return latinWordsOutsideLiterals(text);
}

/** Words every page uses for the same things, so one thing has one name everywhere. */
export const GLOSSARY = {
  deal: 'Сделка',
  deals: 'Сделки',
  dispute: 'Спор',
  disputes: 'Споры',
  terminal: 'Терминал',
  terminals: 'Терминалы',
  requisites: 'Реквизиты',
  paymentMethod: 'Способ оплаты',
  merchant: 'Мерчант',
  trader: 'Трейдер',
  support: 'Поддержка',
  lead: 'Лид',
  amount: 'Сумма',
  reward: 'Вознаграждение',
  balance: 'Баланс',
  available: 'Доступно',
  frozen: 'Заморожено',
  totalProfit: 'Общая прибыль',
  status: 'Статус',
  allStatuses: 'Все статусы',
  date: 'Дата',
  created: 'Создана',
  details: 'Подробнее',
  search: 'Поиск',
  reset: 'Сбросить',
  usdt: 'USDT',
  rub: '₽',
  unknownStatus: 'Неизвестный статус',
} as const;

/** A label from a map, never the raw value: an unknown value reads the fallback ('Неизвестный статус'). */
export function labelOf<K extends string>(
  map: Readonly<Record<K, string>>,
  value: string,
  fallback: string = GLOSSARY.unknownStatus,
): string {
  return Object.hasOwn(map, value) ? map[value as K] : fallback;
}

/** Deal (transaction) statuses of spec §4, on the dashboard, the Deals page, its filter and the detail. */
export const DEAL_STATUS_LABELS = {
  pending: 'Ожидает оплаты',
  verification: 'На проверке',
  complete: 'Завершена',
  dispute: 'Спор',
  canceled: 'Отменена',
  expired: 'Истекла',
} as const;

export function dealStatusText(status: string): string {
  return labelOf(DEAL_STATUS_LABELS, status.toLowerCase());
}

/**
 * Dispute statuses of spec §4 (the map lives in shared with the disputes' messages, which the verdict
 * texts read too; spec §4's 'Waiting for evidence' reads in Russian, so the status column speaks one
 * language).
 */
export { DISPUTE_STATUS_LABELS };

export function disputeStatusText(status: string): string {
  return labelOf(DISPUTE_STATUS_LABELS, status);
}

/** Terminal statuses: spec §4 fixes the shown values 'Enabled' and 'Disabled' (underscores as spaces). */
export const TERMINAL_STATUS_LABELS = {
  Enabled: 'Enabled',
  Disabled: 'Disabled',
} as const;

export function terminalStatusText(status: string): string {
  return labelOf(TERMINAL_STATUS_LABELS, status);
}

/** Withdrawal statuses, as the withdrawals list shows them (the map lives in shared with the wallet texts). */
export { WITHDRAWAL_STATUS_LABELS };

export function withdrawalStatusText(status: string): string {
  return labelOf(WITHDRAWAL_STATUS_LABELS, status);
}

/** The password strength panel's levels (shared passwordStrength). */
export const PASSWORD_STRENGTH_LABELS = {
  very_weak: 'Очень слабый',
  weak: 'Слабый',
  medium: 'Средний',
  strong: 'Надёжный',
} as const;

/** A referral code (spec §4 Referral): pending ('Ожидает') or activated. */
export const REFERRAL_STATUS_LABELS = {
  pending: REFERRAL_MESSAGES.pending,
  used: REFERRAL_MESSAGES.activated,
} as const;

/** How the payer pays (a deal's or dispute's order_type). */
export const ORDER_TYPE_LABELS = { sbp: 'SBP', c2c: 'C2C' } as const;

export function orderTypeText(orderType: string): string {
  return labelOf(ORDER_TYPE_LABELS, orderType);
}

/** Who moved a deal, for its timeline. */
export const DEAL_ACTOR_LABELS = {
  payer: 'плательщик',
  trader: 'трейдер',
  terminal: 'терминал',
  merchant: 'мерчант',
  timer: 'по таймеру',
  support: 'поддержка',
} as const;

/** Who did something in a dispute's history (shared disputeHistoryItemSchema's actor_role). */
export const DISPUTE_ACTOR_LABELS = {
  support: 'поддержка',
  trader: 'трейдер',
  merchant: 'мерчант',
  timer: 'автоматически',
} as const;

/** Why the deadline job moved a dispute: 'по сроку' only when the deadline is what did it. */
export const DISPUTE_TIMER_CAUSE_LABELS = {
  deadline: 'по сроку',
  evidence: 'автоматически: обе стороны представили доказательства',
} as const;

/** What happened in a dispute's history (shared disputeHistoryItemSchema's action). */
export const DISPUTE_ACTION_LABELS = {
  opened: 'спор открыт',
  status: 'статус изменён',
  file_added: 'файл загружен',
  file_deleted: 'файл удалён',
  comment: 'комментарий поддержки',
} as const;

/** Webhook event types a merchant's home lists (merchant API, docs/merchant-api.md). */
export const WEBHOOK_EVENT_LABELS = {
  'order.pending': 'Заказ создан',
  'order.verification': 'Оплата на проверке',
  'order.complete': 'Заказ завершён',
  'order.canceled': 'Заказ отменён',
  'order.expired': 'Заказ истёк',
  'order.dispute': 'Открыт спор',
} as const;

export function webhookEventText(type: string): string {
  return labelOf(WEBHOOK_EVENT_LABELS, type);
}
