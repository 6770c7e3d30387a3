/**
 * Input filters of spec §5: what each kind of field keeps while the user types.
 * The server never relies on them; they only stop characters that can never be valid.
 */

export const filterEmail = (value: string): string => value.replace(/[^A-Za-z0-9.@_+-]/g, '');
export const filterPassword = (value: string): string => value.replace(/[^A-Za-z0-9!@#$%^&*]/g, '');
export const filterOtp = (value: string, length = 6): string => value.replace(/\D/g, '').slice(0, length);
export const filterReferralCode = (value: string): string => value.replace(/[^A-Za-z0-9_-]/g, '');
export const filterName = (value: string): string => value.replace(/[^A-Za-zА-Яа-яЁё '.-]/g, '');
export const filterPhone = (value: string): string => value.replace(/[^\d+\-() ]/g, '');
export const filterCryptoAddress = (value: string): string => value.replace(/[^A-Za-z0-9]/g, '');
export const filterDigits = (value: string): string => value.replace(/\D/g, '');

/** Card number: digits only, grouped by four with spaces ("2200 1234 5678 9012"). */
export function filterCardNumber(value: string, maxDigits = 19): string {
  const digits = value.replace(/\D/g, '').slice(0, maxDigits);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Amount (every money field): digits with at most one decimal point. A typed comma is the Russian decimal
 * separator and becomes the point, so "12,5" stays 12.5 (never 125) and the field holds one plain decimal.
 */
export function filterAmount(value: string): string {
  const cleaned = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  return `${cleaned.slice(0, dot + 1)}${cleaned.slice(dot + 1).replace(/\./g, '')}`;
}

/** Search: angle brackets and other non-word characters are stripped (spaces kept between words). */
export const filterSearch = (value: string): string => value.replace(/[^\p{L}\p{N}_ ]/gu, '');

/** Any other free text shown back to people: HTML-escaped. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
