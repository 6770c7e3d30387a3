import { describe, expect, it } from 'vitest';
import { availableBalance, BALANCE_MASK, displayBalance } from './balance.ts';
import { dashboardResponse } from './dashboard.ts';

describe('balance display', () => {
  it('shows USDT with 2 decimals the ru-RU way, or asterisks while hidden', () => {
    expect(displayBalance(1234.5, false)).toBe('1\u00a0234,50\u00a0USDT');
    expect(displayBalance(0, false)).toBe('0,00\u00a0USDT');
    expect(displayBalance(1234.5, true)).toBe(BALANCE_MASK);
    expect(BALANCE_MASK).toMatch(/^\*+$/);
  });

  it('computes available as total minus frozen without float drift', () => {
    expect(availableBalance({ balance: 0.3, frozen_balance: 0.1 })).toBe(0.2);
    expect(availableBalance({ balance: 100.000001, frozen_balance: 0.000001 })).toBe(100);
    expect(availableBalance({ balance: 5, frozen_balance: 5 })).toBe(0);
  });
});

describe('dashboard contract', () => {
  it('accepts the spec shape and refuses a profile without white_list', () => {
    const profile = {
      avatar: null,
      username: null,
      rating: 100,
      balance: 1,
      frozen_balance: 0,
      total_profit: 0,
      withdrawing: 0,
      withdrawable: 0,
      reserved: 0,
      is_lead: false,
      white_list: [],
    };
    expect(dashboardResponse.safeParse({ profile, transactions: [], terminals: [] }).success).toBe(true);
    const { white_list: _omitted, ...withoutList } = profile;
    expect(
      dashboardResponse.safeParse({ profile: withoutList, transactions: [], terminals: [] }).success,
    ).toBe(false);
  });
});
