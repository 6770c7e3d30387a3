/**
 * Yandex Bank: pushes from com.yandex.bank and SMS from "Yandex".
 *
 * No public text of an incoming Yandex Bank notification was found, so no incoming format is claimed: purchases
 * ("Покупка на 35.00 RUB, карта *7222. Доступно 115.00 RUB") are ignored by the shared rules and anything that
 * looks like money arriving is unparsed and reaches the operator's list.
 */
import type { BankParser } from './bank-parser.ts';

export const yandex: BankParser = {
  bank: 'yandex',
  senders: ['Yandex', 'YandexBank', 'Yandex Bank', 'Яндекс Банк'],
  packages: ['com.yandex.bank'],
  signature: /bank\.yandex\.ru|Яндекс Банк/i,
  parse: () => null,
};
