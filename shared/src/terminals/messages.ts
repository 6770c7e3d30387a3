/**
 * Words of the terminals feature (spec §2 Terminals page, §4–§5 Terminals, §8 Dashboard and terminals). The spec
 * fixes these texts exactly, English ones included; everything else on the page is Russian.
 */
export const TERMINAL_MESSAGES = {
  nameEmpty: 'Название не может быть пустым',
  nameTooLong: 'Название не должно превышать 50 символов',
  selectAtLeastOne: 'Выберите хотя бы один платеж',
  loadFailed: 'Ошибка загрузки данных',
  badListFormat: 'Некорректный формат ответа сервера',
  linkFailed: 'Ошибка привязки платежей',
  unbindFailed: 'Не удалось отвязать платёж',
  renameFailed: 'Не удалось сохранить название',
  qrFailed: 'Ошибка формирования QR-кода',
  badServerData: 'Некорректные данные от сервера',
  otpFailed: 'Ошибка верификации OTP',
  unbindConfirm: 'Are you sure you want to unbind this payment method?',
  /** Server answers beyond the spec's catalogue. */
  notFound: 'Терминал не найден',
  paymentNotFound: 'Платеж не найден',
  paymentIdMismatch: 'Идентификатор платежа в теле не совпадает с адресом',
  paymentsNotAvailable: 'Некоторые платежи не найдены или уже привязаны к другому терминалу',
  paymentNotLinked: 'Платеж не привязан к терминалу',
  pairingNotPending: 'Терминал уже активирован или удален',
  tooManyPayments: 'Можно привязать не больше 100 платежей за раз',
} as const;

/** Fixed texts of the Terminals page (spec §2). */
export const TERMINAL_TEXT = {
  title: 'Terminals',
  addButton: 'Add Terminal Now',
  emptyNone: 'Вы еще не добавили ни один терминал',
  emptyFiltered: 'Ничего не найдено',
  activationTitle: 'Активация завершена',
  finishSetup: 'Завершить настройку',
  linkPayment: 'Link a payment method',
  managePayments: 'Manage Payments',
  details: 'Details',
  unbind: 'Unbind',
  yes: 'Yes',
  no: 'No',
  cancel: 'Cancel',
  /** 'Привязать (n)' */
  linkSelected: (count: number) => `Привязать (${count})`,
  allStatuses: 'All Statuses',
  enabled: 'Enabled',
  disabled: 'Disabled',
  active: 'Active',
  inactive: 'Inactive',
  /** Setup instructions of the QR screen (spec §2 Add-terminal flow). */
  setupSteps: [
    'Установите приложение Terminal Manager на телефон, который получает уведомления банка.',
    'В приложении начните добавление терминала.',
    'Наведите камеру телефона на этот QR-код.',
    'Дождитесь подтверждения: терминал появится в списке.',
  ],
} as const;
