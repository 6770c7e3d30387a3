import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes day.month.year HH:mm with leading zeros, in local time', () => {
    expect(formatDate(new Date(2026, 10, 25, 14, 5))).toBe('25.11.2026 14:05');
    expect(formatDate(new Date(2026, 0, 3, 7, 9))).toBe('03.01.2026 07:09');
  });

  it('reads ISO strings from the API in the browser’s time zone', () => {
    const moment = new Date(2026, 10, 25, 23, 59);
    expect(formatDate(moment.toISOString())).toBe('25.11.2026 23:59');
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
