import {
  AUTH_BODY_FIELD_TO_ERROR_FIELD,
  AUTH_ERROR_FIELDS,
  type AuthErrorField,
} from '@app/shared/auth/field-messages';
import { GENERIC_ERROR, httpErrorText } from '@app/shared/http';
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

/** What every screen needs of a failed call, read once by `readError`. */
export interface ReadError {
  /** The HTTP status; 0 when no answer arrived (offline, timeout) or for an error that is no API call. */
  status: number;
  /**
   * One line for a toast or a load error (spec §8): the pop-up text, else the field messages joined, else the
   * fallback; a call without an answer says the client's own words (offline, timeout).
   */
  text: string;
  /** The form state: pop-up text wins and hides field messages; field messages only without pop-up text. */
  popup: string | null;
  fields: FieldMessages;
  /** The answer's own words (its pop-up text, else its field messages), null when the answer said nothing. */
  said: string | null;
  /** For an API call that got no answer (offline, timeout): the client's text, else null. */
  unanswered: string | null;
  /** Every message of the answer (a string, {detail}, {error} or field arrays) in order, bookkeeping left out. */
  messages: string[];
  /**
   * The messages under one key of an object answer (`detail`, `error`, a form field's array), repeats kept;
   * an empty list for another key, a bare string answer or no answer.
   */
  list(key: string): string[];
  /** Those messages joined by a space, or null: spec §8's "detail or '…'", "error or '…'". */
  answer(key: string): string | null;
  /** The answer's messages for the given form fields (arrays joined by a space), to show under inputs. */
  fieldErrors<F extends string>(fields: readonly F[]): Partial<Record<F, string>>;
}

/** The form state of spec §8 for any thrown error (see ReadError.popup). */
function formState(error: unknown, parsed: FormErrorState | null): FormErrorState {
  if (hasBody(error) && parsed) {
    if (parsed.popup) return { popup: parsed.popup, fields: {} };
    if (Object.keys(parsed.fields).length) return parsed;
    if (error.status > 0 && !(error instanceof Error && error.message)) {
      return { popup: requestFailedText(error.status), fields: {} };
    }
  }
  const message = error instanceof Error && error.message ? readableText(error.message) : GENERIC_ERROR;
  return { popup: message, fields: {} };
}

/**
 * The one reader of a failed call in the web app (spec §8): the Russian text, the form's field errors, the
 * status and the answer's messages. `fallback` is the toast's text when the answer says nothing usable
 * (spec §8's 'An error occurred', in Russian, without one).
 */
export function readError(error: unknown, fallback: string = GENERIC_ERROR): ReadError {
  const answered = hasBody(error) && error.status > 0;
  const status = hasBody(error) ? error.status : 0;
  const body = hasBody(error) ? error.body : null;
  const parsed = hasBody(error) ? parseErrorBody(error.body, error.status) : null;
  const state = formState(error, parsed);
  const objectBody =
    answered && body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  const list = (key: string): string[] =>
    objectBody ? texts(objectBody[key]).map((text) => readableText(text, status)) : [];
  const answer = (key: string): string | null => [...new Set(list(key))].join(' ') || null;
  const fieldText = Object.values(state.fields).join(' ');
  const said = parsed ? (parsed.popup ?? (Object.values(parsed.fields).join(' ') || null)) : null;
  let messages: string[] = [];
  if (answered && objectBody) {
    messages = readableTexts(
      Object.entries(objectBody).flatMap(([key, value]) => (META_KEYS.has(key) ? [] : texts(value))),
      status,
    );
  } else if (answered) {
    messages = readableTexts(texts(body), status);
  }
  return {
    status,
    text: state.popup && state.popup !== GENERIC_ERROR ? state.popup : fieldText || fallback,
    popup: state.popup,
    fields: state.fields,
    said,
    unanswered:
      hasBody(error) && error.status === 0 && error instanceof Error && error.message
        ? readableText(error.message)
        : null,
    messages,
    list,
    answer,
    fieldErrors: <F extends string>(fields: readonly F[]) => {
      const result: Partial<Record<F, string>> = {};
      for (const field of fields) {
        const message = answer(field);
        if (message) result[field] = message;
      }
      return result;
    },
  };
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
  const state = readError(error);
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
