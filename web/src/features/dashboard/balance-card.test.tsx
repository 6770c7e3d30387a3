import { WITHDRAWALS_TEXT } from '@app/shared';
import type { DashboardProfile } from '@app/shared/wallet/dashboard';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { BalanceCard } from './balance-card.tsx';

const profile = (withdrawing: number): DashboardProfile => ({
  avatar: null,
  username: 'anna',
  rating: 90,
  balance: 100,
  frozen_balance: 10,
  total_profit: 5,
  is_lead: true,
  white_list: [],
  withdrawing,
  withdrawable: 90,
  reserved: 0,
});

function show(withdrawing: number) {
  render(
    <Providers>
      <BalanceCard profile={profile(withdrawing)} error={null} isLead onOpenWallet={() => {}} />
    </Providers>,
  );
}

describe('My Balance: money in flight', () => {
  it('shows what is being withdrawn, so the total never drops without saying why', () => {
    show(21.5);
    const line = screen.getByTestId('balance-withdrawing');
    expect(line).toHaveTextContent(`${WITHDRAWALS_TEXT.withdrawing}:`);
    expect(line).toHaveTextContent('21,50 USDT');
    expect(line).toHaveTextContent(WITHDRAWALS_TEXT.withdrawingHint);
  });

  it('shows nothing while nothing is in flight', () => {
    show(0);
    expect(screen.queryByTestId('balance-withdrawing')).not.toBeInTheDocument();
  });
});
