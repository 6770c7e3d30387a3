/**
 * Ozon Bank: pushes from ru.ozon.fintech.finance and SMS from "OzonBank".
 *
 * No public text of an incoming Ozon Bank notification was found, so no incoming format is claimed: every Ozon
 * text falls through to the shared rules (purchases such as "Покупка на 128 ₽. Ozon. Доступно 1 499 ₽" are
 * ignored; anything that looks like money arriving is unparsed and reaches the operator's list).
 */
import type { BankParser } from './bank-parser.ts';

export const ozon: BankParser = {
  bank: 'ozon',
  senders: ['OzonBank', 'Ozon Bank', 'Ozon'],
  packages: ['ru.ozon.fintech.finance'],
  signature: /finance\.ozon\.ru|Ozon Банк/i,
  parse: () => null,
};
