/**
 * What the bank-notification parsers read and answer. Parsers are pure functions: no I/O, no clock.
 */

/** A notification as the phone received it. */
export interface BankNotificationInput {
  source: 'sms' | 'push';
  /** SMS sender ("900", "Tinkoff", "VTB") or the app's package name ("ru.sberbankmobile"). */
  sender: string;
  title?: string | null;
  text: string;
}

/** The banks the parsers know, by a stable code (stored in terminal_notifications.bank). */
export type BankCode =
  | 'sber'
  | 'tbank'
  | 'vtb'
  | 'alfa'
  | 'gazprombank'
  | 'raiffeisen'
  | 'rosbank'
  | 'sovcombank'
  | 'ozon'
  | 'mts'
  | 'yandex'
  | 'pochta';

/** Money arrived on the trader's account or card. */
export interface IncomingTransfer {
  kind: 'incoming';
  bank: BankCode;
  amount_kopecks: bigint;
  currency: 'RUB';
  balance_kopecks?: bigint;
  card_last4?: string;
  payer_name?: string;
}

/**
 * Not an incoming transfer: purchases, outgoing transfers, cash withdrawals, one-time codes, adverts; 'other' is
 * money that arrives without a payer (salary, pension, cashback, interest, cash deposits, refunds).
 */
export interface IgnoredNotification {
  kind: 'ignored';
  bank?: BankCode;
  reason: 'outgoing' | 'purchase' | 'withdrawal' | 'code' | 'advert' | 'other';
}

/** No parser could tell (unknown bank or format, or an amount that cannot be told apart from other numbers). */
export interface UnparsedNotification {
  kind: 'unparsed';
  bank?: BankCode;
}

export type ParsedNotification = IncomingTransfer | IgnoredNotification | UnparsedNotification;
