import {
  AUTH_BODY_FIELD_TO_ERROR_FIELD,
  AUTH_ERROR_FIELDS,
  type AuthErrorField,
} from '@app/shared/auth/field-messages';
import { GENERIC_ERROR, httpErrorText } from '@app/shared/http';
import { WALLET_TEXT } from '@app/shared/wallet/balance';
import { requestFailedText } from '@app/shared/web-texts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The one reader of error answers in the web app (spec §8). Every feature turns a failed call into words
 * through these functions: pop-up versus field messages for forms, joined server messages for the
 * payments notices, the wallet fallbacks and the code-check toast.
 *
 * No server's English reaches the screen (issue 25): every text taken from an answer or an exception
 * passes through `readableText`, which keeps a Russian text and replaces one without Cyrillic (a proxy's
 * 'Internal Server Error', a framework's 'Bad Request', a browser's 'Failed to fetch') by the Russian text
 * of its HTTP status, or 'Произошла ошибка' without one.
 */

const CYRILLIC = /[А-Яа-яЁё]/;

/** A text fit for the screen: as it is when it speaks Russian, else the Russian text of the status. */
export function readableText(text: string, status = 0): string {
  if (CYRILLIC.test(text)) return text;
  return status >= 400 ? httpErrorText(status) : GENERIC_ERROR;
}

/** Readable texts, with repeats (several English texts read as one Russian text) said once. */
function readableTexts(list: string[], status: number): string[] {
  return [...new Set(list.map((text) => readableText(text, status)))];
}

const OTP_FAILED_TEXT: string = WALLET_TEXT.otpFailed;

/** Field messages keyed by the form fields of spec §8. */
export type FieldMessages = Partial<Record<AuthErrorField, string>>;

/** What a form shows for a failed call: pop-up text, or (only without pop-up text) messages under fields. */
export interface FormErrorState {
  popup: string | null;
  fields: FieldMessages;
}

/** Keys that carry bookkeeping, not words for people (e.g. the 500 answer's request_id). */
const META_KEYS = new Set(['request_id', 'status', 'code', 'status_code']);

const FIELD_KEYS: ReadonlySet<string> = new Set<string>([
  ...AUTH_ERROR_FIELDS,
  ...Object.keys(AUTH_BODY_FIELD_TO_ERROR_FIELD),
]);

function toFieldKey(key: string): AuthErrorField | null {
  if ((AUTH_ERROR_FIELDS as readonly string[]).includes(key)) return key as AuthErrorField;
  return AUTH_BODY_FIELD_TO_ERROR_FIELD[key] ?? null;
}

/** Every non-empty string inside a value (strings, arrays, nested objects), in order. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/**
 * Splits an error body (spec §8) into pop-up text and field messages, without deciding which one shows.
 * A string body is pop-up text. In an object, email/password/newPassword/confirmPassword/otp (and their
 * body names such as code_otp) are fields whose arrays are joined by a space; detail, error, message and
 * any other key go to the pop-up.
 */
export function parseErrorBody(body: unknown, status = 0): FormErrorState {
  if (body === null || body === undefined) return { popup: null, fields: {} };
  if (typeof body !== 'object' || Array.isArray(body)) {
    const popup = readableTexts(texts(body), status).join(' ');
    return { popup: popup || null, fields: {} };
  }
  const popupParts: string[] = [];
  const fields: FieldMessages = {};
  for (const [key, value] of Object.entries(body)) {
    const field = FIELD_KEYS.has(key) ? toFieldKey(key) : null;
    if (field) {
      const message = readableTexts(texts(value), status).join(' ');
      if (message) fields[field] = fields[field] ? `${fields[field]} ${message}` : message;
    } else if (!META_KEYS.has(key)) {
      popupParts.push(...texts(value));
    }
  }
  const popup = readableTexts(popupParts, status).join(' ');
  return { popup: popup || null, fields };
}

function hasBody(error: unknown): error is { status: number; body: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error && 'body' in error;
}

/**
 * The form state of spec §8 for any thrown error: pop-up text wins and hides field messages; field
 * messages show only without pop-up text; with no usable answer the error's message is the pop-up,
 * or spec §8's 'An error occurred' (GENERIC_ERROR, in Russian).
 */
export function formErrorState(error: unknown): FormErrorState {
  if (hasBody(error)) {
    const parsed = parseErrorBody(error.body, error.status);
    if (parsed.popup) return { popup: parsed.popup, fields: {} };
    if (Object.keys(parsed.fields).length) return parsed;
    if (error.status > 0 && !(error instanceof Error && error.message)) {
      return { popup: requestFailedText(error.status), fields: {} };
    }
  }
  const message = error instanceof Error && error.message ? readableText(error.message) : GENERIC_ERROR;
  return { popup: message, fields: {} };
}

