/**
 * Spec §9 masked card/account: the first 4 and the last 4 characters with a star for each one between,
 * when the value is longer than 8 characters; shorter values are shown as they are.
 */
export function maskRequisite(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 8) return value;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** A stored card ("2200123456789012") grouped by four for the edit field ("2200 1234 5678 9012"). */
export function groupCardDigits(card: string | null | undefined): string {
  return (card ?? '').replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}
