/**
 * Sovcombank (Халва card): SMS from "Sovcombank" and pushes from the Халва app ru.sovcomcard.halva.v1.
 *
 * Incoming: "Халва пополнена 5000 р баланс 5138.33 Подробнее http://scb.im/hva" (the balance has no currency
 * mark) and the push "*02888 пополнение через СБП 4800.00 р. от Андрей Витальевич Б." titled "Халва-Совкомбанк".
 *
 * Not incoming, sorted by the shared rules: purchases ("Халва оплата 204 p …", "*0137 оплата 366 р. …"), "ХАЛВА
 * списано 250 р. …" and instalment repayments ("ХАЛВА погашено 2000.00 р. …"). No public text was found of an own
 * transfer into the card, of money sent away, or of a card-to-card transfer naming its payer, so those stay unparsed
 * until real texts are added.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const HALVA_TOP_UP = re(`^Халва пополнена ${AMOUNT}${RUB} баланс ${BALANCE}(?:${RUB})?(?: |$)`, 'i');
const SBP = re(`^\\*\\d*(\\d{4}) пополнение через СБП ${AMOUNT}${RUB} от (.+?)\\.?$`, 'i');

export const sovcombank: BankParser = {
  bank: 'sovcombank',
  senders: ['Sovcombank', 'Halva', 'Совкомбанк'],
  packages: ['ru.sovcomcard.halva.v1'],
  signature: /scb\.im|Халва-Совкомбанк|sovcombank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = HALVA_TOP_UP.exec(body);
    if (m) return incoming('sovcombank', { amount: m[1]!, balance: m[2] });
    m = SBP.exec(body);
    if (m) return incoming('sovcombank', { card: m[1], amount: m[2]!, payer: m[3] });
    return null;
  },
};
