import { describe, expect, it } from 'vitest';
import { kopecksToRubleString } from '../money.ts';
import {
  bpsToPercent,
  parseRateKopecks,
  percentToBps,
  rublesToKopecks,
  shareOf,
  splitDeal,
  usdtForKopecks,
} from './money.ts';

describe('deal money', () => {
  it('reads and writes ruble strings with exactly two places', () => {
    expect(rublesToKopecks('1500.00')).toBe(150_000n);
    expect(rublesToKopecks('0.01')).toBe(1n);
    expect(rublesToKopecks('1500')).toBeNull();
    expect(rublesToKopecks('1500.5')).toBeNull();
    expect(rublesToKopecks('-1.00')).toBeNull();
    expect(kopecksToRubleString(150_005n)).toBe('1500.05');
    expect(kopecksToRubleString(7n)).toBe('0.07');
  });

  it('reads a rate with a point or a comma, rounded to the kopeck', () => {
    expect(parseRateKopecks('92.50')).toBe(9250n);
    expect(parseRateKopecks('92,5')).toBe(9250n);
    expect(parseRateKopecks('92.505')).toBe(9251n);
    expect(parseRateKopecks(92.4971)).toBe(9250n);
    expect(parseRateKopecks('0')).toBeNull();
    expect(parseRateKopecks('abc')).toBeNull();
    expect(parseRateKopecks(Number.NaN)).toBeNull();
  });

  it('converts rubles to USDT at the rate, rounded down to 6 decimals', () => {
    // 1500 / 92.50 = 16.216216216… → 16.216216
    expect(usdtForKopecks(150_000n, 9250n)).toBe(16_216_216n);
    expect(usdtForKopecks(100n, 10_000n)).toBe(10_000n);
  });

  it('reads percentages into basis points and back', () => {
    expect(percentToBps('3')).toBe(300);
    expect(percentToBps('2,5')).toBe(250);
    expect(percentToBps('0.75')).toBe(75);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('100.01')).toBeNull();
    expect(percentToBps('1.234')).toBeNull();
    expect(bpsToPercent(250)).toBe('2.5');
    expect(bpsToPercent(300)).toBe('3');
    expect(bpsToPercent(75)).toBe('0.75');
  });

  it('splits a deal so the parts add up and the platform fee is never negative', () => {
    const split = splitDeal(16_216_216n, 300, 200);
    expect(split).toEqual({
      merchantFee: 486_486n,
      merchantShare: 15_729_730n,
      traderReward: 324_324n,
      platformFee: 162_162n,
    });
    expect(split.merchantShare + split.traderReward + split.platformFee).toBe(16_216_216n);
    const capped = splitDeal(1_000_000n, 100, 300);
    expect(capped.traderReward).toBe(10_000n);
    expect(capped.platformFee).toBe(0n);
    expect(shareOf(999n, 9_999)).toBe(998n);
  });
});
