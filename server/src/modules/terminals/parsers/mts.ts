/**
 * MTS Bank: SMS from "MTS-Bank" and pushes from ru.mts.money.
 *
 * Incoming: "Приход по счету карты VP *9707; 73,07 RUB; Остаток: 126,85 RUB", "Пополнение VP *4629; 25.01 16:32;
 * 2 800,00 RUB; Остаток: 3 301,00 RUB", card-to-card "Перевод на карту VP *4192; 19.01 19:19; VISA MONEY
 * TRANSFER>Visa Direct RU; 1 425,00 RUB; Остаток: 1 604,74 RUB" (money sent to the trader's card; "Перевод с карты"
 * is money leaving it), "Поступление на счет 4081**4363 8000.00 RUR от Куницын Е.В.; Остаток: …". A credit card
 * shows "Лимит" instead of the balance: the limit is not a balance, so none is reported.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const CARD_CREDIT = re(
  `^(?:Приход по сч[её]ту карты|Prihod po schetu karty|Пополнение|Popolnenie|Перевод на карту|Perevod na kartu) (?:[A-Z]{2} )?\\*(\\d{4}); (?:\\d{2}\\.\\d{2} \\d{1,2}:\\d{2}; )?(?:[^;]*?; )??${AMOUNT}${RUB};(?: (?:Остаток|Ostatok): ${BALANCE}${RUB})?`,
  'i',
);
const C2C_CARD_LAST = re(`^Перевод на карту ${AMOUNT}${RUB} .+? Остаток: ${BALANCE}${RUB}; \\*(\\d{4})$`);
const ACCOUNT_CREDIT = re(
  `^Поступление на сч[её]т \\d+\\*+(\\d{4}) ${AMOUNT}${RUB} от (.+?); Остаток: ${BALANCE}${RUB}`,
);

export const mts: BankParser = {
  bank: 'mts',
  senders: ['MTS-Bank', 'MTSBank', 'MBRR', 'МТС-Банк', 'MTS Bank'],
  packages: ['ru.mts.money'],
  signature: /ПАО "МТС-Банк"|mtsbank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = CARD_CREDIT.exec(body);
    if (m) return incoming('mts', { card: m[1], amount: m[2]!, balance: m[3] });
    m = C2C_CARD_LAST.exec(body);
    if (m) return incoming('mts', { amount: m[1]!, balance: m[2], card: m[3] });
    m = ACCOUNT_CREDIT.exec(body);
    if (m) return incoming('mts', { card: m[1], amount: m[2]!, payer: m[3], balance: m[4] });
    return null;
  },
};
