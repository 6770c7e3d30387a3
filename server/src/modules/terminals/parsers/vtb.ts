/**
 * VTB: pushes from ВТБ Онлайн (ru.vtb24.mobilebanking.android) and SMS from "VTB".
 *
 * Incoming: "Поступление 55р Счет*0347 от Михаил Р. Баланс 143р 18:33" (the payer is absent when the bank does not
 * know one) and the older transliterated "Schet *3100: postuplenie 100.00 RUB; …; dostupno 100.00 RUB",
 * "Karta *1602 Popolnenie, 11200.00 RUR 16.01.18 10:51 MSK Ostatok 11355.62 RUR".
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const RECEIPT = re(
  `^Поступление ${AMOUNT}${RUB} (?:Счет|Карта) ?\\*(\\d{4})(?: от (.+?))? Баланс ${BALANCE}${RUB}(?: \\d{1,2}:\\d{2})?$`,
);
const RECEIPT_LATIN = re(
  `^Schet \\*(\\d{4}): postuplenie ${AMOUNT}${RUB}; (?:perevod )?[\\d.: ]+; dostupno ${BALANCE}${RUB}`,
  'i',
);
const TOP_UP_LATIN = re(
  `^Karta \\*(\\d{4}):? (?:Beznalichnoe )?popolnenie,? ${AMOUNT}${RUB} [\\d.]+ [\\d:]+ MSK Ostatok ${BALANCE}${RUB}`,
  'i',
);

export const vtb: BankParser = {
  bank: 'vtb',
  senders: ['VTB', 'VTB24', 'BankVTB', 'ВТБ'],
  packages: ['ru.vtb24.mobilebanking.android'],
  signature: /vtb\.ru|vtb24\.ru|ВТБ Онлайн|VTB24-Online/i,
  parse({ body }): ParsedNotification | null {
    let m = RECEIPT.exec(body);
    if (m) return incoming('vtb', { amount: m[1]!, card: m[2], payer: m[3], balance: m[4] });
    m = RECEIPT_LATIN.exec(body) ?? TOP_UP_LATIN.exec(body);
    if (m) return incoming('vtb', { card: m[1], amount: m[2]!, balance: m[3] });
    return null;
  },
};
