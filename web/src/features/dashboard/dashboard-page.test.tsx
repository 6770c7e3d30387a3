import { API, type DashboardResponse } from '@app/shared';
import { CHART_RANGE_LABELS, type ChartResponse } from '@app/shared/wallet/dashboard';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latinOutsideLiterals } from '../../labels/index.ts';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { authUser, signedIn } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { markFirstVisit } from '../auth/first-visit.ts';
import type { TransactionChartProps } from './transaction-chart.tsx';
import { TRANSACTION_SUMMARY_TEXT } from './transaction-summary-card.tsx';
import { BALANCE_HIDDEN_STORAGE_KEY } from './use-balance-hidden.ts';

// jsdom has no canvas for uPlot: the plot shows what it was given instead (the card's own logic is real).
vi.mock('./transaction-chart.tsx', () => ({
  default: ({ series }: TransactionChartProps) => (
    <div
      data-testid="chart-plot"
      data-range={series.range}
      data-counts={series.counts.join(',')}
      data-ticks={series.ticks.join('|')}
    />
  ),
}));

// The route chunks load once up front, so the first test is not slower than the rest.
beforeAll(() => loadLazyRoutes(), 30_000);

function dashboardBody(overrides: Partial<DashboardResponse['profile']> = {}): DashboardResponse {
  return {
    profile: {
      avatar: null,
      username: null,
      rating: 87.5,
      balance: 1234.5,
      frozen_balance: 200,
      total_profit: 12.345,
      withdrawing: 0,
      withdrawable: 0,
      reserved: 0,
      is_lead: false,
      white_list: [],
      ...overrides,
    },
    transactions: [],
    terminals: [],
  };
}

function setup(isLead: boolean, extra: Handlers = {}) {
  const api = mockApi(
    signedIn(isLead, {
      [`GET ${API.dashboard}`]: { body: dashboardBody({ is_lead: isLead }) },
      [`GET ${API.wallet.address}`]: { body: { address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' } },
      [`POST ${API.wallet.deposit}`]: { body: { status: 'scanning' } },
      ...extra,
    }),
  );
  const user = userEvent.setup();
  renderAt('/');
  return { ...api, user };
}

const card = () => screen.getByRole('region', { name: 'My Balance' });

describe('My Balance card', () => {
  it('shows total, available, frozen and total profit in dollars with 2 decimals, and the rating', async () => {
    setup(false);
    expect(await screen.findByText('1 234,50 USDT')).toBeInTheDocument();
    expect(within(card()).getByTestId('balance-available')).toHaveTextContent('1 034,50 USDT');
    expect(within(card()).getByTestId('balance-frozen')).toHaveTextContent('200,00 USDT');
    expect(within(card()).getByTestId('balance-profit')).toHaveTextContent('12,35 USDT');
    expect(within(card()).getByTestId('balance-rating')).toHaveTextContent('87,5%');
  });

  it('greets a returning user with welcome back, by username', async () => {
    setup(false, { [`GET ${API.dashboard}`]: { body: dashboardBody({ username: 'anna_k' }) } });
    expect(await screen.findByRole('heading', { name: 'Welcome back, anna_k' })).toBeInTheDocument();
  });

  it('greets a first visit (the session began with sign-up) with a plain welcome', async () => {
    markFirstVisit(authUser(false).id);
    setup(false, { [`GET ${API.dashboard}`]: { body: dashboardBody({ username: 'anna_k' }) } });
    expect(await screen.findByRole('heading', { name: 'Welcome, anna_k' })).toBeInTheDocument();
    expect(screen.queryByText(/back/i)).not.toBeInTheDocument();
  });

  it('does not take another user’s sign-up for a first visit', async () => {
    markFirstVisit('someone-else');
    setup(false, { [`GET ${API.dashboard}`]: { body: dashboardBody({ username: 'anna_k' }) } });
    expect(await screen.findByRole('heading', { name: 'Welcome back, anna_k' })).toBeInTheDocument();
  });

  it("falls back to 'User' when the user has no username", async () => {
    mockApi(
      signedIn(false, {
        [`GET ${API.auth.checkUserAuth}`]: { body: { user: { ...authUser(false), username: null } } },
        [`GET ${API.dashboard}`]: { body: dashboardBody() },
      }),
    );
    renderAt('/');
    await screen.findByText('1 234,50 USDT');
    expect(screen.getByRole('heading', { name: 'Welcome back, User' })).toBeInTheDocument();
  });

  it('masks every amount with asterisks when hidden and remembers the choice', async () => {
    const { user } = setup(false);
    await screen.findByText('1 234,50 USDT');
    await user.click(screen.getByRole('button', { name: 'Скрыть баланс' }));
    expect(within(card()).queryByText(/\$/)).not.toBeInTheDocument();
    expect(within(card()).getAllByText('******')).toHaveLength(4);
    expect(within(card()).getByTestId('balance-rating')).toHaveTextContent('87,5%');
    expect(window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY)).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Показать баланс' }));
    expect(within(card()).getByTestId('balance-total')).toHaveTextContent('1 234,50 USDT');
    expect(window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY)).toBe('false');
  });

  it('starts hidden when the choice was remembered', async () => {
    window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, 'true');
    setup(false);
    await waitFor(() => expect(within(card()).getByTestId('balance-total')).toHaveTextContent('******'));
  });

  it("shows 'Error: {message}' when the dashboard cannot be loaded", async () => {
    setup(false, { [`GET ${API.dashboard}`]: { status: 400, body: { detail: 'Сервис недоступен' } } });
    expect(await screen.findByText('Error: Сервис недоступен')).toBeInTheDocument();
  });
});

