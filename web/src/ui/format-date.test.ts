import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDayTime } from './format-date.ts';

describe('formatDate', () => {
  // A zone far from UTC (+10, no daylight saving), so reading the UTC fields instead of local ones shows.
  beforeEach(() => {
    vi.stubEnv('TZ', 'Asia/Vladivostok');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('writes day.month.year HH:mm with leading zeros, in local time', () => {
    expect(formatDate(new Date(2026, 10, 25, 14, 5))).toBe('25.11.2026 14:05');
    expect(formatDate(new Date(2026, 0, 3, 7, 9))).toBe('03.01.2026 07:09');
  });

  it('reads ISO strings from the API in the browser’s time zone', () => {
    expect(formatDate('2026-11-25T20:30:00.000Z')).toBe('26.11.2026 06:30');
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatDayTime', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'Asia/Vladivostok');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('writes day.month HH:mm in local time, a dash when unreadable', () => {
    expect(formatDayTime('2026-03-12T04:05:00.000Z')).toBe('12.03 14:05');
    expect(formatDayTime('nope')).toBe('—');
  });
});
