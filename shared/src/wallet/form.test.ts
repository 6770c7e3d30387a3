import { describe, expect, it } from 'vitest';
import { parseWithdrawAmount, usdtText, withdrawCost, withdrawFormSchema } from './form.ts';
import { WALLET_MESSAGES } from './messages.ts';

const ADDRESS = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

function messages(values: { amount: string; address: string }, limits = { fee: 1, minimum: 10 }) {
  const result = withdrawFormSchema(limits).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('withdraw form', () => {
  it('accepts a decimal comma: "12,5" is 12.5', () => {
    expect(withdrawFormSchema().parse({ amount: '12,5', address: ADDRESS })).toEqual({
      amount: 12.5,
      address: ADDRESS,
    });
    expect(parseWithdrawAmount('0,000001')).toBe(1n);
    expect(parseWithdrawAmount('12.')).toBe(12_000_000n);
    expect(parseWithdrawAmount(',5')).toBe(500_000n);
  });

  it("says 'Please fill in all fields' for an empty amount or address", () => {
    expect(messages({ amount: '', address: ADDRESS })).toEqual([WALLET_MESSAGES.fillAllFields]);
    expect(messages({ amount: '15', address: '  ' })).toEqual([WALLET_MESSAGES.fillAllFields]);
  });

  it('refuses more than 6 decimals, zero, and less than the minimum when it is known', () => {
    expect(messages({ amount: '12,1234567', address: ADDRESS })).toEqual([WALLET_MESSAGES.amountPrecision]);
    expect(messages({ amount: '0,0', address: ADDRESS })).toEqual([WALLET_MESSAGES.amountPositive]);
    expect(messages({ amount: '9,99', address: ADDRESS })).toEqual(['Минимальная сумма вывода — 10 USDT']);
    expect(withdrawFormSchema(null).safeParse({ amount: '1', address: ADDRESS }).success).toBe(true);
  });

  it('computes what arrives and what leaves the balance without float drift', () => {
    expect(withdrawCost('100,1', { fee: 1.2, minimum: 10 })).toEqual({
      arrives: '100.1',
      fee: '1.2',
      total: '101.3',
    });
    expect(withdrawCost('', { fee: 1, minimum: 10 })).toBeNull();
    expect(withdrawCost('1,1234567', { fee: 1, minimum: 10 })).toBeNull();
    expect(usdtText(0.1)).toBe('0,1\u00a0USDT');
  });
});
