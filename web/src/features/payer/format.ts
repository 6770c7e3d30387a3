import { groupCardDigits } from '@app/shared/payments/masks';

const NBSP = '\u00a0';

/** Only the digits of a requisite: what a bank app's transfer field accepts when pasted. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** A card number grouped by four: "2200 1234 5678 9012". */
export function formatCard(card: string): string {
  return groupCardDigits(digitsOnly(card));
}

/**
 * A Russian phone as people read it: "+7 (999) 123-45-67" for 10 digits, or 11 starting with 7 or 8;
 * anything else is shown as it came.
 */
export function formatPhone(phone: string): string {
  const digits = digitsOnly(phone);
  const local =
    digits.length === 10 ? digits : digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : null;
  if (!local) return phone;
  return `+7${NBSP}(${local.slice(0, 3)})${NBSP}${local.slice(3, 6)}-${local.slice(6, 8)}-${local.slice(8)}`;
}

/** Seconds as mm:ss ("14:05"); minutes may pass 59 for long orders ("60:00"). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The merchant's return address, only when it is a web address (never javascript: or data:). */
export function safeReturnUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
