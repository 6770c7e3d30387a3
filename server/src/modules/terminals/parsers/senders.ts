/**
 * Which bank sent a notification: by SMS sender name or app package first, by the text's own signature only to
 * name the bank of a text from an unknown sender.
 */
import { alfa } from './alfa.ts';
import type { BankParser, Message } from './bank-parser.ts';
import { gazprombank } from './gazprombank.ts';
import { mts } from './mts.ts';
import { ozon } from './ozon.ts';
import { pochta } from './pochta.ts';
import { raiffeisen } from './raiffeisen.ts';
import { rosbank } from './rosbank.ts';
import { sber } from './sber.ts';
import { sovcombank } from './sovcombank.ts';
import { tbank } from './tbank.ts';
import { vtb } from './vtb.ts';
import { yandex } from './yandex.ts';

export const BANK_PARSERS: readonly BankParser[] = [
  sber,
  tbank,
  vtb,
  alfa,
  gazprombank,
  raiffeisen,
  rosbank,
  sovcombank,
  ozon,
  mts,
  yandex,
  pochta,
];

/** "T-Bank", "t bank", "TBANK" and "T_Bank" are one sender: operators and phones spell them differently. */
function senderKey(sender: string): string {
  return sender
    .trim()
    .toLowerCase()
    .replace(/[\s.\-_]+/g, '');
}

const BY_SENDER = new Map<string, BankParser>();
const BY_PACKAGE = new Map<string, BankParser>();
for (const parser of BANK_PARSERS) {
  for (const sender of parser.senders) BY_SENDER.set(senderKey(sender), parser);
  for (const pkg of parser.packages) BY_PACKAGE.set(pkg, parser);
}

/** The bank whose SMS sender name or app package this is, if any. */
export function parserBySender(source: 'sms' | 'push', sender: string): BankParser | undefined {
  const exact = sender.trim().toLowerCase();
  if (source === 'push') return BY_PACKAGE.get(exact) ?? BY_SENDER.get(senderKey(sender));
  return BY_SENDER.get(senderKey(sender)) ?? BY_PACKAGE.get(exact);
}

/** The bank whose own signature the text carries, if exactly one bank's does. */
export function parserByText(message: Message): BankParser | undefined {
  const text = message.title === '' ? message.body : `${message.title} ${message.body}`;
  const matches = BANK_PARSERS.filter((parser) => parser.signature.test(text));
  return matches.length === 1 ? matches[0] : undefined;
}
