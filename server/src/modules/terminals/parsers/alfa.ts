/**
 * Alfa-Bank: SMS from "Alfa-Bank" and pushes from ru.alfabank.mobile.android.
 *
 * Incoming: "Пополнение *1569 на 1589 р Баланс: 135298,64 р"; the older transliterated "**4228; Postupleniye; Summa:
 * 1500 RUR; Ostatok: 1609,11 RUR; …" (some of these mix in Cyrillic look-alike letters: "Рostupleniyе").
 *
 * "Postuplenie na schet 408*76895 summy 55000.00 RUR iz Bank DOM.RF so svoego scheta cherez SBP; …" is the trader's
 * own money ("so svoego scheta": from their own account in another bank), ignored. It is the only public text of an
 * SBP credit of this shape, so no SBP transfer from a payer is claimed: one would be unparsed until a real text of it
 * is added.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, ignored, incoming, re } from './bank-parser.ts';
import { latinLookalikes } from './text.ts';
import type { ParsedNotification } from './types.ts';

const TOP_UP = re(`^Пополнение(?: \\*(\\d{4}))? на ${AMOUNT}${RUB} Баланс: ${BALANCE}${RUB}`);
const RECEIPT_LATIN = re(
  `^\\d?\\*{1,2}(\\d{4});? Postupleniye;? Summa: ${AMOUNT}${RUB};? Ostatok: ${BALANCE}${RUB}`,
  'i',
);
const OWN_SBP_LATIN = re(
  `^Postuplenie na schet \\d+\\*\\d+ summy ${AMOUNT}${RUB} iz .+? so svoego scheta `,
  'i',
);

export const alfa: BankParser = {
  bank: 'alfa',
  senders: ['Alfa-Bank', 'AlfaBank', 'Альфа-Банк'],
  packages: ['ru.alfabank.mobile.android'],
  // Not "Альфа-Банк": other banks print it as the payer's bank ("Перевод по СБП из Альфа-Банк" in a Sber SMS).
  signature: /alfabank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = TOP_UP.exec(body);
    if (m) return incoming('alfa', { card: m[1], amount: m[2]!, balance: m[3] });
    const latin = latinLookalikes(body);
    m = RECEIPT_LATIN.exec(latin);
    if (m) return incoming('alfa', { card: m[1], amount: m[2]!, balance: m[3] });
    if (OWN_SBP_LATIN.test(latin)) return ignored('alfa', 'other');
    return null;
  },
};
