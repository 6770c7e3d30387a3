/**
 * T-Bank (Tinkoff): SMS from "Tinkoff"/"T-Bank" and pushes from com.idamob.tinkoff.android share one wording.
 *
 * Incoming: "Пополнение на 4 000 ₽, счет RUB. Иван Г. Доступно 6 500 ₽", "Пополнение, счет RUB. 280 RUB. Семён П.
 * Доступно 766.3 RUB", older "Пополнение. Карта *9930. 5000 RUB. Рапида. Доступно …" and the transliterated
 * "Popolnenie. Karta *9930. Summa 8000 RUB. Card2Card. …". "Перевод на 4 665 ₽, счет карты *7989. Денис К." is the
 * trader sending money away, not receiving it.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, ignored, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const TOP_UP_ON = re(
  `^Пополнение на ${AMOUNT}${RUB}, [Сс]чет (?:RUB|карты \\*(\\d{4}))\\. ?(?:(.+?)\\.? )?(?:Доступно|Баланс) ${BALANCE}${RUB}$`,
);
const TOP_UP = re(
  `^Пополнение[,.] (?:[Сс]чет RUB|Карта \\*(\\d{4}))\\. ${AMOUNT}${RUB}\\.(?: (.+?)\\.)? (?:Доступно|Баланс) ${BALANCE}${RUB}$`,
);
const TOP_UP_LATIN = re(
  `^Popolnenie\\. Karta \\*(\\d{4})\\. Summa ${AMOUNT}${RUB}\\. (.+?)\\. [\\d.]+ [\\d:]+\\. Dostupno ${BALANCE}${RUB}`,
);
/** Cash put in through a machine is the trader's own money, not a payment. */
const CASH = /^(?:Банкомат|ATM)$/i;

function result(card: string | undefined, amount: string, source: string | undefined, balance: string) {
  if (source !== undefined && CASH.test(source)) return ignored('tbank', 'other');
  return incoming('tbank', { card, amount, payer: source, balance });
}

export const tbank: BankParser = {
  bank: 'tbank',
  senders: ['Tinkoff', 'T-Bank', 'TBank', 'Т-Банк'],
  packages: ['com.idamob.tinkoff.android'],
  // Not "Tinkoff Bank": other banks print it as the other side ("TINKOFF BANK CARD2CARD" in an MTS SMS).
  signature: /tinkoff\.ru|tbank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = TOP_UP_ON.exec(body);
    if (m) return result(m[2], m[1]!, m[3], m[4]!);
    m = TOP_UP.exec(body);
    if (m) return result(m[1], m[2]!, m[3], m[4]!);
    m = TOP_UP_LATIN.exec(body);
    if (m) return result(m[1], m[2]!, m[3], m[4]!);
    return null;
  },
};
