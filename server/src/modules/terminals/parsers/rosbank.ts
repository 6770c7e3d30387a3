/**
 * Rosbank: SMS from "Rosbank" and pushes from ru.rosbank.android.
 *
 * Incoming: "Счет L*683: Пополнение 91357.38 RUB; Доступно: 91357.38 RUB; 10/04/19. Подробнее http://rosbank.ru/app."
 * and the transliterated "Schet A*891: Popolnenie 9082.00 RUB; Dostupno: 10042.19 RUB; 19/01/18". The account is
 * shown by a letter and its last three digits, so no card_last4 is reported.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const TOP_UP = re(
  `^(?:Schet|Сч[её]т) [A-ZА-ЯЁ]\\*\\d{1,4}: (?:Popolnenie|Пополнение) ${AMOUNT}${RUB}; (?:Dostupno|Доступно): ${BALANCE}${RUB}`,
  'i',
);

export const rosbank: BankParser = {
  bank: 'rosbank',
  senders: ['Rosbank', 'Росбанк'],
  packages: ['ru.rosbank.android'],
  signature: /rosbank\.ru|ROSBANK/i,
  parse({ body }): ParsedNotification | null {
    const m = TOP_UP.exec(body);
    return m ? incoming('rosbank', { amount: m[1]!, balance: m[2] }) : null;
  },
};
