/**
 * Fixed texts the web app shows that spec §2, §4 and §8 name, plus the client-side transport messages.
 * Unit and end-to-end tests assert these, so they live here rather than inside components.
 */
export const AUTH_SUCCESS_TEXT = 'Operation Completed Successfully!';
export const RESEND_CODE_TEXT = 'Отправить код повторно';
export const CODE_RESENT_TEXT = 'Код отправлен повторно';
export const GET_STARTED_TEXT = 'GET STARTED';
/** The landing page's headline (spec §1: a marketing blurb about accepting payments seamlessly). */
export const LANDING_HEADLINE = 'Принимайте платежи без лишних хлопот';
/** Shown when a user has no username yet (spec §2 Home dashboard). */
export const USERNAME_FALLBACK = 'User';

/** The request was aborted by the client timeout (API_TIMEOUT_MS or a per-call override). */
export const REQUEST_TIMEOUT_TEXT = 'Сервер не ответил вовремя. Попробуйте ещё раз.';
/** fetch itself failed: offline, DNS, refused connection. */
export const NETWORK_ERROR_TEXT = 'Нет связи с сервером. Проверьте подключение.';
/** /welcome after a call made with a session answered 401: the session ended (expired, or logged out elsewhere). */
export const SESSION_EXPIRED_TEXT = 'Сессия истекла, войдите снова';

/** An error answer without a usable body, e.g. an HTML 502 page from a proxy. */
export function requestFailedText(status: number): string {
  return `Ошибка сервера (${status})`;
}

/** The not-found screen (spec §2: code 404 and a button that returns home; the words are ours, in Russian). */
export const NOT_FOUND_TEXT = {
  title: 'Страница не найдена',
  body: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка.',
  home: 'На главную',
} as const;

/** The product's public domain, used for its contact addresses. */
export const PRODUCT_DOMAIN = 'processing-pay.ru';

/**
 * How people reach support, said the same way on every page: one address, one Telegram account, one
 * promise about hours and response time.
 */
export const SUPPORT_CONTACTS = {
  email: `support@${PRODUCT_DOMAIN}`,
  telegram: '@processing_support',
  hours: 'Поддержка работает круглосуточно, без выходных',
  telegramResponse: 'В Telegram отвечаем в среднем за 15 минут',
  emailResponse: 'На письма отвечаем в течение 2 часов',
} as const;
