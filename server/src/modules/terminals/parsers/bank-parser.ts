/**
 * What every bank's parser looks like, and the one way they build an incoming result.
 */
import { parseKopecks } from './amount.ts';
import { payerName } from './text.ts';
import type { BankCode, IgnoredNotification, ParsedNotification } from './types.ts';

/** A notification after normalization (text.ts): one line each, plain spaces. */
export interface Message {
  source: 'sms' | 'push';
  /** Push title, '' for SMS. */
  title: string;
  body: string;
}

export interface BankParser {
  bank: BankCode;
  /** SMS sender names, compared case-insensitively and ignoring spaces, dots, hyphens and underscores. */
  senders: readonly string[];
  /**
   * Android package names of the bank's own apps, each verified against a public source (parsers.test.ts says
   * which). A push counts as the bank's only from one of these, compared byte for byte.
   */
  packages: readonly string[];
  /**
   * Marks that only this bank's own texts carry (its signature or site), used to name the bank of a text from an
   * unknown sender. Never a bank's name, not even this bank's own: other banks print it as the payer's bank or the
   * other side ("Перевод из Т-Банк" and "Ozon банк + 4 000 ₽" in Sber texts, "P2P ROSBANK" in an MTS SMS).
   */
  signature: RegExp;
  /** An incoming transfer, a bank-specific ignore, or null when none of the bank's formats fits. */
  parse(message: Message): ParsedNotification | null;
}

export interface IncomingParts {
  amount: string;
  balance?: string | undefined;
  card?: string | undefined;
  payer?: string | undefined;
}

/**
 * The incoming result for matched parts. A matched format whose numbers do not parse as exactly one amount
 * (or a balance that does not parse) answers unparsed: never a guess.
 */
export function incoming(bank: BankCode, parts: IncomingParts): ParsedNotification {
  const amount = parseKopecks(parts.amount);
  if (amount === null || amount <= 0n) return { kind: 'unparsed', bank };
  const result: ParsedNotification = { kind: 'incoming', bank, amount_kopecks: amount, currency: 'RUB' };
  if (parts.balance !== undefined) {
    const balance = parseKopecks(parts.balance);
    if (balance === null) return { kind: 'unparsed', bank };
    result.balance_kopecks = balance;
  }
  if (parts.card !== undefined && /^\d{4}$/.test(parts.card)) result.card_last4 = parts.card;
  const payer = payerName(parts.payer);
  if (payer !== undefined) result.payer_name = payer;
  return result;
}

export function ignored(bank: BankCode, reason: IgnoredNotification['reason']): IgnoredNotification {
  return { kind: 'ignored', bank, reason };
}

/** Builds a regular expression from source pieces (amount and currency patterns live in amount.ts). */
export function re(source: string, flags = ''): RegExp {
  return new RegExp(source, flags);
}
