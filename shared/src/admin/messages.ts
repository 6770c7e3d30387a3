/**
 * The operator console's texts (issue 27): what the API answers in `detail` or a field array, in Russian like
 * every other message of api/v1, and the labels the console shows for actions, roles and outcomes.
 */
export const ADMIN_MESSAGES = {
  /** 403 for a signed-in caller who is not an admin (spec §8: the web logs them out). */
  notAdmin: 'Недостаточно прав',
  otpSent: 'Код отправлен на вашу почту',
  otpRequired: 'Введите код из письма',
  otpInvalid: 'Неверный или просроченный код',
  reasonRequired: 'Укажите причину',
  userNotFound: 'Пользователь не найден',
  userExists: 'Пользователь с такой почтой уже существует',
  userCreated: 'Аккаунт создан, пользователю отправлено письмо для установки пароля',
  feeBelowReward: 'Комиссия мерчанта не может быть ниже вознаграждения трейдера',
  rewardAboveFee: 'Вознаграждение трейдера не может быть выше комиссии мерчанта',
  termsWrongRole: 'Этот параметр не относится к роли пользователя',
  ratingOnlyTraders: 'Рейтинг есть только у трейдеров',
  insufficientFunds: 'Недостаточно доступных средств для списания',
  cannotBlockSelf: 'Нельзя заблокировать самого себя',
  withdrawalNotFound: 'Вывод не найден',
  withdrawalWrongState: 'Этот вывод уже обработан',
  withdrawalUserInDebt:
    'Пользователь должен по спорам: отклоните вывод (его сумма погасит долг) или одобрите после погашения долга',
  txidTaken: 'Этот txid уже записан за другим выводом',
  withdrawalStatusUnknown: 'Неизвестный статус вывода',
  rateOutOfRange: 'Введите курс от 1 до 1 000 000 рублей',
  ledgerNeverVerified: 'Проверка леджера ещё не запускалась',
  bankExists: 'Банк с таким названием уже существует',
  bankNotFound: 'Банк не найден',
  webhookNotFailed: 'Повторить можно только неудачное событие',
  apiKeyNotFound: 'Ключ не найден',
  nothingToChange: 'Нет изменений',
  percentInvalid: 'Введите процент от 0 до 100, не больше двух знаков после запятой',
  /** One mailed code confirms one action: a block and a change of terms are separate requests. */
  blockApart: 'Блокировку и условия меняйте отдельными запросами',
  ratingPointsInvalid: 'Введите ненулевые баллы, например +6 или -0,5',
  amountInvalid: 'Введите ненулевую сумму в USDT, например 100 или -2,5',
} as const;

/** The actions a mailed code confirms; the code is bound to one of them (payload of OTP purpose `admin`). */
export const ADMIN_OTP_ACTIONS = [
  'create_user',
  'approve_withdrawal',
  'mark_sent',
  'adjust_balance',
  'change_terms',
  'block_user',
  'set_rate',
] as const;
export type AdminOtpAction = (typeof ADMIN_OTP_ACTIONS)[number];

/** Every action the audit log records (console and CLI alike). */
export const ADMIN_AUDIT_ACTIONS = [
  'user.create',
  'user.lead',
  'user.fee',
  'user.reward',
  'user.lead_share',
  'user.block',
  'user.unblock',
  'user.rating',
  'user.balance',
  'api_key.create',
  'api_key.revoke',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.mark_sent',
  'bank.create',
  'bank.update',
  'rate.set',
  'webhook.retry',
  'ledger.verify',
  'rating.recompute',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** Russian names of the audited actions, as the audit log shows them. */
export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  'user.create': 'Создание аккаунта',
  'user.lead': 'Флаг лида',
  'user.fee': 'Комиссия мерчанта',
  'user.reward': 'Вознаграждение трейдера',
  'user.lead_share': 'Доля лида',
  'user.block': 'Блокировка',
  'user.unblock': 'Разблокировка',
  'user.rating': 'Корректировка рейтинга',
  'user.balance': 'Корректировка баланса',
  'api_key.create': 'Создание API-ключа',
  'api_key.revoke': 'Отзыв API-ключа',
  'withdrawal.approve': 'Одобрение вывода',
  'withdrawal.reject': 'Отклонение вывода',
  'withdrawal.mark_sent': 'Вывод отправлен вручную',
  'bank.create': 'Добавление банка',
  'bank.update': 'Изменение банка',
  'rate.set': 'Курс USDT/RUB',
  'webhook.retry': 'Повтор вебхука',
  'ledger.verify': 'Проверка леджера',
  'rating.recompute': 'Пересчёт рейтингов',
};

/** Russian names of the roles, as the console shows them. */
export const ROLE_LABELS = {
  trader: 'Трейдер',
  merchant: 'Мерчант',
  support: 'Поддержка',
  admin: 'Администратор',
} as const;

/** The outcomes of a bank notification, as the console's counts show them. */
export const NOTIFICATION_OUTCOME_LABELS = {
  matched: 'Сопоставлено',
  unmatched: 'Не сопоставлено',
  ignored: 'Пропущено',
  unparsed: 'Не распознано',
} as const;
