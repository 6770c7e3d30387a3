import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDollars, formatUsdt, microToNumber, parseUsdt, usdtNumberToMicro } from './money.ts';

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
