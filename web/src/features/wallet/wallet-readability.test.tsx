import {
  API,
  WALLET_TEXT,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
  WITHDRAWALS_TEXT,
} from '@app/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { failsOnce, type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { WalletModal, type WalletTab } from './wallet-modal.tsx';

const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const TXID = 'a3f1c0de9b8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a';

function Harness({ tab, isLead = true }: { tab: WalletTab; isLead?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Providers>
      <output data-testid="modal-state">{open ? 'open' : 'closed'}</output>
      <WalletModal open={open} onOpenChange={setOpen} initialTab={tab} isLead={isLead} whiteList={[]} />
    </Providers>
  );
}

function setup(handlers: Handlers, tab: WalletTab, isLead = true) {
  const api = mockApi({ [`POST ${API.wallet.deposit}`]: { body: { status: 'scanning' } }, ...handlers });
  const user = userEvent.setup();
  render(<Harness tab={tab} isLead={isLead} />);
  return { ...api, user };
}

const withAddress: Handlers = { [`GET ${API.wallet.address}`]: { body: { address: ADDRESS } } };

function withdrawal(id: string, status: (typeof WITHDRAWAL_STATUSES)[number], txid: string | null = null) {
  return {
    id,
    amount: 12.5,
    fee: 1,
    address: OTHER,
    status,
    txid,
    created_at: '2026-11-20T09:25:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Wallet Management: a wallet people can read', () => {
  it('locks the withdraw form after a successful withdrawal until the modal closes', async () => {
    const { user } = setup(
      {
        ...withAddress,
        [`GET ${API.wallet.withdrawLimits}`]: { body: { fee: 1, minimum: 10 } },
        [`POST ${API.wallet.withdrawRequest}`]: {
          body: { message: 'Код для подтверждения вывода отправлен на почту' },
        },
        [`POST ${API.wallet.withdrawVerify}`]: {
          body: {
            message: 'Заявка на вывод отправлена',
            withdrawal: { id: 'w1', status: 'held', amount: 12.5, fee: 1, address: OTHER },
          },
        },
      },
      'withdraw',
    );
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '12,5');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Confirm Withdrawal' });
    await user.click(within(codeDialog).getAllByRole('textbox')[0]!);
    await user.paste('654321');
    await user.click(within(codeDialog).getByRole('button', { name: WALLET_TEXT.verifyOtp }));

    expect(await screen.findByText(WITHDRAWALS_TEXT.sentLocked)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Wallet Address' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByTestId('modal-state')).toHaveTextContent('open');
  });

  it('tells a lead without an address why Withdraw is disabled', async () => {
    setup({ [`GET ${API.wallet.address}`]: { status: 404, body: { detail: 'нет' } } }, 'withdraw');
    expect(await screen.findByText(WITHDRAWALS_TEXT.noAddressTitle)).toBeInTheDocument();
    expect(screen.getByText(WITHDRAWALS_TEXT.noAddressBody)).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: WALLET_TEXT.withdraw });
    expect(tab).toBeDisabled();
    expect(tab).toHaveAccessibleDescription(WITHDRAWALS_TEXT.noAddressBody);
  });

  it('says nothing about Withdraw to a lead who has an address, nor to a non-lead', async () => {
    setup(withAddress, 'deposit');
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByText(WITHDRAWALS_TEXT.noAddressTitle)).not.toBeInTheDocument();
  });

  it('lists withdrawals with a Russian label for every status and links the txid to Tronscan', async () => {
    const results = WITHDRAWAL_STATUSES.map((status, i) =>
      withdrawal(`w${i}`, status, status === 'broadcast' ? TXID : null),
    );
    const { user, fetch } = setup(
      { ...withAddress, [`GET ${API.wallet.withdrawals}`]: { body: { results, count: results.length } } },
      'deposit',
    );
    await user.click(await screen.findByRole('tab', { name: WITHDRAWALS_TEXT.historyTab }));
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(WITHDRAWAL_STATUSES.length);
    WITHDRAWAL_STATUSES.forEach((status, i) => {
      expect(within(rows[i]!).getByText(WITHDRAWAL_STATUS_LABELS[status])).toBeInTheDocument();
    });
    expect(
      within(rows[WITHDRAWAL_STATUSES.indexOf('broadcast')]!).getByText('Отправлен'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: TXID });
    expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${TXID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(rows[0]!).getByText('12,5 USDT')).toBeInTheDocument();
    const url = fetch.mock.calls
      .map(([input]) => String(input))
      .find((u) => u.includes(API.wallet.withdrawals));
    expect(url).toContain('page=1');
    expect(url).toContain('page_size=10');
  });

  it('shows an empty history, and a load failure with a retry', async () => {
    const { user } = setup(
      {
        ...withAddress,
        [`GET ${API.wallet.withdrawals}`]: failsOnce({ body: { results: [], count: 0 } }),
      },
      'history',
    );
    expect(await screen.findByText(WITHDRAWALS_TEXT.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(WITHDRAWALS_TEXT.empty)).toBeInTheDocument();
  });

  it('gives a non-lead no history tab', async () => {
    setup(withAddress, 'deposit', false);
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: WITHDRAWALS_TEXT.historyTab })).not.toBeInTheDocument();
  });
});
