/**
 * Bank-notification parsers: turn a bank SMS or push notification into an incoming transfer, `ignored`, or
 * `unparsed`. Pure functions: no I/O, no clock.
 *
 * How a notification is read:
 * 1. The bank is named by the SMS sender ("900", "T-Bank", "VTB"…, spelled loosely) or, for a push, by the app
 *    package exactly as the bank publishes it ("ru.sberbankmobile"…; a look-alike such as "s.berbank" names no
 *    bank), see senders.ts and each bank's `senders`/`packages`.
 * 2. That bank's parser (one file per bank) tries its known incoming formats, anchored at the start of the text, so
 *    free text a payer can write (a transfer message) never decides the amount.
 * 3. Whatever no format took is sorted by the shared rules (classify.ts): one-time codes, adverts, money without a
 *    payer (salary, cashback, cash), then — if it still looks like money arriving — unparsed; otherwise withdrawals,
 *    outgoing transfers, purchases.
 * A text from an unknown sender is never an incoming transfer, even when it reads like one: anyone can send an SMS
 * or publish an app that imitates a bank. Its bank is named from the text's signature when possible and it answers unparsed, so the
 * operator can add the sender if it is genuine.
 *
 * Adding a format:
 * 1. List what no parser understood: `npm run admin -- notifications unparsed`.
 * 2. Copy the text byte for byte (spaces, symbols), anonymize names and card digits without changing their shape,
 *    and add it to the table in parsers.test.ts with the expected result and where it came from. See it fail.
 * 3. Add an anchored pattern to the bank's file (amount.ts has AMOUNT, BALANCE and RUB); when a text could be read
 *    two ways, answer unparsed rather than guess. A new sender name or package goes into the bank's lists (verify
 *    a package against a public source); a new bank gets its own file, a BankCode in types.ts and a place in
 *    BANK_PARSERS (senders.ts).
 */
import { classifyRest } from './classify.ts';
import { parserBySender, parserByText } from './senders.ts';
import { normalizeText } from './text.ts';
import type { BankNotificationInput, ParsedNotification } from './types.ts';

export type * from './types.ts';

/** Turns a bank SMS or push notification into an incoming transfer, `ignored`, or `unparsed`. */
export function parseBankNotification(input: BankNotificationInput): ParsedNotification {
  const message = {
    source: input.source,
    title: normalizeText(input.title ?? ''),
    body: normalizeText(input.text),
  };
  const text = message.title === '' ? message.body : `${message.title} ${message.body}`;
  const parser = parserBySender(input.source, input.sender);
  // The shared rules never answer incoming: a text from an unknown sender is at most unparsed.
  if (parser === undefined) return classifyRest(parserByText(message)?.bank, text);
  return parser.parse(message) ?? classifyRest(parser.bank, text);
}
