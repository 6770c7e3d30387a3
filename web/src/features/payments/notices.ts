import { PAYMENT_NOTICE_MS, TOAST_MS, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { readError } from '../../api/errors.ts';
import { notify } from '../../ui/index.ts';

/**
 * Toasts of the Payments page with the spec's timings: payment notices (successes and failures of an
 * action) last 1.5 s (spec §8 timing); the validation summary and load failures are ordinary 3 s toasts.
 * The words of a failed call come from the one error reader, api/errors.ts.
 */
export const paymentNotice = {
  success: (text: string) => notify.success(text, { duration: PAYMENT_NOTICE_MS }),
  error: (text: string) => notify.error(text, { duration: PAYMENT_NOTICE_MS }),
  validation: (messages: string[]) =>
    notify.warning(`${VALIDATION_SUMMARY_PREFIX}${messages.join(', ')}`, { duration: TOAST_MS }),
  loadError: (text: string) => notify.error(text, { duration: TOAST_MS }),
};

/** Spec §8 Payments: the server's messages joined by a comma, or the given fallback text. */
export function paymentErrorText(error: unknown, fallback: string): string {
  return readError(error).messages.join(', ') || fallback;
}
