import { API } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { latinOutsideLiterals } from '../../test/language.ts';
import { invalidDescriptionListChildren } from '../../test/markup.ts';
import { renderAt } from '../../test/render.tsx';
import { merchantHome, signedInAs } from '../../test/role-fixtures.ts';
import { MERCHANT_HOME_TEXT } from './merchant-home-page.tsx';

const HOME = `GET ${API.merchantSettings.home}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('merchant home (/ for a merchant)', () => {
  it("shows today's orders, conversion, confirmation time, the balance as net credit and open orders apart", async () => {
    const api = mockApi(signedInAs('merchant', { [HOME]: { body: merchantHome() } }));
    renderAt('/');
    const home = await screen.findByTestId('merchant-home');
    expect(screen.getByRole('heading', { level: 1, name: MERCHANT_HOME_TEXT.title })).toBeInTheDocument();
    expect(within(home).getByText('3 500,50 ₽')).toBeInTheDocument();
    expect(within(home).getByText('33,95 USDT')).toBeInTheDocument();
    expect(within(home).getByText('40%')).toBeInTheDocument();
    expect(within(home).getByText('43%')).toBeInTheDocument();
    expect(within(home).getByText('28 мин 20 с')).toBeInTheDocument();
    expect(within(home).getByText('1 250,50 USDT')).toBeInTheDocument();
    // Pending money is its own line, labelled as not credited.
    const open = screen.getByTestId('merchant-home-open-orders');
    expect(open).toHaveTextContent(MERCHANT_HOME_TEXT.openOrders);
    expect(open).toHaveTextContent('3 заказа · 900,00 ₽');
    // Statuses in Russian, never the raw value.
    const orders = screen.getByTestId('merchant-home-orders');
    expect(within(orders).getByText('Ожидает оплаты')).toBeInTheDocument();
    expect(within(orders).getByText('Завершена')).toBeInTheDocument();
    expect(orders).not.toHaveTextContent(/pending|complete/);
    expect(screen.getByTestId('merchant-home-failures')).toHaveTextContent('502 ·');
    expect(screen.getByRole('link', { name: /Журнал доставки/ })).toHaveAttribute('href', '/settings#api');
    // Never the trader's dashboard: no rating gauge, terminals or the dashboard call.
    expect(screen.queryByText('Rating')).not.toBeInTheDocument();
    expect(screen.queryByText(/Threat by terminals|вы получаете сделки/i)).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === API.dashboard)).toBe(false);
    expect(api.calls.some((call) => call.path === API.terminals.list)).toBe(false);
    // One language: Russian, with USDT written as the currency code it is.
    expect(latinOutsideLiterals(home).filter((word) => word !== 'USDT')).toEqual([]);
    expect(invalidDescriptionListChildren(document.body)).toEqual([]);
  });

  it('shows skeletons while loading and a Russian error with a retry when the call fails', async () => {
    mockApi(signedInAs('merchant', { [HOME]: 'never' }));
    const first = renderAt('/');
    expect(await screen.findByTestId('merchant-home-loading')).toBeInTheDocument();
    first.unmount();

    mockApi(signedInAs('merchant', { [HOME]: { status: 500, body: { detail: 'Internal Server Error' } } }));
    renderAt('/');
    expect(
      await screen.findByText(MERCHANT_HOME_TEXT.loadFailed, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    mockApi(
      signedInAs('merchant', {
        [HOME]: {
          body: merchantHome({
            avg_confirmation_seconds: null,
            last_orders: [],
            webhooks: { pending: 0, failed_24h: 0, last_failures: [] },
          }),
        },
      }),
    );
    renderAt('/');
    expect(await screen.findByText(MERCHANT_HOME_TEXT.noOrders)).toBeInTheDocument();
    expect(screen.getByText(MERCHANT_HOME_TEXT.noFailures)).toBeInTheDocument();
    expect(screen.getByText(MERCHANT_HOME_TEXT.noConfirmations)).toBeInTheDocument();
  });
});
