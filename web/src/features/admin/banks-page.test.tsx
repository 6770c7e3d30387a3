import { ADMIN_MESSAGES, API } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminBank, adminRate, signedInAdmin, typeCode } from '../../test/admin-fixtures.ts';
import { called, mockApi } from '../../test/fetch-mock.ts';
import { invalidDescriptionListChildren } from '../../test/markup.ts';
import { renderAt } from '../../test/render.tsx';
import { ADMIN_TEXT, BANKS_TEXT as T } from './admin-text.ts';

const BANKS = `GET ${API.admin.banks}`;
const RATE = `GET ${API.admin.rate}`;
const banks = (
  results = [adminBank(), adminBank({ id: 2, name: 'Т-Банк', popular: false, color: null, methods: 0 })],
) => ({
  body: { count: results.length, results },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console banks and rate', () => {
  it('lists banks with method counts and shows the rate card with its history', async () => {
    mockApi(signedInAdmin({ [BANKS]: banks(), [RATE]: { body: adminRate() } }));
    renderAt('/admin/banks');
    const rows = await screen.findAllByTestId('admin-bank');
    expect(rows[0]).toHaveTextContent('Сбербанк');
    expect(rows[0]).toHaveTextContent(T.popular);
    expect(rows[0]).toHaveTextContent(`${T.methods}: 7`);
    const rate = await screen.findByTestId('admin-rate');
    expect(rate).toHaveTextContent('92,50');
    expect(rate).toHaveTextContent('10 мин');
    expect(within(screen.getByTestId('admin-rate-history')).getAllByRole('listitem')).toHaveLength(2);
    expect(invalidDescriptionListChildren(document.body)).toEqual([]);
  });

  it('shows the empty directory, a stale rate and no rate', async () => {
    mockApi(
      signedInAdmin({
        [BANKS]: banks([]),
        [RATE]: { body: adminRate({ age_s: 7200 }) },
      }),
    );
    const first = renderAt('/admin/banks');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(await screen.findByText(T.rateStale)).toBeInTheDocument();
    first.unmount();
    mockApi(signedInAdmin({ [BANKS]: 'never', [RATE]: { body: adminRate({ current: null, history: [] }) } }));
    renderAt('/admin/banks');
    expect(await screen.findByTestId('admin-banks-loading')).toBeInTheDocument();
    expect(await screen.findByText(T.rateNone)).toBeInTheDocument();
  });

  it('adds a bank: the name is required; the server’s field message shows under it', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [BANKS]: banks(),
        [RATE]: { body: adminRate() },
        [`POST ${API.admin.banks}`]: { status: 400, body: { name: [ADMIN_MESSAGES.bankExists] } },
      }),
    );
    renderAt('/admin/banks');
    await user.click(await screen.findByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog', { name: T.add });
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await within(dialog).findByText(T.nameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Название/ }), 'Сбербанк');
    await user.type(within(dialog).getByRole('textbox', { name: /Цвет/ }), 'red');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await within(dialog).findByText('Цвет в формате #RRGGBB')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Цвет/ }));
    await user.click(within(dialog).getByRole('switch', { name: T.popular }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.bankExists)).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.banks)[0]?.body).toEqual({
      name: 'Сбербанк',
      popular: true,
      color: null,
    });
  });

  it('edits a bank with its current values', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [BANKS]: banks(),
        [RATE]: { body: adminRate() },
        [`PATCH ${API.admin.bank(1)}`]: { body: adminBank({ name: 'Сбер' }) },
      }),
    );
    renderAt('/admin/banks');
    const [row] = await screen.findAllByTestId('admin-bank');
    await user.click(within(row!).getByRole('button', { name: T.edit }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    const name = within(dialog).getByRole('textbox', { name: /^Название/ });
    expect(name).toHaveValue('Сбербанк');
    await user.clear(name);
    await user.type(name, 'Сбер');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.save }));
    await waitFor(() =>
      expect(called(api.calls, 'PATCH', API.admin.bank(1))[0]?.body).toEqual({
        name: 'Сбер',
        full_name: 'ПАО Сбербанк',
        popular: true,
        color: '#21A038',
      }),
    );
  });

  it('sets a manual rate typed with a decimal comma, confirmed with a mailed code', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [BANKS]: banks(),
        [RATE]: { body: adminRate() },
        [`PUT ${API.admin.rate}`]: { body: adminRate() },
      }),
    );
    renderAt('/admin/banks');
    const form = await screen.findByTestId('admin-rate-form');
    await user.type(within(form).getByRole('textbox'), '93,1x');
    await user.click(within(form).getByRole('button', { name: T.rateSubmit }));
    expect(await within(form).findByText('Введите курс в рублях, например 92,50')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox'));
    await user.type(within(form).getByRole('textbox'), '93,10');
    await user.click(within(form).getByRole('button', { name: T.rateSubmit }));
    await typeCode(user);
    await waitFor(() =>
      expect(called(api.calls, 'PUT', API.admin.rate)[0]?.body).toEqual({
        rub_per_usdt: '93.10',
        otp: '123456',
      }),
    );
    expect(called(api.calls, 'POST', API.admin.otp)[0]?.body).toEqual({ action: 'set_rate' });
  });
});
