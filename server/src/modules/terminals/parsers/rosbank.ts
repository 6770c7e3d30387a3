/**
 * Rosbank: SMS from "Rosbank" and pushes from ru.rosbank.android.
 *
 * Incoming: "Счет L*683: Пополнение 91357.38 RUB; Доступно: 91357.38 RUB; 10/04/19. Подробнее http://rosbank.ru/app."
 * and the transliterated "Schet A*891: Popolnenie 9082.00 RUB; Dostupno: 10042.19 RUB; 19/01/18". The account is
 * shown by a letter and its last three digits, so no card_last4 is reported.
 *
 * Not incoming, sorted by the shared rules: the same shape with "Списание"/"Spisanie" (money leaving), cash put in at a
 * cash machine ("Karta **0895: ATM … vnesena summa 22000.00 (RUR). Zachisleno …", the trader's own money), money sent
 * away ("S karty **3548 perevedeno 20000.00 RUR.P2P ROSBANK. …"), purchases and cash withdrawals. These 2017–2019 SMS
 * are the only public Rosbank texts found: no push of the Rosbank app, no SBP transfer naming its payer and no own
 * transfer between accounts, so those stay unparsed until real texts are added.
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
  // Not "ROSBANK": other banks print it as the other side ("P2P ROSBANK" in an MTS SMS).
  signature: /rosbank\.ru/i,
  parse({ body }): ParsedNotification | null {
    const m = TOP_UP.exec(body);
    return m ? incoming('rosbank', { amount: m[1]!, balance: m[2] }) : null;
  },
};
