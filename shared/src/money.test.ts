import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDollars,
  formatUsdt,
  formatUsdtAmount,
  kopecksToRubleString,
  microToNumber,
  parseRubles,
  parseUsdt,
  usdtNumberToMicro,
} from './money.ts';

describe('money', () => {
  it('parses decimal USDT into micro-USDT exactly', () => {
    expect(parseUsdt('12.5')).toBe(12_500_000n);
    expect(parseUsdt('0.000001')).toBe(1n);
    expect(parseUsdt('1.0000001')).toBeNull();
    expect(parseUsdt('-1')).toBeNull();
    expect(parseUsdt('1e3')).toBeNull();
  });
  it('formats without trailing zeros and round-trips every amount', () => {
    expect(formatUsdt(12_500_000n)).toBe('12.5');
    expect(formatUsdt(0n)).toBe('0');
    expect(formatUsdt(-1n)).toBe('-0.000001');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (micro) => {
        expect(parseUsdt(formatUsdt(micro))).toBe(micro);
      }),
    );
  });
  it('converts JSON numbers without float drift', () => {
    expect(usdtNumberToMicro(0.1 + 0.2)).toBe(300_000n);
    expect(usdtNumberToMicro(12.345678)).toBe(12_345_678n);
    expect(usdtNumberToMicro(Number.NaN)).toBeNull();
    expect(microToNumber(12_345_678n)).toBe(12.345678);
  });
  it('shows dollars with two decimals', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-3.456)).toBe('-$3.46');
  });
});

describe('formatUsdtAmount (issue 25: USDT one way everywhere)', () => {
  it('writes 2 decimals with a comma, no-break spaces between thousands and before the unit', () => {
    expect(formatUsdtAmount(12.97)).toBe('12,97\u00a0USDT');
    expect(formatUsdtAmount(1234.5)).toBe('1\u00a0234,50\u00a0USDT');
    expect(formatUsdtAmount(1234567.891)).toBe('1\u00a0234\u00a0567,89\u00a0USDT');
    expect(formatUsdtAmount(-0.5)).toBe('-0,50\u00a0USDT');
    expect(formatUsdtAmount(0)).not.toContain('$');
  });
});

describe('parseRubles (the one decimal-ruble parser)', () => {
  it('takes up to two decimals, a comma only when asked, and bounds the whole rubles', () => {
    expect(parseRubles('1500', { maxWholeDigits: 9 })).toBe(150_000n);
    expect(parseRubles('1500.5', { maxWholeDigits: 9 })).toBe(150_050n);
    expect(parseRubles('0.07', { maxWholeDigits: 9 })).toBe(7n);
    expect(parseRubles('1500,5', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles('1500,5', { maxWholeDigits: 9, comma: true })).toBe(150_050n);
    expect(parseRubles('1.005', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles('1234567890', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles('-1', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles('1e3', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles(' 1', { maxWholeDigits: 9 })).toBeNull();
    expect(parseRubles('1.', { maxWholeDigits: 9 })).toBeNull();
  });

  it('asks for exactly two decimals when told', () => {
    expect(parseRubles('1500.00', { maxWholeDigits: 9, exactDecimals: true })).toBe(150_000n);
    expect(parseRubles('1500.5', { maxWholeDigits: 9, exactDecimals: true })).toBeNull();
    expect(parseRubles('1500', { maxWholeDigits: 9, exactDecimals: true })).toBeNull();
  });

  it('round-trips with kopecksToRubleString', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 11n - 1n }), (kopecks) => {
        expect(parseRubles(kopecksToRubleString(kopecks), { maxWholeDigits: 9, exactDecimals: true })).toBe(
          kopecks,
        );
      }),
    );
  });
});
