/**
 * Gazprombank: SMS from "Gazprombank" (older ones signed "Telecard") and pushes from
 * ru.gazprombank.android.mobilebank.app.
 *
 * Incoming: "*3193 +1500р 07.03.18 09:58 Доступно 10369.58р", "*1004 17:01 Получен перевод 110р PEREVOD MEZHDU
 * KARTAMI Доступно 63869.33р", "*3164 Зачисление 26090р 30.08.18 09:26 Доступно 26090р", and the older
 * "Telecard; Card1745; Poluchen perevod; Summa 8000 RUR; …; dostupno: 10099.38 RUR".
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, ignored, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const WHEN = String.raw`(?: \d{2}\.\d{2}\.\d{2} \d{1,2}:\d{2}(?::\d{2})?)?`;
const CREDIT = re(
  `^\\*(\\d{4})(?: \\d{1,2}:\\d{2})? (?:\\+|Зачисление |Получен перевод |Пополнение )${AMOUNT}${RUB}(?: (.+?))??${WHEN}(?: Доступно ${BALANCE}${RUB})?$`,
);
const TELECARD_TRANSFER = re(
  `^Telecard; (?:Card|MC|VISA)(\\d{4}); Poluchen perevod; Summa ${AMOUNT}${RUB}; [\\d.: ]+; [^;]+; dostupno: ${BALANCE}${RUB}`,
  'i',
);
const TELECARD_CREDIT = re(
  `^Telecard; (?:Card|MC|VISA)(\\d{4}); [\\d.: ]+; Zachislenie; ${AMOUNT}${RUB}; dostupno: ${BALANCE}${RUB}`,
  'i',
);
/** "+10000р GAZPROMBANK" and similar name the bank's own cash machine: cash the trader put in. */
const CASH = /GAZPROMBANK|ATM|BANKOMAT/i;

export const gazprombank: BankParser = {
  bank: 'gazprombank',
  senders: ['Gazprombank', 'Telecard', 'GPB'],
  packages: ['ru.gazprombank.android.mobilebank.app'],
  signature: /^Telecard;|gazprombank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = CREDIT.exec(body);
    if (m) {
      if (m[3] !== undefined && CASH.test(m[3])) return ignored('gazprombank', 'other');
      return incoming('gazprombank', { card: m[1], amount: m[2]!, balance: m[4] });
    }
    m = TELECARD_TRANSFER.exec(body) ?? TELECARD_CREDIT.exec(body);
    if (m) return incoming('gazprombank', { card: m[1], amount: m[2]!, balance: m[3] });
    return null;
  },
};