describe('balance menu', () => {
  it('offers only Deposit to a non-lead and opens Wallet Management on the Deposit tab', async () => {
    const { user, calls } = setup(false);
    await screen.findByText('1 234,50 USDT');
    await user.click(screen.getByRole('button', { name: 'Меню баланса' }));
    // The menu loads on first use.
    expect(await screen.findByRole('menuitem', { name: 'Deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Withdraw' })).not.toBeInTheDocument();
    const dashboardLoads = calls.filter((call) => call.path === API.dashboard).length;
    await user.click(screen.getByRole('menuitem', { name: 'Deposit' }));
    const modal = await screen.findByRole('dialog', { name: 'Wallet Management' });
    expect(within(modal).getByRole('tab', { name: /Deposit/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(modal).queryByRole('tab', { name: /Withdraw/ })).not.toBeInTheDocument();
    // The deposit nudge went out, and the balances were asked for again after it.
    await waitFor(() => expect(calls.filter((call) => call.path === API.wallet.deposit)).toHaveLength(1));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === API.dashboard).length).toBe(dashboardLoads + 1),
    );
  });

  it('offers Withdraw to a lead and opens the modal on the Withdraw tab', async () => {
    const { user } = setup(true);
    await screen.findByText('1 234,50 USDT');
    await user.click(screen.getByRole('button', { name: 'Меню баланса' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Withdraw' }));
    const modal = await screen.findByRole('dialog', { name: 'Wallet Management' });
    await waitFor(() =>
      expect(within(modal).getByRole('tab', { name: /Withdraw/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(modal).getByText('Withdraw USDT')).toBeInTheDocument();
  });

  it('closes the menu on an outside click', async () => {
    setup(true);
    // The open menu makes the page inert to pointers, as a real browser does; the click still lands.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await screen.findByText('1 234,50 USDT');
    await user.click(screen.getByRole('button', { name: 'Меню баланса' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('Terminals card', () => {
  const terminalsRegion = () => screen.getByRole('region', { name: 'Threat by terminals' });

  function withTerminals(terminals: DashboardResponse['terminals']) {
    return { [`GET ${API.dashboard}`]: { body: { ...dashboardBody(), terminals } } };
  }

  it('shows a device card per terminal: Device ID, name and the battery ring', async () => {
    setup(
      false,
      withTerminals([
        { id: 't-1', name: 'Pixel 7', phone_charge: 77 },
        { id: 't-2', name: 'Redmi', phone_charge: 5 },
      ]),
    );
    const cards = await within(
      await screen.findByRole('region', { name: 'Threat by terminals' }),
    ).findAllByTestId('device-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Pixel 7')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Device ID: t-1');
    expect(within(cards[0]!).getByRole('img', { name: 'Заряд 77%' })).toHaveTextContent('77%');
    expect(within(cards[1]!).getByRole('img', { name: 'Заряд 5%' })).toHaveAttribute('data-tone', 'danger');
    expect(within(terminalsRegion()).getByRole('link', { name: 'Все терминалы' })).toHaveAttribute(
      'href',
      '/terminals',
    );
  });

  it('shows the default 12 % while a phone has not reported its charge', async () => {
    setup(false, withTerminals([{ id: 't-1', name: 'Pixel 7', phone_charge: null }]));
    const card = await screen.findByTestId('device-card');
    expect(within(card).getByRole('img', { name: 'Заряд 12%' })).toHaveTextContent('12%');
  });

  it('shows 5 per page', async () => {
    const user = userEvent.setup();
    const terminals = Array.from({ length: 7 }, (_, index) => ({
      id: `t-${index}`,
      name: `Phone ${index}`,
      phone_charge: 50,
    }));
    setup(false, withTerminals(terminals));
    expect(await screen.findAllByTestId('device-card')).toHaveLength(5);
    await user.click(within(terminalsRegion()).getByRole('button', { name: 'Страница 2' }));
    expect(within(terminalsRegion()).getAllByTestId('device-card')).toHaveLength(2);
    expect(within(terminalsRegion()).getByText('Phone 6')).toBeInTheDocument();
  });

  it("says 'No terminals yet' with a link to /terminals", async () => {
    setup(false);
    expect(await screen.findByText('No terminals yet')).toBeInTheDocument();
    expect(within(terminalsRegion()).getByRole('link', { name: 'Перейти к терминалам' })).toHaveAttribute(
      'href',
      '/terminals',
    );
  });
});

describe('Last Transaction card', () => {
  const region = () => screen.getByRole('region', { name: 'Last Transaction' });

  function withTransactions(transactions: DashboardResponse['transactions']) {
    return { [`GET ${API.dashboard}`]: { body: { ...dashboardBody(), transactions } } };
  }

  function transaction(index: number, overrides: Partial<DashboardResponse['transactions'][number]> = {}) {
    return {
      id: `${String(index).padStart(8, '0')}-aaaa-4bbb-8ccc-dddddddddddd`,
      created_at: new Date(2026, 10, 25, 14, index).toISOString(),
      amount: 10 + index,
      profit: 0.2,
      bank: 'Сбербанк',
      status: 'pending',
      ...overrides,
    };
  }

  afterEach(() => setViewportWidth(1024));

  it('shows ID, Date, Amount, Profit, Bank and Progress (the status label) in USDT', async () => {
    setup(
      false,
      withTransactions([
        transaction(5, { amount: 1234.5, profit: 12.345, status: 'COMPLETE' }),
        transaction(6, { bank: null }),
      ]),
    );
    const rows = await within(
      await screen.findByRole('region', { name: 'Last Transaction' }),
    ).findAllByTestId('last-transaction');
    expect(rows).toHaveLength(2);
    for (const name of ['ID', 'Date', 'Amount', 'Profit', 'Bank', 'Progress']) {
      expect(within(region()).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const first = within(rows[0]!);
    expect(first.getByTitle(transaction(5).id)).toHaveTextContent('00000005…');
    expect(first.getByText('25.11.2026 14:05')).toBeInTheDocument();
    expect(first.getByText('1 234,50 USDT')).toBeInTheDocument();
    expect(first.getByText('12,35 USDT')).toBeInTheDocument();
    expect(first.getByText('Сбербанк')).toBeInTheDocument();
    expect(first.getByText('Завершена')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument();
    expect(within(region()).getByRole('link', { name: 'Все сделки' })).toHaveAttribute('href', '/deal');
    // One language per card: Russian, with only the spec's English titles, columns and buttons.
    for (const name of ['Last Transaction', 'My Balance', 'Transaction Summary', 'Threat by terminals']) {
      expect(latinOutsideLiterals(screen.getByRole('region', { name }))).toEqual([]);
    }
  });

  it('shows 5 per page', async () => {
    const user = userEvent.setup();
    setup(false, withTransactions(Array.from({ length: 7 }, (_, index) => transaction(index))));
    const list = await within(
      await screen.findByRole('region', { name: 'Last Transaction' }),
    ).findAllByTestId('last-transaction');
    expect(list).toHaveLength(5);
    await user.click(within(region()).getByRole('button', { name: 'Страница 2' }));
    const second = within(region()).getAllByTestId('last-transaction');
    expect(second).toHaveLength(2);
    expect(second[1]).toHaveTextContent('16,00 USDT');
  });

  it('stacks the rows on a narrow screen', async () => {
    setViewportWidth(375);
    setup(false, withTransactions([transaction(1)]));
    const list = await within(await screen.findByRole('region', { name: 'Last Transaction' })).findByTestId(
      'last-transactions',
    );
    expect(list).toHaveAttribute('data-layout', 'stacked');
    expect(within(region()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages the 50 deals of the answer 5 at a time', async () => {
    const user = userEvent.setup();
    const transactions = Array.from({ length: 50 }, (_, index) =>
      transaction(index, { amount: 100 + index, profit: 1, bank: 'Т-Банк', status: 'complete' }),
    );
    setup(false, withTransactions(transactions));
    const region = await screen.findByRole('region', { name: 'Last Transaction' });
    expect(await within(region).findAllByTestId('last-transaction')).toHaveLength(5);
    await user.click(within(region).getByRole('button', { name: 'Страница 10' }));
    const last = within(region).getAllByTestId('last-transaction');
    expect(last).toHaveLength(5);
    expect(last[4]).toHaveTextContent('149,00 USDT');
    expect(within(region).queryByRole('button', { name: 'Страница 11' })).not.toBeInTheDocument();
  });

  it("says 'No transactions yet' when there are none", async () => {
    setup(false);
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(within(region()).queryByTestId('last-transaction')).not.toBeInTheDocument();
  });
});

describe('Rating card placement', () => {
  afterEach(() => setViewportWidth(1024));

  const sideColumn = () => screen.queryByTestId('dashboard-side-column');

  it('sits beside the banners above 900 px and shows profile.rating', async () => {
    setViewportWidth(1280);
    setup(false);
    const card = await screen.findByTestId('rating-card');
    expect(sideColumn()).toContainElement(card);
    await waitFor(() =>
      expect(within(card).getByRole('meter', { name: 'Rating' })).toHaveAttribute('aria-valuenow', '87.5'),
    );
    expect(within(card).getByRole('meter')).toHaveAttribute('data-tone', 'green');
  });

  it('moves into the single column at 900 px and back when the window widens', async () => {
    setViewportWidth(900);
    setup(false);
    const card = await screen.findByTestId('rating-card');
    expect(sideColumn()).not.toBeInTheDocument();
    expect(screen.getAllByTestId('rating-card')).toHaveLength(1);
    // In the column: after the banners, before My Balance.
    const banners = screen.getByTestId('banner-carousel');
    const balance = await screen.findByRole('region', { name: 'My Balance' });
    expect(banners.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(balance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    setViewportWidth(901);
    await waitFor(() => expect(sideColumn()).toContainElement(screen.getByTestId('rating-card')));
  });

  it('shows the gauge as a skeleton, without a number, while the dashboard loads', async () => {
    setup(false, { [`GET ${API.dashboard}`]: 'never' });
    const gauge = await screen.findByTestId('rating-gauge');
    expect(gauge).toHaveAttribute('data-loading', 'true');
    expect(screen.queryByRole('meter', { name: 'Rating' })).toBeNull();
    // The banners need no data: they are there before the answer.
    expect(screen.getAllByTestId('banner')).toHaveLength(4);
  });
});

describe('Transaction Summary chart', () => {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function chartBody(range: ChartResponse['time_range'], counts: number[]): ChartResponse {
    return {
      time_range: range,
      data: counts.map((count, index) => ({
        period: new Date(Date.UTC(2026, 10, 25, index)).toISOString(),
        count,
      })),
    };
  }

  /** The full URLs the page asked for the chart, with their query strings. */
  function chartUrls(fetch: ReturnType<typeof vi.fn>): URL[] {
    return fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.dashboardChart));
  }

  it('asks for 24h in the browser’s time zone, then for the range the selector picks', async () => {
    const user = userEvent.setup();
    const { fetch } = setup(false, {
      // The mock's handlers see the path only; the range is in the query string of the latest request.
      [`GET ${API.dashboardChart}`]: () => {
        const url = chartUrls(fetch).at(-1)!;
        const range = url.searchParams.get('range') as ChartResponse['time_range'];
        return { body: chartBody(range, range === '24h' ? [1, 2, 3] : [4, 5]) };
      },
    });
    const card = await screen.findByRole('region', { name: TRANSACTION_SUMMARY_TEXT.title });
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['24h Hourly', '30d Daily', '1y Yearly']);
    expect(within(card).getByRole('button', { name: CHART_RANGE_LABELS['24h'] })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const plot = await within(card).findByTestId('chart-plot');
    await waitFor(() => expect(plot).toHaveAttribute('data-counts', '1,2,3'));
    expect(within(card).getByTestId('chart-total')).toHaveTextContent('6');
    const first = chartUrls(fetch)[0]!;
    expect(first.searchParams.get('range')).toBe('24h');
    expect(first.searchParams.get('tz')).toBe(timeZone);

    await user.click(within(card).getByRole('button', { name: '30d Daily' }));
    expect(within(card).getByRole('button', { name: '30d Daily' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '24h Hourly' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(within(card).getByTestId('chart-plot')).toHaveAttribute('data-counts', '4,5'));
    expect(within(card).getByTestId('chart-plot')).toHaveAttribute('data-range', '30d');
    const last = chartUrls(fetch).at(-1)!;
    expect(last.searchParams.get('range')).toBe('30d');
    expect(last.searchParams.get('tz')).toBe(timeZone);
  });

  it('loads the plot only when it comes near the viewport (below the fold on a phone)', async () => {
    let reportVisible: ((visible: boolean) => void) | undefined;
    const observed: Element[] = [];
    class FakeIntersectionObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reportVisible = (visible) => callback([{ isIntersecting: visible }]);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    try {
      setup(false, { [`GET ${API.dashboardChart}`]: { body: chartBody('24h', [1]) } });
      const card = await screen.findByRole('region', { name: TRANSACTION_SUMMARY_TEXT.title });
      expect(await within(card).findByTestId('chart-total')).toHaveTextContent('1');
      expect(observed).toHaveLength(1);
      expect(within(card).queryByTestId('chart-plot')).not.toBeInTheDocument();
      act(() => reportVisible?.(false));
      expect(within(card).queryByTestId('chart-plot')).not.toBeInTheDocument();
      act(() => reportVisible?.(true));
      expect(await within(card).findByTestId('chart-plot')).toHaveAttribute('data-counts', '1');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows an empty chart when the request fails', async () => {
    setup(false, { [`GET ${API.dashboardChart}`]: { status: 400, body: { detail: 'Некорректный период' } } });
    const card = await screen.findByRole('region', { name: TRANSACTION_SUMMARY_TEXT.title });
    expect(await within(card).findByText(TRANSACTION_SUMMARY_TEXT.failed)).toBeInTheDocument();
    expect(within(card).getByTestId('chart-plot')).toHaveAttribute('data-counts', '');
    expect(within(card).queryByTestId('chart-total')).not.toBeInTheDocument();
  });
});
