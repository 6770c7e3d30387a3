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

export const GENERIC_ERROR = 'An error occurred';
export const INVALID_FORM_STATE = 'Invalid form state';
export const TOO_MANY_REQUESTS = 'Слишком много запросов. Попробуйте позже.';
export const VALIDATION_SUMMARY_PREFIX = 'Ошибка валидации: ';
