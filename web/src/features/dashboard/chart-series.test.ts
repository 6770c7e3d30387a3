import { describe, expect, it } from 'vitest';
import { chartSeries, tickIndices } from './chart-series.ts';

describe('chart labels in the user’s locale and time zone', () => {
  const hour = [{ period: '2026-11-25T14:00:00+03:00', count: 2 }];

  it('labels hours in the zone the buckets follow', () => {
    expect(chartSeries('24h', hour, 'ru-RU', 'Europe/Moscow').ticks).toEqual(['14:00']);
    expect(chartSeries('24h', hour, 'ru-RU', 'Asia/Tokyo').ticks).toEqual(['20:00']);
    expect(chartSeries('24h', hour, 'en-US', 'Europe/Moscow').ticks).toEqual(['02:00 PM']);
  });

  it('labels days and months in the locale', () => {
    const day = [{ period: '2026-11-25T00:00:00+03:00', count: 1 }];
    expect(chartSeries('30d', day, 'ru-RU', 'Europe/Moscow').ticks).toEqual(['25 нояб.']);
    expect(chartSeries('30d', day, 'en-US', 'Europe/Moscow').ticks).toEqual(['Nov 25']);
    const month = [{ period: '2026-11-01T00:00:00+03:00', count: 1 }];
    expect(chartSeries('1y', month, 'ru-RU', 'Europe/Moscow').ticks).toEqual(['нояб.']);
    expect(chartSeries('1y', month, 'ru-RU', 'Europe/Moscow').labels).toEqual(['ноябрь 2026 г.']);
    // The first of the month in Moscow is still October in UTC-5.
    expect(chartSeries('1y', month, 'en-US', 'America/New_York').ticks).toEqual(['Oct']);
  });

  it('keeps counts and one slot per bucket, an unreadable period with an empty label', () => {
    const series = chartSeries(
      '24h',
      [
        { period: '2026-11-25T13:00:00Z', count: 0 },
        { period: 'nonsense', count: 3 },
      ],
      'ru-RU',
      'UTC',
    );
    expect(series.x).toEqual([0, 1]);
    expect(series.counts).toEqual([0, 3]);
    expect(series.ticks).toEqual(['13:00', '']);
  });
});

describe('axis ticks', () => {
  it('labels every bucket when there is room and always the current one', () => {
    expect(tickIndices(12, 1000)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(tickIndices(24, 320)).toEqual([3, 8, 13, 18, 23]);
    expect(tickIndices(30, 640).at(-1)).toBe(29);
    expect(tickIndices(0, 640)).toEqual([]);
  });
});
