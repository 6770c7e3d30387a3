/**
 * The arithmetic of a deal, in integers only: rubles in kopecks, USDT in micro-USDT, the rate in kopecks per
 * USDT, percentages in basis points (1 % = 100). Every rounding is down (floor), so the service never pays out
 * a fraction it did not receive.
 */

import { parseRubles } from '../money.ts';

const MICRO_PER_USDT = 1_000_000n;
const BPS_PER_WHOLE = 10_000n;

/** "1500.00" (the API's ruble string) → 150000n kopecks; null when it is not 1–9 digits and 2 decimals. */
export function rublesToKopecks(text: string): bigint | null {
  return parseRubles(text, { maxWholeDigits: 9, exactDecimals: true });
}

/**
 * A rate typed by a person or read from a price API ("92.5", "92,50", 92.4971) → kopecks per USDT, rounded
 * to the kopeck; null when it is not a positive decimal.
 */
export function parseRateKopecks(value: string | number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(4) : '') : value;
  const match = /^(\d{1,9})(?:[.,](\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const digits = (match[2] ?? '').padEnd(8, '0');
  // Kopecks plus six more digits, rounded half up to the kopeck.
  const scaled = BigInt(match[1]!) * 100_000_000n + BigInt(digits);
  const kopecks = (scaled + 500_000n) / 1_000_000n;
  return kopecks > 0n ? kopecks : null;
}

/** amount_usdt = amount / rate, rounded down to the micro-USDT. */
export function usdtForKopecks(amountKopecks: bigint, rateKopecks: bigint): bigint {
  return (amountKopecks * MICRO_PER_USDT) / rateKopecks;
}

/** A percentage ("3", "2.5", "0,75") → basis points; null outside 0–100 or with more than 2 decimals. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

/** 250 → "2.5". */
export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A share of an amount, rounded down: shareOf(1_000_000n, 250) = 25_000n. */
export function shareOf(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps)) / BPS_PER_WHOLE;
}

/** How a completed deal's USDT is split: what the merchant gets, the trader's reward and the platform fee. */
export interface DealSplit {
  /** The merchant fee (merchant fee % of amount_usdt, rounded down). */
  merchantFee: bigint;
  merchantShare: bigint;
  traderReward: bigint;
  /** Merchant fee − trader reward: never negative, because the reward is capped at the fee. */
  platformFee: bigint;
}

export function splitDeal(amountUsdt: bigint, merchantFeeBps: number, traderRewardBps: number): DealSplit {
  const merchantFee = shareOf(amountUsdt, merchantFeeBps);
  const reward = shareOf(amountUsdt, traderRewardBps);
  const traderReward = reward < merchantFee ? reward : merchantFee;
  return {
    merchantFee,
    merchantShare: amountUsdt - merchantFee,
    traderReward,
    platformFee: merchantFee - traderReward,
  };
}
