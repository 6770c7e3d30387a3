/**
 * Ozon Bank: pushes from ru.ozon.fintech.finance (titled "Ozon Банк") and SMS from "OzonBank".
 *
 * No public text of a transfer from a person into an Ozon Bank account was found, so no incoming format is claimed:
 * anything that looks like money arriving is unparsed and reaches the operator's list. Known non-payments are
 * ignored here: cash put in at an Ozon cash machine ("Пополнение в OzonATM. 3000 RUR. Баланс 3246.85 ₽") and the
 * trader's own scheduled top-up from another bank ("Автопополнение на 250 ₽ через СБП. Счёт RUB. Баланс: 250 ₽");
 * purchases and "Перевод на 4 000.27 ₽. <name>. Доступно …" (money sent away) fall to the shared rules.
 */
import { type BankParser, ignored } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const OWN_MONEY = /^(?:Пополнение в OzonATM\.|Автопополнение на )/;

export const ozon: BankParser = {
  bank: 'ozon',
  senders: ['OzonBank', 'Ozon Bank', 'Ozon'],
  packages: ['ru.ozon.fintech.finance'],
  signature: /finance\.ozon\.ru|Ozon Банк/i,
  parse({ body }): ParsedNotification | null {
    return OWN_MONEY.test(body) ? ignored('ozon', 'other') : null;
  },
};
