/**
 * Ozon Bank: pushes from ru.ozon.fintech.finance (titled "Ozon Банк") and SMS from "OzonBank".
 *
 * Incoming, each naming the payer as the bank prints a person (the name's final initial ends with a dot, which also
 * ends the sentence: hence "П.." before "Доступно"):
 * - by SBP from another bank: "Пополнение через СБП на 1 000 ₽. Варвара Николаевна С. Райффайзен Банк. Баланс
 *   2 012 ₽" (payer, then the payer's bank);
 * - without SBP, the payer's bank unnamed: "Пополнение на 1 000 ₽. Екатерина Леонидовна П.. Доступно 1 497 ₽" (the
 *   counterpart of "Перевод на 4 000.27 ₽. <name>.. Доступно …", money the trader sends to a person).
 * A text of either shape whose payer is not a person, or that names no payer ("Пополнение через СБП на 3 000 ₽.
 * Баланс …" is also how a top-up pulled by the trader from another bank could read), is unparsed: never a guess.
 *
 * Money that no payer sent is ignored: the trader's own account in another bank ("Пополнение со своего счёта через
 * СБП на 1 000 ₽. ГЕОРГИЙ АРТЕМОВИЧ С. Т-Банк. Баланс 1 000 ₽": it names a person and a bank, and is still no
 * payer's), cash put in at an Ozon cash machine ("Пополнение в OzonATM. 3000 RUR. Баланс …"), the scheduled top-up
 * ("Автопополнение на 250 ₽ через СБП. …"), a cancelled purchase ("Отменена покупка. Заказ … Доступно …") and a
 * payout with tax withheld ("Зачислено … на основной счёт. Удержан налог …"). Money sent away is outgoing: "Перевод
 * на 4 000.27 ₽. <name>.. Доступно …", "Перевод по СБП на 688 ₽. <name>. <bank>. Доступно …", "Перевод 10 ₽ на свой
 * счёт в Яндекс. …". Purchases, salary and cashback ("Выплата кешбэка по СБП. 70.57 ₽. АО "НСПК". Баланс …") fall to
 * the shared rules.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, ignored, incoming, re } from './bank-parser.ts';
import { payerName } from './text.ts';
import type { ParsedNotification } from './types.ts';

/** "<payer> <payer's bank>": a person up to the first final initial, then the bank. */
const PAYER_AND_BANK = /^(.+? [А-ЯЁ]\.) \S.*$/;
const SBP = re(`^Пополнение через СБП на ${AMOUNT}${RUB}\\. (.+)\\. Баланс ${BALANCE}${RUB}$`);
const TOP_UP = re(`^Пополнение на ${AMOUNT}${RUB}\\. (.+?\\.)\\. Доступно ${BALANCE}${RUB}$`);
const OWN_MONEY =
  /^(?:Пополнение со своего сч[её]та |Пополнение в OzonATM\.|Автопополнение на |Отменена покупка\.|Зачислено .+ на основной сч[её]т\. Удержан налог )/;
const SENT_AWAY = re(`^Перевод (?:(?:по СБП )?на ${AMOUNT}${RUB}\\.|${AMOUNT}${RUB} на свой сч[её]т )`);

/** Incoming only when the text names a person as the payer; anything else in that place is not ours to guess. */
function fromPerson(amount: string, payer: string | undefined, balance: string): ParsedNotification {
  if (payerName(payer) === undefined) return { kind: 'unparsed', bank: 'ozon' };
  return incoming('ozon', { amount, payer, balance });
}

export const ozon: BankParser = {
  bank: 'ozon',
  senders: ['OzonBank', 'Ozon Bank', 'Ozon'],
  packages: ['ru.ozon.fintech.finance'],
  // Not "Ozon Банк": other banks print it as the payer's bank ("Ozon банк + 4 000 ₽" in a Sber push).
  signature: /finance\.ozon\.ru/i,
  parse({ body }): ParsedNotification | null {
    if (OWN_MONEY.test(body)) return ignored('ozon', 'other');
    if (SENT_AWAY.test(body)) return ignored('ozon', 'outgoing');
    let m = SBP.exec(body);
    if (m) return fromPerson(m[1]!, PAYER_AND_BANK.exec(m[2]!)?.[1], m[3]!);
    m = TOP_UP.exec(body);
    if (m) return fromPerson(m[1]!, m[2], m[3]!);
    return null;
  },
};
