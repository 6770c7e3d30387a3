/**
 * Raiffeisenbank: pushes from ru.raiffeisennews and SMS from "Raiffeisen".
 *
 * A push puts the account in the title ("Пришел перевод на счет *4848", "Пополнили карту *1051") and the signed
 * amount in the text ("+ 20 000.00 ₽. Теперь на счете 25 559.08 ₽", "+ 10 000.00 ₽ от Вера Владимировна И.").
 * A foreign-currency transfer ("654.75 CNY") is not rubles and stays unparsed. SMS are transliterated:
 * "Zachislen perevod 25000 RUR na schet *5842. Balans 32605.51 RUR. Raiffeisenbank".
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, incoming, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const PUSH_TITLE = /^(?:Приш[её]л перевод на сч[её]т|Пополнили карту|Пополнение сч[её]та) \*\d*(\d{4})$/;
const PUSH_BODY = re(
  `^\\+ ?${AMOUNT}${RUB}(?: от (.+?))?\\.?(?: Теперь на (?:сч[её]те|карте) ${BALANCE}${RUB})?\\.?$`,
);
const ARRIVED = re(`^Приш[её]л перевод ${AMOUNT}${RUB} на сч[её]т \\*\\d*(\\d{4})$`);
/** Transliterated SMS name the card before or after the amount: each format says which group is which. */
const SMS: { pattern: RegExp; groups: readonly ('amount' | 'card' | 'balance')[] }[] = [
  {
    pattern: re(`^Zachislen perevod ${AMOUNT}${RUB} na schet \\*(\\d{4})\\. Balans ${BALANCE}${RUB}`, 'i'),
    groups: ['amount', 'card', 'balance'],
  },
  {
    pattern: re(`^Karta \\*(\\d{4})\\. Zachisleno ${AMOUNT}${RUB}\\. Balans ${BALANCE}${RUB}`, 'i'),
    groups: ['card', 'amount', 'balance'],
  },
  {
    pattern: re(`^Schet \\*(\\d{4})\\. Zachislen perevod ${AMOUNT}${RUB}\\.?$`, 'i'),
    groups: ['card', 'amount'],
  },
  {
    pattern: re(
      `^(?:Balans vashey karty|баланс вашей карты) \\*(\\d{4}) (?:popolnilsya|пополнился) [\\d/-]+ (?:na|на):? ${AMOUNT}${RUB}\\. (?:Dostupny ostatok|доступный остаток): ${BALANCE}${RUB}`,
      'i',
    ),
    groups: ['card', 'amount', 'balance'],
  },
];

export const raiffeisen: BankParser = {
  bank: 'raiffeisen',
  senders: ['Raiffeisen', 'Raiffeisenbank'],
  packages: ['ru.raiffeisennews'],
  signature: /Raiffeisenbank\.?$|raiffeisen\.ru/i,
  parse({ title, body }): ParsedNotification | null {
    const card = PUSH_TITLE.exec(title)?.[1];
    if (card !== undefined) {
      const m = PUSH_BODY.exec(body);
      return m ? incoming('raiffeisen', { card, amount: m[1]!, payer: m[2], balance: m[3] }) : null;
    }
    const arrived = ARRIVED.exec(body);
    if (arrived) return incoming('raiffeisen', { amount: arrived[1]!, card: arrived[2] });
    for (const { pattern, groups } of SMS) {
      const m = pattern.exec(body);
      if (!m) continue;
      const part = (name: (typeof groups)[number]) => {
        const index = groups.indexOf(name);
        return index < 0 ? undefined : m[index + 1];
      };
      return incoming('raiffeisen', {
        amount: part('amount')!,
        card: part('card'),
        balance: part('balance'),
      });
    }
    return null;
  },
};
