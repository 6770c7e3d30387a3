import {
  AUTH_BODY_FIELD_TO_ERROR_FIELD,
  AUTH_ERROR_FIELDS,
  type AuthErrorField,
  GENERIC_ERROR,
  requestFailedText,
} from '@app/shared';

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
export function parseErrorBody(body: unknown): FormErrorState {
  if (body === null || body === undefined) return { popup: null, fields: {} };
  if (typeof body !== 'object' || Array.isArray(body)) {
    const popup = texts(body).join(' ');
    return { popup: popup || null, fields: {} };
  }
  const popupParts: string[] = [];
  const fields: FieldMessages = {};
  for (const [key, value] of Object.entries(body)) {
    const field = FIELD_KEYS.has(key) ? toFieldKey(key) : null;
    if (field) {
      const message = texts(value).join(' ');
      if (message) fields[field] = fields[field] ? `${fields[field]} ${message}` : message;
    } else if (!META_KEYS.has(key)) {
      popupParts.push(...texts(value));
    }
  }
  return { popup: popupParts.length ? popupParts.join(' ') : null, fields };
}

function hasBody(error: unknown): error is { status: number; body: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error && 'body' in error;
}

/**
 * The form state of spec §8 for any thrown error: pop-up text wins and hides field messages; field
 * messages show only without pop-up text; with no usable answer the error's message is the pop-up,
 * or 'An error occurred'.
 */
export function formErrorState(error: unknown): FormErrorState {
  if (hasBody(error)) {
    const parsed = parseErrorBody(error.body);
    if (parsed.popup) return { popup: parsed.popup, fields: {} };
    if (Object.keys(parsed.fields).length) return parsed;
    if (error.status > 0 && !(error instanceof Error && error.message)) {
      return { popup: requestFailedText(error.status), fields: {} };
    }
  }
  const message = error instanceof Error && error.message ? error.message : GENERIC_ERROR;
  return { popup: message, fields: {} };
}

/** One line of text for a toast: the pop-up text, else the field messages joined, else the fallback. */
export function errorText(error: unknown, fallback: string = GENERIC_ERROR): string {
  const state = formErrorState(error);
  const fieldText = Object.values(state.fields).join(' ');
  if (state.popup && state.popup !== GENERIC_ERROR) return state.popup;
  return fieldText || fallback;
}
