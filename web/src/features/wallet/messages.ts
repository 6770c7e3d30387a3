import { WALLET_TEXT } from '@app/shared';
import { isApiError } from '../../api/client.ts';
import { parseErrorBody } from '../../api/errors.ts';

/**
 * The text of a failed wallet call (spec §8 Wallet): the server's own error, detail or message text;
 * without an answer (offline, timeout) the client's message; otherwise the call's fallback
 * ('Failed to process withdrawal', 'Failed to request wallet creation').
 */
export function walletErrorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const parsed = parseErrorBody(error.body);
  const text = parsed.popup ?? Object.values(parsed.fields).join(' ');
  if (text) return text;
  return error.status === 0 ? error.message : fallback;
}

/**
 * The error toast of a failed code check (spec §8 Wallet OTP): the server's detail text, or — for a
 * withdrawal the server refused for another reason after the code — its error text; otherwise
 * 'Ошибка верификации'.
 */
export function otpErrorText(error: unknown): string {
  const body = (error as { body?: unknown } | null)?.body;
  if (body && typeof body === 'object') {
    for (const key of ['detail', 'error'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return WALLET_TEXT.otpFailed;
}
