const NBSP = '\u00a0';

/**
 * Rubles from the API's decimal string ("1500.00") the Russian way, on every page that shows them:
 * "1 500,00 ₽", with no-break spaces so the amount never wraps. Works on the digits, not on a float.
 */
export function formatRubles(amount: string): string {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${grouped},${fraction.padEnd(2, '0').slice(0, 2)}${NBSP}₽`;
}
