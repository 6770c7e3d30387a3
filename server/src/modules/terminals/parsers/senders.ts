/**
 * Which bank sent a notification: by SMS sender name or app package first, by the text's own signature only to
 * name the bank of a text from an unknown sender.
 *
 * The two are trusted differently. An SMS sender name is set by the operator's network, which spells it its own
 * way ("T-Bank", "TBANK", "T_Bank"), so it is compared loosely. A push's package is set by whoever published the
 * app, and anyone can publish `s.berbank` or `ru.sberbankmobile.pay`: only a package byte for byte on a bank's
 * list names that bank, and any other push is a text from an unknown sender.
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

/**
 * The bank of an SMS sender name (loosely spelled) or of a push's app package (exactly as listed: no change of
 * case, no trimming, no dots or suffixes dropped), if any.
 */
export function parserBySender(source: 'sms' | 'push', sender: string): BankParser | undefined {
  if (source === 'push') return BY_PACKAGE.get(sender);
  return BY_SENDER.get(senderKey(sender));
}

/** The bank whose own signature the text carries, if exactly one bank's does. */
export function parserByText(message: Message): BankParser | undefined {
  const text = message.title === '' ? message.body : `${message.title} ${message.body}`;
  const matches = BANK_PARSERS.filter((parser) => parser.signature.test(text));
  return matches.length === 1 ? matches[0] : undefined;
}
