const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as every page shows it (spec §3 Transaction: day-month-year with hours and minutes), in the
 * browser's local time: `25.11.2026 14:05`. A dash for a missing or unreadable value, so a bad date from
 * the server never shows as "Invalid Date".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A moment within the coming days, shorter: `12.03 14:05` (day, month, local time); a dash when unreadable. */
export function formatDayTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
