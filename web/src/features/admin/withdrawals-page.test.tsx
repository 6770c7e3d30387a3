import { ADMIN_MESSAGES, API } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminWithdrawal, signedInAdmin, typeCode } from '../../test/admin-fixtures.ts';
import { called, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { WITHDRAWALS_ADMIN_TEXT as T } from './admin-text.ts';

const LIST = `GET ${API.admin.withdrawals}`;
const ID = 'w1000000-aaaa';
const page = (
  results = [adminWithdrawal(), adminWithdrawal({ id: 'w2', status: 'approved', whitelisted_at: null })],
) => ({
  body: { count: results.length, results },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console withdrawals', () => {
  it('asks for the open ones by default and shows each with Russian status, amounts, whitelist and history', async () => {
    const user = userEvent.setup();
    const api = mockApi(signedInAdmin({ [LIST]: page() }));
    renderAt('/admin/withdrawals');
    const cards = await screen.findAllByTestId('admin-withdrawal');
    expect(
      String(api.fetch.mock.calls.find(([url]) => String(url).includes('/admin/withdrawals/'))?.[0]),
    ).toContain('status=open');
    expect(cards[0]).toHaveTextContent('На проверке');
    expect(cards[0]).toHaveTextContent('150,00 USDT');
    expect(cards[0]).toHaveTextContent('1,00 USDT');
    expect(cards[0]).toHaveTextContent('500,00 USDT');
    expect(cards[0]).toHaveTextContent(/\(\d+ дн\.\)/);
    expect(within(cards[0]!).getByRole('button', { name: T.approve })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('В очереди на отправку');
    expect(cards[1]).toHaveTextContent(T.notWhitelisted);
    expect(within(cards[1]!).queryByRole('button', { name: T.approve })).toBeNull();
    expect(cards[0]).not.toHaveTextContent('held');

    await user.selectOptions(screen.getByRole('combobox', { name: T.status }), 'rejected');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('status=rejected'))).toBe(true),
    );
  });

  it('shows the empty queue, the skeleton and a Russian error', async () => {
    mockApi(signedInAdmin({ [LIST]: page([]) }));
    const first = renderAt('/admin/withdrawals');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    first.unmount();
    mockApi(signedInAdmin({ [LIST]: 'never' }));
    const second = renderAt('/admin/withdrawals');
    expect(await screen.findByTestId('admin-withdrawals-loading')).toBeInTheDocument();
    second.unmount();
    mockApi(signedInAdmin({ [LIST]: { status: 503, body: null } }));
    renderAt('/admin/withdrawals');
    expect(await screen.findByTestId('admin-withdrawals-error', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('approves a held withdrawal with the mailed code', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [LIST]: page(),
        [`POST ${API.admin.approveWithdrawal(ID)}`]: { body: adminWithdrawal({ status: 'approved' }) },
      }),
    );
    renderAt('/admin/withdrawals');
    const [card] = await screen.findAllByTestId('admin-withdrawal');
    await user.click(within(card!).getByRole('button', { name: T.approve }));
    await typeCode(user);
    await waitFor(() =>
      expect(called(api.calls, 'POST', API.admin.approveWithdrawal(ID))[0]?.body).toEqual({ otp: '123456' }),
    );
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'approve_withdrawal' });
    expect(await screen.findByText(T.approved)).toBeInTheDocument();
  });

  it('rejects only with a reason; the server refusal shows in Russian', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [LIST]: page(),
        [`POST ${API.admin.rejectWithdrawal(ID)}`]: {
          status: 409,
          body: { detail: ADMIN_MESSAGES.withdrawalWrongState },
        },
      }),
    );
    renderAt('/admin/withdrawals');
    const [card] = await screen.findAllByTestId('admin-withdrawal');
    await user.click(within(card!).getByRole('button', { name: T.reject }));
    const dialog = await screen.findByRole('dialog', { name: T.rejectTitle });
    await user.click(within(dialog).getByRole('button', { name: T.reject }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.rejectWithdrawal(ID))).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Причина/ }), 'Адрес под санкциями');
    await user.click(within(dialog).getByRole('button', { name: T.reject }));
    expect(await screen.findByText(ADMIN_MESSAGES.withdrawalWrongState)).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.rejectWithdrawal(ID))[0]?.body).toEqual({
      reason: 'Адрес под санкциями',
    });
  });

  it('marks one sent by hand: the txid is checked, then the mark_sent code', async () => {
    const user = userEvent.setup();
    const txid = 'ab'.repeat(32);
    const api = mockApi(
      signedInAdmin({
        [LIST]: page(),
        [`POST ${API.admin.markWithdrawalSent(ID)}`]: {
          body: adminWithdrawal({ status: 'confirmed', txid }),
        },
      }),
    );
    renderAt('/admin/withdrawals');
    const [card] = await screen.findAllByTestId('admin-withdrawal');
    await user.click(within(card!).getByRole('button', { name: T.markSent }));
    const dialog = await screen.findByRole('dialog', { name: T.markSentTitle });
    await user.type(within(dialog).getByRole('textbox', { name: /Txid/ }), 'xyz');
    await user.click(within(dialog).getByRole('button', { name: T.markSent }));
    expect(await within(dialog).findByText('Введите txid: 64 шестнадцатеричных символа')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Txid/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Txid/ }), txid);
    await user.click(within(dialog).getByRole('button', { name: T.markSent }));
    await typeCode(user);
    await waitFor(() =>
      expect(called(api.calls, 'POST', API.admin.markWithdrawalSent(ID))[0]?.body).toEqual({
        txid,
        otp: '123456',
      }),
    );
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'mark_sent' });
  });
});
