import type { WebhookOutcome } from './contracts.ts';

/** Words of the merchant's Settings #api section and the merchant API (Russian; the spec has none). */
export const MERCHANT_TEXT = {
  sectionTitle: 'API',
  keysTitle: 'API-ключи',
  createKey: 'Создать ключ',
  keyShownOnce: 'Скопируйте ключ сейчас: больше он показан не будет',
  revokeKey: 'Отозвать',
  revokeConfirm: 'Отозвать ключ? Запросы с ним перестанут работать сразу.',
  webhookTitle: 'Webhook',
  webhookUrl: 'URL для уведомлений',
  rotateSecret: 'Создать новый секрет',
  secretShownOnce: 'Скопируйте секрет сейчас: больше он показан не будет',
  deliveriesTitle: 'Доставка уведомлений',
  resend: 'Отправить снова',
  docsLink: 'Документация API',
  keysLoadFailed: 'Ошибка загрузки API-ключей',
  webhookLoadFailed: 'Ошибка загрузки настроек webhook',
  deliveriesLoadFailed: 'Ошибка загрузки журнала доставки',
  notMerchant: 'Раздел доступен только мерчантам',
  keyNotFound: 'Ключ не найден',
  eventNotFound: 'Событие не найдено',
  invalidCursor: 'Неверный курсор страницы',
  webhookUrlPrivate: 'Адрес webhook должен быть доступен из интернета, а не из внутренней сети',
  webhookUrlNotSet: 'Webhook URL не задан',
  webhookSecretNotSet: 'Секрет webhook не создан',
  resendLimited: 'Слишком много повторных отправок. Попробуйте через минуту.',
  unauthorized: 'Нужен действующий API-ключ: Authorization: Bearer <ключ>',
  orderNotFound: 'Заказ не найден',
  tooManyKeys: 'Не больше 20 действующих ключей: отзовите ненужный, чтобы создать новый',
} as const;

/** A delivery attempt's outcome (WEBHOOK_OUTCOMES) in the merchant's delivery log. */
export const WEBHOOK_OUTCOME_TEXT = {
  '2xx': 'Принято',
  '3xx': 'Перенаправление не выполняется',
  '4xx': 'Сервер отклонил запрос',
  '5xx': 'Ошибка на сервере получателя',
  timeout: 'Нет ответа за отведённое время',
  connection_failed: 'Не удалось подключиться',
  tls_failed: 'Ошибка TLS: проверьте сертификат',
  dns_failed: 'Имя сервера не найдено в DNS',
  refused_address: MERCHANT_TEXT.webhookUrlPrivate,
  url_not_set: MERCHANT_TEXT.webhookUrlNotSet,
  secret_not_set: MERCHANT_TEXT.webhookSecretNotSet,
} as const satisfies Record<WebhookOutcome, string>;
