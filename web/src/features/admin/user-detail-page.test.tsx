import { ADMIN_MESSAGES, API } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUserDetail, signedInAdmin, typeCode } from '../../test/admin-fixtures.ts';
import { called, mockApi } from '../../test/fetch-mock.ts';
import { invalidDescriptionListChildren } from '../../test/markup.ts';
import { renderAt } from '../../test/render.tsx';
import { ADMIN_TEXT, USER_TEXT } from './admin-text.ts';
import { balanceAfter } from './user-actions.tsx';

const ID = 'u-trader-1';
const DETAIL = `GET ${API.admin.user(ID)}`;
const PATCH = `PATCH ${API.admin.user(ID)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console user detail', () => {
  it('shows the account, balances and what the user owns, statuses in Russian', async () => {
    mockApi(signedInAdmin({ [DETAIL]: { body: adminUserDetail() } }));
    renderAt(`/admin/users/${ID}`);
    expect(await screen.findByTestId('admin-user-balances')).toHaveTextContent('250,50 USDT');
    expect(screen.getByTestId('admin-user-account')).toHaveTextContent('87,5');
    expect(screen.getByTestId('admin-user-deals')).toHaveTextContent('Завершена');
    expect(screen.getByTestId('admin-user-deals')).not.toHaveTextContent('complete');
    expect(screen.getByTestId('admin-user-methods')).toHaveTextContent('Сбербанк');
    expect(screen.getByTestId('admin-user-disputes')).toHaveTextContent(USER_TEXT.nothing);
    expect(screen.getByTestId('admin-user-rating')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-user-api-keys')).toBeNull();
    expect(invalidDescriptionListChildren(document.body)).toEqual([]);
  });

  it('says when the user does not exist, and shows loading and errors', async () => {
    mockApi(signedInAdmin({ [DETAIL]: { status: 404, body: { detail: ADMIN_MESSAGES.userNotFound } } }));
    const first = renderAt(`/admin/users/${ID}`);
    expect(await screen.findByRole('heading', { name: USER_TEXT.notFound })).toBeInTheDocument();
    first.unmount();

    mockApi(signedInAdmin({ [DETAIL]: 'never' }));
    const second = renderAt(`/admin/users/${ID}`);
    expect(await screen.findByTestId('admin-user-loading')).toBeInTheDocument();
    second.unmount();

    mockApi(signedInAdmin({ [DETAIL]: { status: 500, body: { detail: 'boom' } } }));
    renderAt(`/admin/users/${ID}`);
    expect(await screen.findByTestId('admin-user-error', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('toggles the lead flag without a code', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [DETAIL]: { body: adminUserDetail() },
        [PATCH]: { body: adminUserDetail({ is_lead: true }) },
      }),
    );
    renderAt(`/admin/users/${ID}`);
    await user.click(await screen.findByRole('switch', { name: USER_TEXT.leadFlag }));
    await waitFor(() =>
      expect(called(api.calls, 'PATCH', API.admin.user(ID))[0]?.body).toEqual({ is_lead: true }),
    );
    expect(called(api.calls, 'POST', API.admin.otp)).toHaveLength(0);
  });

  it('changes the reward: the percent is checked, a decimal comma is sent as a dot with the code', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [DETAIL]: { body: adminUserDetail() },
        [PATCH]: { body: adminUserDetail({ reward_pct: '3.25' }) },
      }),
    );
    renderAt(`/admin/users/${ID}`);
    const form = await screen.findByTestId('admin-term-reward_pct');
    expect(form).toHaveTextContent(USER_TEXT.current('2,5'));
    const input = within(form).getByRole('textbox');
    await user.clear(input);
    await user.type(input, '101');
    await user.click(within(form).getByRole('button', { name: ADMIN_TEXT.save }));
    expect(
      await within(form).findByText('Введите процент от 0 до 100, не больше двух знаков после запятой'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '3,25');
    await user.click(within(form).getByRole('button', { name: ADMIN_TEXT.save }));
    await typeCode(user);
    await waitFor(() =>
      expect(called(api.calls, 'PATCH', API.admin.user(ID))[0]?.body).toEqual({
        reward_pct: '3.25',
        otp: '123456',
      }),
    );
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'change_terms' });
  });

  it('adjusts the balance: reason required, the resulting balance shown, the code asked', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [DETAIL]: { body: adminUserDetail() },
        [`POST ${API.admin.userBalance(ID)}`]: { body: adminUserDetail() },
      }),
    );
    renderAt(`/admin/users/${ID}`);
    const card = await screen.findByTestId('admin-user-balance');
    await user.type(within(card).getByRole('textbox', { name: /Сумма/ }), '-50,5');
    expect(within(card).getByTestId('admin-balance-after')).toHaveTextContent('200,00 USDT');
    await user.click(within(card).getByRole('button', { name: USER_TEXT.balanceSubmit }));
    expect(await within(card).findByText(ADMIN_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: /Причина/ }), 'Возврат ошибочного зачисления');
    await user.click(within(card).getByRole('button', { name: USER_TEXT.balanceSubmit }));
    await typeCode(user);
    await waitFor(() =>
      expect(called(api.calls, 'POST', API.admin.userBalance(ID))[0]?.body).toEqual({
        amount: '-50.5',
        reason: 'Возврат ошибочного зачисления',
        otp: '123456',
      }),
    );
  });

  it('blocks with a reason and the block_user code; the server refusal shows in Russian', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [DETAIL]: { body: adminUserDetail() },
        [PATCH]: { status: 400, body: { detail: ADMIN_MESSAGES.cannotBlockSelf } },
      }),
    );
    renderAt(`/admin/users/${ID}`);
    const card = await screen.findByTestId('admin-user-block');
    await user.type(within(card).getByRole('textbox', { name: /Причина/ }), 'Мошенничество');
    await user.click(within(card).getByRole('button', { name: USER_TEXT.block }));
    await typeCode(user);
    expect(await screen.findByText(ADMIN_MESSAGES.cannotBlockSelf)).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'block_user' });
    expect(called(api.calls, 'PATCH', API.admin.user(ID))[0]?.body).toEqual({
      blocked: true,
      reason: 'Мошенничество',
      otp: '123456',
    });
  });

  it("lists a merchant's API keys and revokes one after confirming", async () => {
    const user = userEvent.setup();
    const key = {
      id: 'k1',
      name: 'Магазин',
      prefix: 'pk_live_ab',
      created_at: '2026-11-01T10:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    };
    const api = mockApi(
      signedInAdmin({
        [DETAIL]: { body: adminUserDetail({ role: 'merchant', fee_pct: '3', reward_pct: null }) },
        [`GET ${API.admin.userApiKeys(ID)}`]: { body: { results: [key] } },
        [`POST ${API.admin.revokeApiKey(ID, 'k1')}`]: {
          body: { ...key, revoked_at: '2026-11-27T10:00:00.000Z' },
        },
      }),
    );
    renderAt(`/admin/users/${ID}`);
    const card = await screen.findByTestId('admin-user-api-keys');
    await user.click(await within(card).findByRole('button', { name: USER_TEXT.revoke }));
    const dialog = await screen.findByRole('dialog', { name: USER_TEXT.revokeTitle });
    await user.click(within(dialog).getByRole('button', { name: USER_TEXT.revoke }));
    await waitFor(() => expect(called(api.calls, 'POST', API.admin.revokeApiKey(ID, 'k1'))).toHaveLength(1));
    expect(screen.queryByTestId('admin-user-rating')).toBeNull();
    expect(screen.getByTestId('admin-term-fee_pct')).toBeInTheDocument();
  });
});

describe('balanceAfter', () => {
  it('adds a signed amount typed with a comma or a dot, exactly', () => {
    expect(balanceAfter('250.5', '+100')).toBe('350.5');
    expect(balanceAfter('250.5', '-0,000001')).toBe('250.499999');
    expect(balanceAfter('250.5', '')).toBeNull();
    expect(balanceAfter('250.5', 'abc')).toBeNull();
  });
});
