/**
 * Error bodies of spec §8: a plain string or {detail} for the pop-up, or an object keyed by field whose
 * values are arrays of messages.
 */
export type FieldErrors = Record<string, string[]>;
export type ApiErrorBody =
  | string
  | { detail: string }
  | FieldErrors
  | { error: string }
  | { message: string };

/** Spec §8's 'An error occurred' and 'Invalid form state', said in Russian as every message is (issue 25). */
export const GENERIC_ERROR = 'Произошла ошибка';
export const INVALID_FORM_STATE = 'Некорректное состояние формы';
export const TOO_MANY_REQUESTS = 'Слишком много запросов. Попробуйте позже.';
export const VALIDATION_SUMMARY_PREFIX = 'Ошибка валидации: ';

/**
 * The {detail} texts of refusals made by the HTTP layer itself (the framework, the HTTP parser, the session
 * check), so no English from Fastify or Node ever reaches a person and no answer repeats what was sent.
 */
export const HTTP_ERROR_TEXT = {
  badRequest: 'Некорректный запрос',
  invalidJson: 'Тело запроса не является корректным JSON',
  unauthorized: 'Требуется авторизация',
  forbidden: 'Недостаточно прав',
  crossSite: 'Запрос с чужого сайта отклонён',
  notFound: 'Не найдено',
  requestTimeout: 'Истекло время ожидания запроса',
  bodyTooLarge: 'Слишком большой запрос',
  uriTooLong: 'Слишком длинный адрес запроса',
  unsupportedMediaType: 'Неподдерживаемый формат данных: отправьте JSON',
  tooManyRequests: TOO_MANY_REQUESTS,
  headersTooLarge: 'Слишком большие заголовки запроса',
  /** A NUL character (U+0000) in a text: PostgreSQL cannot store it, so it is refused before any work. */
  nulCharacter: 'Текст содержит недопустимый символ NUL (U+0000)',
  internal: 'Внутренняя ошибка сервера',
  unavailable: 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
} as const;

const TEXT_BY_STATUS: Readonly<Record<number, string>> = {
  401: HTTP_ERROR_TEXT.unauthorized,
  403: HTTP_ERROR_TEXT.forbidden,
  404: HTTP_ERROR_TEXT.notFound,
  408: HTTP_ERROR_TEXT.requestTimeout,
  413: HTTP_ERROR_TEXT.bodyTooLarge,
  414: HTTP_ERROR_TEXT.uriTooLong,
  415: HTTP_ERROR_TEXT.unsupportedMediaType,
  429: HTTP_ERROR_TEXT.tooManyRequests,
  431: HTTP_ERROR_TEXT.headersTooLarge,
};

/** The Russian text for an HTTP error status the framework produced (any other 4xx: "bad request"). */
export function httpErrorText(status: number): string {
  if (status === 503) return HTTP_ERROR_TEXT.unavailable;
  if (status >= 500) return HTTP_ERROR_TEXT.internal;
  return TEXT_BY_STATUS[status] ?? HTTP_ERROR_TEXT.badRequest;
}
