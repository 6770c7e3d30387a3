/**
 * Words of the payments feature (spec §5 Payment methods, §8 Payments), shared by the server and the web app
 * so that a client that skips the form's checks gets exactly the same answers.
 */
export const PAYMENT_MESSAGES = {
  nameRequired: 'Укажите имя владельца',
  nameMin: 'Имя должно содержать минимум 2 символа',
  nameMax: 'Имя не должно превышать 50 символов',
  nameCharacters: 'Имя может содержать только буквы, пробел, дефис, апостроф и точку',
  cardLength: 'Номер карты должен содержать от 13 до 19 цифр',
  phoneLength: 'Номер телефона должен содержать от 10 до 15 цифр',
  accountDigits: 'Номер счета должен содержать только цифры',
  accountLength: 'Номер счета не должен превышать 20 цифр',
  cardOrPhone: 'Укажите номер карты или телефон',
  accountRequired: 'Укажите номер счета для номера телефона',
  phoneRequired: 'Укажите номер телефона для номера счета',
  bankRequired: 'Выберите банк',
  duplicateCard: 'Платеж с такой картой уже существует',
  duplicateAccount: 'Платеж с таким номером счета уже существует',
  minAmount: 'Минимальная сумма должна быть положительным числом',
  maxAmount: 'Максимальная сумма должна быть положительным числом',
  minAboveMax: 'Минимальная сумма не может быть больше максимальной',
  disableFirst: 'Отключите платеж перед изменением данных',
  lockedField: 'Заполненное поле нельзя изменить после включения платежа',
  modeRequired: 'Выберите режим оплаты: SBP, C2C или оба',
  sbpNeedsPhone: 'Для режима SBP нужны номер телефона и номер счета',
  c2cNeedsCard: 'Для режима C2C нужен номер карты',
  incompleteRequisites: 'Заполните реквизиты платежа перед включением',
  ratingTooLow: 'Ваш рейтинг ниже 51%: добавление новых платежей заблокировано',
  oneGroup: 'Передайте одно изменение: реквизиты, режим оплаты или статус',
} as const;

/** Fixed texts of the Payments page and its notices (spec §2 Payments page, §8 Payments). */
export const PAYMENT_TEXT = {
  title: 'Payments',
  addButton: 'Add Payment Method',
  emptyNone: 'Вы еще не добавили ни один платеж',
  emptyFiltered: 'Ничего не найдено',
  created: 'Платеж успешно создан',
  createFailed: 'Произошла ошибка при создании платежа',
  detailsSaved: 'Данные успешно сохранены!',
  saveFailed: 'Ошибка сохранения данных',
  modeUpdated: 'Способ оплаты успешно обновлён!',
  limitsSaved: 'Настройки успешно сохранены!',
  limitsLoadFailed: 'Ошибка загрузки настроек',
  limitsSaveFailed: 'Ошибка сохранения настроек',
  activated: 'Платеж включен',
  deactivated: 'Платеж отключен',
  listLoadFailed: 'Ошибка загрузки данных',
  /** Our words (the spec names only "Details (edit modal)" and "limits settings modal"). */
  detailsTitle: 'Данные платежа',
  limitsTitle: 'Лимиты пополнения',
  limitsButton: 'Настройки лимитов',
} as const;
