/**
 * What a text is when no bank format matched it: a one-time code, an advert, a known kind of debit or non-payer
 * credit — or, when it still looks like money arriving, unparsed so an operator sees it and a format gets added.
 */
import type { BankCode, ParsedNotification } from './types.ts';

const CODE = [
  /(?:^|[^а-яёa-z])(?:код|kod|пароль|parol|code)(?:[^а-яёa-z]|$)[\s\S]*\d{4,}/i,
  /никому не (?:сообщайте|говорите)/i,
];

const ADVERT =
  /промокод|одобрен|скидк|выигра|розыгрыш|оформите|оформи |предлагаем|получите|приглашаете|советуйте|акци[яию] /i;

/** Money that arrives without a payer behind it: salary, pensions, cashback, interest, cash, refunds, credits. */
const OTHER_CREDIT =
  /зарплат|zarplat|zarabotn|пенси|кэшб|кешб|cashback|процент|вклад|займ|заём|кредит|внесени|vnesen|банкомат|возврат|отмена|otmena/i;

/** Still looks like money arriving: never ignore it, let the operator see it. */
const LOOKS_INCOMING =
  /пополн|поступ|зачисл|приход|получен перевод|перевел\(а\)|перевели деньги|приш[её]л|popolnen|postuplen|zachislen|prihod|poluchen|(?:^|\s)\+\s?\d|перевод[^.]*\sот\s/i;

const WITHDRAWAL = /снятие|выдача|snjatie|snyatie|vydacha|наличны/i;
const OUTGOING = /перевод|perevod|perevedeno|получател|poluchatel/i;
const PURCHASE = /покупка|pokupka|оплат|oplat|заплатил|плат[её]ж|platezh|списан|spisan|погашен|pogashen/i;

export function classifyRest(bank: BankCode | undefined, text: string): ParsedNotification {
  const withBank = bank === undefined ? {} : { bank };
  if (CODE.some((pattern) => pattern.test(text))) return { kind: 'ignored', ...withBank, reason: 'code' };
  if (ADVERT.test(text)) return { kind: 'ignored', ...withBank, reason: 'advert' };
  if (OTHER_CREDIT.test(text)) return { kind: 'ignored', ...withBank, reason: 'other' };
  if (LOOKS_INCOMING.test(text)) return { kind: 'unparsed', ...withBank };
  if (WITHDRAWAL.test(text)) return { kind: 'ignored', ...withBank, reason: 'withdrawal' };
  if (OUTGOING.test(text)) return { kind: 'ignored', ...withBank, reason: 'outgoing' };
  if (PURCHASE.test(text)) return { kind: 'ignored', ...withBank, reason: 'purchase' };
  return { kind: 'unparsed', ...withBank };
}
