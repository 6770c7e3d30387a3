import { describe, expect, it } from 'vitest';
import { exponentialDelayMs, scheduledDelayMs } from './backoff.ts';

describe('backoff', () => {
  const schedule = [5_000, 30_000, 120_000] as const;

  it('takes the listed wait of the n-th failure, then the last one again unless told otherwise', () => {
    expect(scheduledDelayMs(schedule, 1)).toBe(5_000);
    expect(scheduledDelayMs(schedule, 3)).toBe(120_000);
    expect(scheduledDelayMs(schedule, 9)).toBe(120_000);
    expect(scheduledDelayMs(schedule, 4, { after: 0 })).toBe(0);
    expect(scheduledDelayMs(schedule, 4, { after: 3_600_000 })).toBe(3_600_000);
  });

  it('spreads the wait by the jitter, rounded to the millisecond', () => {
    expect(scheduledDelayMs(schedule, 1, { jitter: 0.1, random: () => 0 })).toBe(4_500);
    expect(scheduledDelayMs(schedule, 1, { jitter: 0.1, random: () => 1 })).toBe(5_500);
    expect(scheduledDelayMs(schedule, 2, { jitter: 0.1, random: () => 0.5 })).toBe(30_000);
  });

  it('doubles from the base after each failure, never above the cap', () => {
    const options = { baseMs: 15_000, maxMs: 300_000 };
    expect(exponentialDelayMs(0, options)).toBe(15_000);
    expect(exponentialDelayMs(1, options)).toBe(15_000);
    expect(exponentialDelayMs(2, options)).toBe(30_000);
    expect(exponentialDelayMs(5, options)).toBe(240_000);
    expect(exponentialDelayMs(6, options)).toBe(300_000);
  });
});
