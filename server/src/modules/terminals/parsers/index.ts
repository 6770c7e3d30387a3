import type { BankNotificationInput, ParsedNotification } from './types.ts';

export type * from './types.ts';

/** Turns a bank SMS or push notification into an incoming transfer, `ignored`, or `unparsed`. */
export function parseBankNotification(_input: BankNotificationInput): ParsedNotification {
  return { kind: 'unparsed' };
}
