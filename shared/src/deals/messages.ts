/**
 * Words of deals, the payer page and the merchant API. Spec §8 Transactions fixes the first two exactly;
 * everything else is Russian.
 */
export const DEAL_MESSAGES = {
  loadFailed: 'Ошибка загрузки данных',
  confirmFailed: 'Ошибка подтверждения транзакции',
  /** Server answers beyond the spec's catalogue. */
  notFound: 'Сделка не найдена',
  notConfirmable: 'Подтвердить можно только сделку, которая ожидает оплаты или на проверке',
  moveRefused: 'Этот переход статуса сделки запрещён',
  confirmed: 'Получение средств подтверждено',
  noMethod: 'Нет доступного реквизита для этой суммы и способа оплаты',
  rateStale: 'Курс USDT/RUB устарел; приём заказов приостановлен',
  rateMissing: 'Курс USDT/RUB не задан; приём заказов приостановлен',
  externalIdTaken: 'Заказ с таким external_id уже существует',
  notCancelable: 'Отменить можно только заказ, который ещё ожидает оплаты',
  notPayable: 'Заказ уже не ожидает оплаты',
  receiptTooLarge: 'Файл больше 10 МБ',
  receiptBadType: 'Нужен файл PDF, JPEG или PNG',
  receiptUploaded: 'Чек загружен',
  receiptExists: 'Чек к этому заказу уже загружен',
  badAmount: 'Сумма в рублях: строка с двумя знаками после точки, например "1500.00"',
  invalidDateRange: 'Дата начала не может быть позже даты окончания',
} as const;

/** An order below ORDER_MIN_RUB (merchant/v1 answers 422); `minimum` in rubles with 2 places. */
export const orderBelowMinimumText = (minimum: string) => `Минимальная сумма заказа — ${minimum} ₽`;

/** Texts of the Deals page (spec §2 Deals page) and its detail modal. */
export const DEALS_TEXT = {
  title: 'Deals',
  columns: {
    id: 'ID',
    date: 'Date',
    amount: 'Amount',
    profit: 'Profit',
    status: 'Status',
    actions: 'Actions',
  },
  confirmReceipt: 'Подтвердить получение',
  confirmQuestion: 'Подтвердите, что деньги поступили на ваш счёт',
  empty: 'Сделок пока нет',
  emptyFiltered: 'Ничего не найдено',
} as const;

/** Texts of the public payer page /c2c/<id>. */
export const PAYER_TEXT = {
  title: 'Оплата заказа',
  paid: 'Я оплатил',
  waiting: 'Ожидаем подтверждения оплаты',
  success: 'Оплата получена',
  expired: 'Время на оплату истекло',
  canceled: 'Заказ отменён',
  notFound: 'Заказ не найден',
  backToShop: 'Вернуться в магазин',
  uploadReceipt: 'Загрузить чек',
  /** A dispute was opened: the payer learns only that the payment is being looked at. */
  dispute: 'Платёж на проверке',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать',
  timeLeft: 'Осталось времени',
  loadFailed: 'Не удалось загрузить заказ. Проверьте подключение к интернету.',
  paidFailed: 'Не удалось отправить отметку об оплате. Попробуйте ещё раз.',
  receiptFailed: 'Не удалось загрузить чек. Попробуйте ещё раз.',
} as const;
