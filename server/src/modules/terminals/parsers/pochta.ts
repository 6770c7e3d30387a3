/**
 * Pochta Bank: SMS from "POCHTABANK".
 *
 * Incoming: "Счёт договора 20770680 пополнен на 11000.00р. Баланс 11157.56р.", "Счёт договора 22806795. Пополнение
 * на 3204.74р. Доступно 3228.53р", "Карта 4*8100. Пополнение на 11000.00 руб", card-to-card "Карта 4*8274
 * 23.03.18 17:22 Зачислено 30000.00 RUB VISA MONEY TRANSFER Visa Direct Russia Доступно …", "По карте 08.04.2018 08:27
 * пополнение счёта на сумму 500.00 руб. ПАО "Почта Банк"". The contract number is not a card or account number, so
 * it is not reported as card_last4. No public push format was found; pushes fall through to the shared rules.
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const CONTRACT = re(
  `^Сч[её]т договора \\d+\\.? (?:пополнен на|Пополнение на) ${AMOUNT}${RUB}\\.? (?:Баланс|Доступно) ${BALANCE}${RUB}`,
);
const CARD = re(`^Карта \\d\\*(\\d{4})\\. Пополнение на ${AMOUNT}${RUB}\\.?$`);
const CARD_CREDIT = re(
  `^Карта \\d\\*(\\d{4}) [\\d.]+ [\\d:]+ Зачислено ${AMOUNT}${RUB} .+? Доступно ${BALANCE}${RUB}$`,
);
const BY = re(
  `^По (?:карте|договору) (?:\\d{2}\\.\\d{2}\\.\\d{4} \\d{1,2}:\\d{2} )?пополнение сч[её]та на сумму ${AMOUNT}${RUB}`,
);

export const pochta: BankParser = {
  bank: 'pochta',
  senders: ['POCHTABANK', 'Pochta Bank', 'Почта Банк'],
  packages: ['ru.pochtabank.pochtaapp'],
  signature: /ПАО "Почта Банк"|pochtabank\.ru/i,
  parse({ body }): ParsedNotification | null {
    let m = CONTRACT.exec(body);
    if (m) return incoming('pochta', { amount: m[1]!, balance: m[2] });
    m = CARD.exec(body);
    if (m) return incoming('pochta', { card: m[1], amount: m[2]! });
    m = CARD_CREDIT.exec(body);
    if (m) return incoming('pochta', { card: m[1], amount: m[2]!, balance: m[3] });
    m = BY.exec(body);
    if (m) return incoming('pochta', { amount: m[1]! });
    return null;
  },
};
