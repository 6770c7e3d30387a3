import { ADMIN_MESSAGES, API, AUTH_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, adminUserDetail, signedInAdmin, typeCode } from '../../test/admin-fixtures.ts';
import { called, mockApi } from '../../test/fetch-mock.ts';
import { latinOutsideLiterals } from '../../test/language.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { USERS_TEXT } from './admin-text.ts';

const USERS = `GET ${API.admin.users}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console users', () => {
  it('lists users with Russian roles and badges, searches and filters on the server', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [USERS]: {
          body: {
            count: 2,
            results: [
              adminUser({ is_lead: true }),
              adminUser({
                id: 'u2',
                email: 'shop@example.com',
                role: 'merchant',
                blocked: true,
                username: null,
              }),
            ],
          },
        },
      }),
    );
    renderAt('/admin/users');
    const list = await screen.findByTestId('admin-users');
    const rows = within(list).getAllByTestId('admin-user-row');
    expect(rows[0]).toHaveTextContent('Трейдер');
    expect(rows[0]).toHaveTextContent('Лид');
    expect(rows[0]).toHaveTextContent('87,5');
    expect(rows[1]).toHaveTextContent('Мерчант');
    expect(rows[1]).toHaveTextContent('Заблокирован');
    expect(within(rows[1]!).getByRole('link', { name: /Открыть/ })).toHaveAttribute(
      'href',
      '/admin/users/u2',
    );
    expect(latinOutsideLiterals(list).filter((word) => word !== 'USDT')).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: USERS_TEXT.search }), 'shop');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('search=shop'))).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: USERS_TEXT.role }), 'merchant');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('role=merchant'))).toBe(true),
    );
  });

  it('shows the empty state, the loading skeleton and a Russian error', async () => {
    mockApi(signedInAdmin({ [USERS]: { body: { count: 0, results: [] } } }));
    const first = renderAt('/admin/users');
    expect(await screen.findByText(USERS_TEXT.empty)).toBeInTheDocument();
    first.unmount();

    mockApi(signedInAdmin({ [USERS]: 'never' }));
    const second = renderAt('/admin/users');
    expect(await screen.findByTestId('admin-users-loading')).toBeInTheDocument();
    second.unmount();

    mockApi(signedInAdmin({ [USERS]: { status: 500, body: { detail: 'Internal Server Error' } } }));
    renderAt('/admin/users');
    const error = await screen.findByTestId('admin-users-error', {}, { timeout: 10_000 });
    expect(error).not.toHaveTextContent('Internal Server Error');
    expect(within(error).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('creates an account: the form checks the email, mails a code, then posts it with the code', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [USERS]: { body: { count: 0, results: [] } },
        [`POST ${API.admin.users}`]: { status: 201, body: adminUserDetail({ id: 'new-1', role: 'support' }) },
        [`GET ${API.admin.user('new-1')}`]: { body: adminUserDetail({ id: 'new-1', role: 'support' }) },
      }),
    );
    const { router } = renderAt('/admin/users');
    await user.click(await screen.findByRole('button', { name: USERS_TEXT.create }));
    const form = await screen.findByRole('dialog', { name: USERS_TEXT.create });
    await user.click(within(form).getByRole('button', { name: USERS_TEXT.next }));
    expect(await within(form).findByText(AUTH_MESSAGES.emailFormat)).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.otp)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Почта/ }), 'new@example.com');
    await user.selectOptions(within(form).getByRole('combobox', { name: USERS_TEXT.role }), 'support');
    await user.click(within(form).getByRole('button', { name: USERS_TEXT.next }));
    await typeCode(user);
    await waitFor(() => expect(currentPath(router)).toBe('/admin/users/new-1'));
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'create_user' });
    expect(called(api.calls, 'POST', API.admin.users)[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'support',
      otp: '123456',
    });
    expect(await screen.findByText(ADMIN_MESSAGES.userCreated)).toBeInTheDocument();
  });

  it('a refused code keeps the modal open with the server message', async () => {
    const user = userEvent.setup();
    mockApi(
      signedInAdmin({
        [USERS]: { body: { count: 0, results: [] } },
        [`POST ${API.admin.users}`]: { status: 400, body: { otp: [ADMIN_MESSAGES.otpInvalid] } },
      }),
    );
    renderAt('/admin/users');
    await user.click(await screen.findByRole('button', { name: USERS_TEXT.create }));
    const form = await screen.findByRole('dialog', { name: USERS_TEXT.create });
    await user.type(within(form).getByRole('textbox', { name: /Почта/ }), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: USERS_TEXT.next }));
    await typeCode(user, '000000');
    expect(await screen.findByText(ADMIN_MESSAGES.otpInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Подтверждение/ })).toBeInTheDocument();
  });
});
