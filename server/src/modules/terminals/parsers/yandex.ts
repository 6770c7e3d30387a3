/**
 * Yandex Bank: pushes from com.yandex.bank and SMS from "Yandex".
 *
 * No public text of money arriving at a Yandex Bank account (from a person, by SBP, card to card or from the
 * trader's own account) was found, so no incoming format is claimed: anything that looks like money arriving is
 * unparsed and reaches the operator's list. Purchases ("Покупка на 35.00 RUB, карта *7222. Доступно 115.00 RUB",
 * the merchant in the title) and cancelled purchases ("Отмена покупки на 155.00 RUB Поехали!. Доступно 5000.00
 * RUB", titled "Карта Пэй") are ignored by the shared rules.
 */
import type { BankParser } from './bank-parser.ts';

export const yandex: BankParser = {
  bank: 'yandex',
  senders: ['Yandex', 'YandexBank', 'Yandex Bank', 'Яндекс Банк'],
  packages: ['com.yandex.bank'],
  // Not "Яндекс Банк": other banks print it as the payer's bank, as Sber pushes print "Ozon банк".
  signature: /bank\.yandex\.ru/i,
  parse: () => null,
};
