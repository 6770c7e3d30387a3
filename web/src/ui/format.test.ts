import { describe, expect, it } from 'vitest';
import { chartSeries } from '../features/dashboard/chart-series.ts';
import {
  APP_LOCALE,
  formatCount,
  formatDecimal,
  formatDecimalText,
  formatPercent,
  formatRubles,
  formatUsdtAmount,
} from './format.ts';

const NBSP = '\u00a0';

describe('the one formatter module (ru-RU)', () => {
  it('writes USDT one way: 2 decimals, a comma, the unit, never $', () => {
    expect(formatUsdtAmount(12.97)).toBe(`12,97${NBSP}USDT`);
    expect(formatUsdtAmount(1234.5)).toBe(`1${NBSP}234,50${NBSP}USDT`);
  });

  it('writes rubles, counts, decimals and percents the Russian way', () => {
    expect(formatRubles('1500.00')).toBe(`1${NBSP}500,00${NBSP}₽`);
    expect(formatCount(12345).replace(/\s/g, ' ')).toBe('12 345');
    expect(formatDecimal(87.5)).toBe('87,5');
    expect(formatDecimal(75)).toBe('75');
    expect(formatPercent(87.456)).toBe('87,46%');
    expect(formatDecimalText('92.50')).toBe('92,50');
  });

  it("labels the chart's axis in ru-RU, whatever the browser's language", () => {
    const day = [{ period: '2026-11-25T00:00:00+03:00', count: 1 }];
    expect(chartSeries('30d', day, APP_LOCALE, 'Europe/Moscow').ticks).toEqual(['25 нояб.']);
    const hour = [{ period: '2026-11-25T14:00:00+03:00', count: 1 }];
    expect(chartSeries('24h', hour, APP_LOCALE, 'Europe/Moscow').ticks).toEqual(['14:00']);
  });
});