/** One line of text for a toast: the pop-up text, else the field messages joined, else the fallback. */
export function errorText(error: unknown, fallback: string = GENERIC_ERROR): string {
  const state = formErrorState(error);
  const fieldText = Object.values(state.fields).join(' ');
  if (state.popup && state.popup !== GENERIC_ERROR) return state.popup;
  return fieldText || fallback;
}

/** True for an error that carries an HTTP answer (status and parsed body), e.g. ApiError. */
function hasAnswer(error: unknown): error is { status: number; body: unknown } {
  return hasBody(error) && error.status > 0;
}

/**
 * Every message the server put in an error answer (a string, {detail}, {error} or field arrays), in order;
 * bookkeeping keys are left out. Empty when no answer arrived (offline, timeout) or for other errors.
 */
export function serverMessages(error: unknown): string[] {
  if (!hasAnswer(error)) return [];
  const body = error.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const found = Object.entries(body).flatMap(([key, value]) => (META_KEYS.has(key) ? [] : texts(value)));
    return readableTexts(found, error.status);
  }
  return readableTexts(texts(body), error.status);
}

/** Spec §8 Payments: the server's error values joined by a comma, or the given fallback text. */
export function serverErrorText(error: unknown, fallback: string): string {
  const messages = serverMessages(error);
  return messages.length ? messages.join(', ') : fallback;
}

/** The server's messages for the given form fields (arrays joined by a space), to show under inputs. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!hasAnswer(error) || !error.body || typeof error.body !== 'object') return result;
  const body = error.body as Record<string, unknown>;
  for (const field of fields) {
    const message = readableTexts(texts(body[field]), error.status).join(' ');
    if (message) result[field] = message;
  }
  return result;
}

/**
 * The text of a failed wallet call (spec §8 Wallet): the server's own error, detail or message text;
 * without an answer (offline, timeout) the client's message; otherwise the call's fallback (spec §8's
 * 'Failed to process withdrawal', 'Failed to request wallet creation', in Russian).
 */
export function walletErrorText(error: unknown, fallback: string): string {
  if (!hasBody(error)) return fallback;
  const parsed = parseErrorBody(error.body, error.status);
  const text = parsed.popup ?? Object.values(parsed.fields).join(' ');
  if (text) return text;
  return error.status === 0 && error instanceof Error && error.message
    ? readableText(error.message)
    : fallback;
}

/**
 * The error toast of a failed code check (spec §8 Wallet OTP): the server's detail text, otherwise
 * 'Ошибка верификации'. With `orError`, a refusal for another reason after the code (a withdrawal the
 * server turned down) shows its error text too.
 */
export function otpErrorText(error: unknown, { orError = false }: { orError?: boolean } = {}): string {
  if (hasAnswer(error) && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    for (const key of orError ? ['detail', 'error'] : ['detail']) {
      const value = body[key];
      if (typeof value === 'string' && value.trim()) return readableText(value.trim(), error.status);
    }
  }
  return OTP_FAILED_TEXT;
}

/** Which form field shows each error key of spec §8 on a given form. */
export type ErrorFieldMap<T extends FieldValues> = Partial<Record<AuthErrorField, Path<T>>>;

/**
 * Shows a failed form call the spec §8 way: pop-up text when there is any; otherwise each field message
 * under its field. A field message for a field this form does not show (e.g. password on the code step)
 * would be invisible, so it goes to the pop-up instead.
 */
export function applyFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: ErrorFieldMap<T>,
  showPopup: (text: string) => void,
): void {
  const state = formErrorState(error);
  if (state.popup) {
    showPopup(state.popup);
    return;
  }
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(state.fields) as Array<[AuthErrorField, string]>) {
    const field = fieldMap[key];
    if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
    else unplaced.push(message);
  }
  if (unplaced.length) showPopup(unplaced.join(' '));
}

/**
 * Spec §8's "detail or '…'" and "error or '…'": the text of one field of the error answer (e.g. `detail` of
 * a rename, `error` of a link), otherwise the fallback; other keys and a bare string body do not count.
 */
export function answerFieldText(error: unknown, field: string, fallback: string): string {
  if (hasAnswer(error) && error.body && typeof error.body === 'object' && !Array.isArray(error.body)) {
    const value = (error.body as Record<string, unknown>)[field];
    const text = readableTexts(texts(value), error.status).join(' ');
    if (text) return text;
  }
  return fallback;
}

/**
 * Spec §8 Dashboard: 'Error: {message}', the message always Russian (an English or empty answer becomes
 * the Russian text of its status), so 'Error: Internal Server Error' never shows.
 */
export function loadErrorText(error: unknown): string {
  return `Error: ${errorText(error)}`;
}
