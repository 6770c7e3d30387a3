/**
 * Sber: SMS from 900 and push notifications from the СберБанк Онлайн app.
 *
 * SMS start with the card or account ("MIR-0441", "VISA6168", "СЧЁТ5154", "ПЛАТ.СЧЕТ6334", "Счёт карты MIR-1818",
 * sometimes after the holder's name "Варвара С.: "), then time or date, then the operation. Pushes put the payer's
 * bank and a signed amount in the text ("Ozon банк + 4 000 ₽ Счёт карты МИР •• 9513") and the payer in the title
 * ("Перевод по СБП от ОЛЕГ НИКОЛАЕВИЧ К."); debits in pushes carry no "+".
 */
import { AMOUNT, BALANCE, RUB } from './amount.ts';
import { type BankParser, ignored, incoming, type Message, re } from './bank-parser.ts';
import type { ParsedNotification } from './types.ts';

const CARD = String.raw`^(?:[^:\d]{1,40}: )?(?:Сч[её]т карты )?[A-Za-zА-ЯЁа-яё][A-Za-zА-ЯЁа-яё. ]{0,20}?-?\*?(\d{4}) `;
const WHEN = String.raw`(?:\d{2}\.\d{2}(?:\.\d{2,4})? )?(?:\d{1,2}:\d{2} )?`;

const SMS_TRANSFER = re(
  `${CARD}${WHEN}[Пп]еревод(?: по СБП)?(?: из (?:.+?))? \\+?${AMOUNT}${RUB} от (.+?) Баланс: ${BALANCE}${RUB}`,
);
const SMS_SBP = re(
  `${CARD}${WHEN}зачислен перевод(?: по СБП)? ${AMOUNT}${RUB}(?: на запрос)?(?: из .+?)?(?: через СБП)? от (.+?)(?:\\. Сообщение: .*)?$`,
);
const SMS_CREDIT = re(`${CARD}${WHEN}[Зз]ачисление ${AMOUNT}${RUB}(?: (.+?))?? Баланс: ${BALANCE}${RUB}`);
const SMS_SENT_YOU = re(
  `^(?:${CARD.slice(1)}${WHEN}|Сбербанк Онлайн\\. )?(.+?) перевел\\(а\\) [Вв]ам ${AMOUNT}${RUB}\\.?(?: Баланс: ${BALANCE}${RUB})?`,
);
/** A source after "зачисление N р" that is not a payer: cash machines, own deposits, loans. */
const NOT_A_PAYER = /^(?:ATM|ITT)\b|вклад|займ|кредит|KREDIT/i;

const PUSH_BODY = re(
  `^(?:.+? )?\\+ ?${AMOUNT}${RUB}(?: ?[—-] ?[^:]{1,30}: ${BALANCE}${RUB})? (?:Плат\\. ?сч[её]т|Сч[её]т карты|Сч[её]т|Карта)[^•]*•• ?(\\d{4})`,
);
const PUSH_TRANSFER_TITLE = /перевод|перевели|приземлились|приш[её]л/i;
const PUSH_NOT_A_PAYER = /отмена|возврат|зарплат|пенси|кэшб|кешб|процент|вклад/i;
const PUSH_PAYER = /(?:\sот\s|Вам перевели деньги! )(.+)$/;

function parseSms(body: string): ParsedNotification | null {
  let m = SMS_TRANSFER.exec(body);
  if (m) return incoming('sber', { card: m[1], amount: m[2]!, payer: m[3], balance: m[4] });
  m = SMS_SBP.exec(body);
  if (m) return incoming('sber', { card: m[1], amount: m[2]!, payer: m[3] });
  m = SMS_CREDIT.exec(body);
  if (m) {
    if (m[3] !== undefined && NOT_A_PAYER.test(m[3])) return ignored('sber', 'other');
    return incoming('sber', { card: m[1], amount: m[2]!, balance: m[4] });
  }
  m = SMS_SENT_YOU.exec(body);
  if (m) return incoming('sber', { card: m[1], payer: m[2], amount: m[3]!, balance: m[4] });
  return null;
}

function parsePush({ title, body }: Message): ParsedNotification | null {
  const m = PUSH_BODY.exec(body);
  if (!m) return null;
  // A "+" alone also marks refunds and salaries: only a title that names a transfer makes it a payment.
  if (!PUSH_TRANSFER_TITLE.test(title) || PUSH_NOT_A_PAYER.test(title))
    return { kind: 'unparsed', bank: 'sber' };
  return incoming('sber', { amount: m[1]!, balance: m[2], card: m[3], payer: PUSH_PAYER.exec(title)?.[1] });
}

export const sber: BankParser = {
  bank: 'sber',
  senders: ['900', 'SBERBANK'],
  packages: ['ru.sberbankmobile'],
  signature: /sberbank\.ru|Сбербанк Онлайн|^(?:MIR-|МИР-|VISA|ECMC|MAES|СЧЁТ|ПЛАТ\.СЧЕТ)\d{4} /,
  parse(message) {
    return parseSms(message.body) ?? parsePush(message);
  },
};
