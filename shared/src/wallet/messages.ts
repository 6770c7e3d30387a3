/**
 * Texts of the wallet calls (spec §2 Wallet dialogs, §7 Wallet, §8 Wallet), in Russian: spec §8's English
 * success texts are messages, not titles or buttons, so the screen shows them in Russian (issue 25).
 */
export const WALLET_MESSAGES = {
  codeSent: 'Код подтверждения отправлен на почту',
  addressCreated: 'Адрес кошелька создан',
  noAddress: 'Адрес кошелька ещё не создан',
  withdrawOtpSent: 'Код для подтверждения вывода отправлен на почту',
  withdrawalSent: 'Заявка на вывод отправлена',
  fillAllFields: 'Заполните все поля',
  amountPositive: 'Сумма должна быть больше нуля',
  amountPrecision: 'Сумма может содержать не более 6 знаков после запятой',
  invalidAddress: 'Неверный адрес TRC20',
  notWhitelisted: 'Этого адреса нет в белом списке',
  ownAddress: 'Нельзя вывести средства на адрес этого сервиса',
  requestMismatch: 'Сумма или адрес не совпадают с запросом. Запросите новый код.',
  whitelistAddressRequired: 'Введите адрес кошелька',
  whitelistDuplicate: 'Этот адрес уже в белом списке',
  whitelistEnabled: 'Белый список включен',
  whitelistDisabled: 'Белый список отключен',
  deleted: 'Успешно удалено',
} as const;

/** "Minimum withdrawal is N USDT". */
export function withdrawalMinimumText(minimum: string): string {
  return `Минимальная сумма вывода — ${minimum} USDT`;
}

/** Not enough available balance for the amount plus the network fee. */
export function insufficientFundsText(needed: string, fee: string): string {
  return `Недостаточно средств: нужно ${needed} USDT с учётом комиссии ${fee} USDT`;
}

/** A withdrawal while the user owes a dispute's shortfall (issue 23): what is owed is not available. */
export function debtOutstandingText(debt: string): string {
  return `Вывод недоступен: погасите задолженность по спорам (${debt} USDT)`;
}

/** The whitelist is full. */
export function whitelistFullText(maximum: number): string {
  return `В белом списке может быть не более ${maximum} адресов`;
}

/** A moment as people read it in a server message: "25.11.2026 14:05 UTC" (the server knows no time zone). */
export function utcDateTimeText(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/** A withdrawal to a whitelist entry still in its cool-down (WHITELIST_COOLDOWN_H after it was added). */
export function whitelistPendingText(usableAt: Date): string {
  return `Этот адрес добавлен в белый список недавно и станет доступен для вывода ${utcDateTimeText(usableAt)}`;
}

/** The whitelist picker's note on an entry still in its cool-down; `when` is a local date and time. */
export function whitelistAvailableFromText(when: string): string {
  return `доступен с ${when}`;
}

/** Russian labels of every withdrawal status (WITHDRAWAL_STATUSES), as the withdrawals list shows them. */
export const WITHDRAWAL_STATUS_LABELS = {
  requested: 'Ожидает кода',
  canceled: 'Отменён',
  held: 'На проверке',
  approved: 'В очереди на отправку',
  signing: 'Отправляется',
  signed: 'Отправляется',
  broadcast: 'Отправлен',
  confirmed: 'Выполнен',
  failed: 'Не выполнен, средства возвращены',
  rejected: 'Отклонён, средства возвращены',
} as const;

/** Texts of the withdrawals list, the in-flight line of the balance card and the locked withdraw form. */
export const WITHDRAWALS_TEXT = {
  historyTab: 'История',
  title: 'История выводов',
  empty: 'Выводов пока не было',
  emptyHint: 'Здесь появятся ваши выводы USDT и их статусы.',
  loadFailed: 'Не удалось загрузить историю выводов',
  date: 'Дата',
  amount: 'Сумма',
  fee: 'Комиссия',
  address: 'Адрес',
  status: 'Статус',
  txid: 'Транзакция',
  withdrawing: 'Выводится',
  withdrawingHint: 'Уже списано с баланса и отправляется на ваш адрес',
  sentLocked: 'Заявка на вывод принята. Форма снова станет доступна при следующем открытии окна.',
  noAddressTitle: 'Вывод пока недоступен',
  noAddressBody:
    'Сначала создайте адрес кошелька на вкладке Deposit: вывод открывается, когда у аккаунта есть адрес TRC20.',
} as const;

/** The withdraw form's lines on what can leave now and why the rest cannot (issue 23). */
export const WITHDRAWABLE_TEXT = {
  withdrawable: 'Доступно к выводу',
  reserved: 'В резерве',
  reservedHint:
    'USDT истёкших и отменённых сделок: они обеспечивают новые сделки, но выводятся после окончания срока открытия спора по сделке.',
  debt: 'Задолженность по спорам',
  debtHint:
    'Пока есть задолженность, вывод недоступен. Она погашается пополнением и вознаграждениями за сделки.',
  loadFailed: 'Не удалось узнать, сколько доступно к выводу',
  max: 'Макс.',
  maxLabel: 'Вывести всё доступное за вычетом комиссии',
} as const;

/** One reserve's line: "В резерве до 12.03 14:05"; `when` is a local day, month and time. */
export function reservedUntilText(when: string): string {
  return `В резерве до ${when}`;
}

/** The explorer page of a Tron transaction. */
export function tronscanTransactionUrl(txid: string): string {
  return `https://tronscan.org/#/transaction/${encodeURIComponent(txid)}`;
}
