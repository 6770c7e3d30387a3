import { PAYMENT_NOTICE_MS, TOAST_MS, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../ui/index.ts';

/** Keys of an error body that carry bookkeeping rather than words for people. */
const META_KEYS = new Set(['request_id', 'status', 'code', 'status_code']);

function texts(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => (META_KEYS.has(key) ? [] : texts(inner)));
  }
  return [];
}

/** Every message the server put in an error answer (string, {detail} or field arrays), in order. */
export function serverMessages(error: unknown): string[] {
  return error instanceof ApiError && error.status > 0 ? texts(error.body) : [];
}

/** Spec §8 Payments: the server's error values joined by a comma, or the given fallback text. */
export function serverErrorText(error: unknown, fallback: string): string {
  const messages = serverMessages(error);
  return messages.length ? messages.join(', ') : fallback;
}

/** The server's messages for the given form fields (arrays joined by a space), for showing under inputs. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return result;
  const body = error.body as Record<string, unknown>;
  for (const field of fields) {
    const message = texts(body[field]).join(' ');
    if (message) result[field] = message;
  }
  return result;
}

/**
 * Toasts of the Payments page with the spec's timings: payment notices (successes and failures of an
 * action) last 1.5 s (spec §8 timing); the validation summary and load failures are ordinary 3 s toasts.
 */
export const paymentNotice = {
  success: (text: string) => notify.success(text, { duration: PAYMENT_NOTICE_MS }),
  error: (text: string) => notify.error(text, { duration: PAYMENT_NOTICE_MS }),
  validation: (messages: string[]) =>
    notify.warning(`${VALIDATION_SUMMARY_PREFIX}${messages.join(', ')}`, { duration: TOAST_MS }),
  loadError: (text: string) => notify.error(text, { duration: TOAST_MS }),
};
