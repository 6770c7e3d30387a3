import {
  API,
  DEAL_MESSAGES,
  DEALS_TEXT,
  type DealStatus,
  type Transaction,
  type TransactionDetail,
} from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latinOutsideLiterals } from '../../labels/index.ts';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { authUser } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { DATE_RANGE_TEXT, notify } from '../../ui/index.ts';
import type { AuthUser } from '../auth/api.ts';
import { AuthUserContext } from '../auth/auth-user-context.tsx';
import { DEAL_PAGE_TEXT } from './deal-parts.tsx';
import { DealsPage } from './deals-page.tsx';

let counter = 0;

function deal(overrides: Partial<Transaction> = {}): Transaction {
  counter += 1;
  const hex = counter.toString(16).padStart(8, '0');
  return {
    id: `${hex}-1111-4222-8333-444455556666`,
    created_at: new Date(2026, 10, 25, 14, 5).toISOString(),
    updated_at: new Date(2026, 10, 25, 14, 5).toISOString(),
    status: 'pending',
    amount: 16.216216,
    currency: 'USDT',
    profit: 0.324,
    order_type: 'sbp',
    description: '',
    payment_details: {
      bank: { id: 1, name: 'Сбербанк' },
      card: null,
      phone_number: '+79991234567',
      owner_name: 'Иван Петров',
      amount: '1500.00',
      currency: { code: 'RUB', symbol: '₽' },
    },
    ...overrides,
  };
}

function detailOf(item: Transaction, overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    ...item,
    amount_usdt: '16.216216',
    rate: '92.50',
    expires_at: new Date(2026, 10, 25, 14, 20).toISOString(),
    paid_at: null,
    timeline: [
      { from: null, to: 'pending', by: null, at: new Date(2026, 10, 25, 14, 5).toISOString() },
      { from: 'pending', to: 'verification', by: 'payer', at: new Date(2026, 10, 25, 14, 9).toISOString() },
    ],
    notification: {
      id: 'n1',
      received_at: new Date(2026, 10, 25, 14, 10).toISOString(),
      sender: '900',
      text: 'Перевод от И. Плательщика 1500р',
      amount: '1500.00',
    },
    receipt: {
      url: 'https://files.example/receipt.pdf',
      sha256: 'ab'.repeat(32),
      content_type: 'application/pdf',
      uploaded_at: new Date(2026, 10, 25, 14, 8).toISOString(),
    },
    ...overrides,
  };
}

const listOf = (results: Transaction[], total = results.length) => ({
  body: { count: results.length, total_items: total, results },
});

function renderPage(
  list: Handlers[string],
  extra: Handlers = {},
  user: AuthUser = authUser(false) as AuthUser,
) {
  const api = mockApi({ [`GET ${API.transactions.list}`]: list, ...extra });
  const view = renderAt('/deal', [
    {
      path: '/deal',
      element: (
        <AuthUserContext.Provider value={user}>
          <DealsPage />
        </AuthUserContext.Provider>
      ),
    },
  ]);
  const listUrls = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.transactions.list));
  return { ...api, ...view, listUrls };
}

const merchant = (): AuthUser => ({ ...(authUser(false) as AuthUser), role: 'merchant' });

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

describe('DealsPage', () => {
  it('shows the deals as table rows: short id, date, USDT, the status label, in one language', async () => {
    const first = deal({ amount: 1234.5, profit: 12.345, status: 'complete' });
    renderPage(listOf([first, deal({ status: 'verification' })]));
    expect(screen.getByRole('heading', { name: DEALS_TEXT.title })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('deal-row');
    expect(rows).toHaveLength(2);
    const table = screen.getByTestId('deals-list');
    expect(table).toHaveAttribute('data-layout', 'table');
    for (const name of Object.values(DEALS_TEXT.columns)) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    const row = within(rows[0]!);
    expect(row.getByTestId('deal-id')).toHaveTextContent(`${first.id.slice(0, 8)}…`);
    expect(row.getByTestId('deal-id')).toHaveAttribute('title', first.id);
    expect(row.getByText('25.11.2026 14:05')).toBeInTheDocument();
    expect(row.getByText('1 234,50 USDT')).toBeInTheDocument();
    expect(row.getByText('12,35 USDT')).toBeInTheDocument();
    expect(row.getByText('Завершена')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('На проверке')).toBeInTheDocument();
    expect(latinOutsideLiterals(table)).toEqual([]);
  });

  it('asks for page 1 of 20, newest first, and pages through count', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 20 }, () => deal());
    const { listUrls } = renderPage({ body: { count: 45, total_items: 45, results } });
    expect(await screen.findAllByTestId('deal-row')).toHaveLength(20);
    const first = listUrls()[0]!.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      page: '1',
      page_size: '20',
      sort: 'created_at',
      order: 'desc',
    });
    expect(screen.queryByRole('button', { name: 'Страница 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Страница 3' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('3'));
  });

  it('sorts by a column on click and toggles its direction on the next click', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage(listOf([deal()]));
    await screen.findAllByTestId('deal-row');
    const sortParams = () => {
      const params = listUrls().at(-1)!.searchParams;
      return [params.get('sort'), params.get('order')];
    };
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.columns.amount }));
    await waitFor(() => expect(sortParams()).toEqual(['amount', 'desc']));
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.columns.amount }));
    await waitFor(() => expect(sortParams()).toEqual(['amount', 'asc']));
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.columns.profit }));
    await waitFor(() => expect(sortParams()).toEqual(['profit', 'desc']));
    const dateHeader = screen.getByRole('columnheader', { name: new RegExp(DEALS_TEXT.columns.date) });
    // Back to the date starts descending again (that page is still cached, so it shows without a request).
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.columns.date }));
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.columns.date }));
    await waitFor(() => expect(sortParams()).toEqual(['created_at', 'asc']));
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sends the chosen statuses as a comma list and offers exactly the deals-page statuses', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage(listOf([deal()]));
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: DEAL_PAGE_TEXT.statusFilter }));
    const panel = screen.getByRole('dialog', { name: DEAL_PAGE_TEXT.statusFilter });
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([DEAL_PAGE_TEXT.allStatuses, 'Ожидает оплаты', 'Завершена', 'Спор', 'Отменена', 'На проверке']);
    await user.click(within(panel).getByLabelText('Ожидает оплаты'));
    await user.click(within(panel).getByLabelText('На проверке'));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('status')).toBe('pending,verification'));
  });

  it('sends a date range and refuses a start after the end', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage(listOf([deal()]));
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: /Период/ }));
    fireEvent.change(screen.getByLabelText(DATE_RANGE_TEXT.start), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(DATE_RANGE_TEXT.end), { target: { value: '2026-11-10' } });
    await user.click(screen.getByRole('button', { name: DATE_RANGE_TEXT.apply }));
    expect(screen.getByRole('alert')).toHaveTextContent(DEAL_MESSAGES.invalidDateRange);
    expect(listUrls().every((url) => !url.searchParams.has('start_date'))).toBe(true);
    fireEvent.change(screen.getByLabelText(DATE_RANGE_TEXT.end), { target: { value: '2026-11-25' } });
    await user.click(screen.getByRole('button', { name: DATE_RANGE_TEXT.apply }));
    await waitFor(() => {
      const params = listUrls().at(-1)!.searchParams;
      expect([params.get('start_date'), params.get('end_date')]).toEqual(['2026-11-20', '2026-11-25']);
    });
  });

  it('shows cards instead of the table at 950 px or less', async () => {
    setViewportWidth(950);
    renderPage(listOf([deal(), deal()]));
    expect(await screen.findAllByTestId('deal-card')).toHaveLength(2);
    expect(screen.getByTestId('deals-list')).toHaveAttribute('data-layout', 'cards');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    setViewportWidth(951);
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('tells "no deals yet" from "nothing found" by total_items', async () => {
    renderPage(listOf([], 0));
    expect(await screen.findByText(DEALS_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByText(DEALS_TEXT.emptyFiltered)).not.toBeInTheDocument();
  });

  it('says nothing was found when the user has deals but none match', async () => {
    renderPage(listOf([], 7));
    expect(await screen.findByText(DEALS_TEXT.emptyFiltered)).toBeInTheDocument();
    expect(screen.queryByText(DEALS_TEXT.empty)).not.toBeInTheDocument();
  });

  it("shows and toasts 'Ошибка загрузки данных' on a load failure, and retries", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(() => (fail ? { status: 400, body: { detail: 'bad' } } : listOf([deal()])));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(DEAL_MESSAGES.loadFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(DEAL_MESSAGES.loadFailed)).toHaveLength(2));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findAllByTestId('deal-row')).toHaveLength(1);
  });

  it('confirms receipt after a step that restates the deal, then toasts and reloads', async () => {
    const user = userEvent.setup();
    const item = deal({ status: 'verification' });
    let status: DealStatus = 'verification';
    const { calls, listUrls } = renderPage(() => listOf([{ ...item, status }]), {
      [`POST ${API.transactions.verify}`]: () => {
        status = 'complete';
        return { body: { id: item.id, status: 'complete' } };
      },
    });
    await screen.findAllByTestId('deal-row');
    const loadsBefore = listUrls().length;
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.confirmReceipt }));
    const dialog = screen.getByRole('dialog', { name: DEAL_PAGE_TEXT.confirmTitle });
    expect(dialog).toHaveTextContent(DEALS_TEXT.confirmQuestion);
    const summary = within(dialog).getByTestId('confirm-deal-summary');
    expect(summary).toHaveTextContent(item.id);
    expect(summary).toHaveTextContent('1 500,00 ₽');
    expect(summary).toHaveTextContent('16,22 USDT');
    expect(summary).toHaveTextContent('Сбербанк');
    expect(summary).toHaveTextContent('+79991234567');
    expect(summary).toHaveTextContent('Иван Петров');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: DEAL_PAGE_TEXT.confirm }));
    expect(await screen.findByText(DEAL_MESSAGES.confirmed)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ transaction_id: item.id });
    await waitFor(() => expect(listUrls().length).toBeGreaterThan(loadsBefore));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: DEALS_TEXT.confirmReceipt })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts 'Ошибка подтверждения транзакции' when the confirmation fails without a detail", async () => {
    const user = userEvent.setup();
    renderPage(listOf([deal()]), {
      [`POST ${API.transactions.verify}`]: { status: 500, body: {} },
    });
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.confirmReceipt }));
    await user.click(screen.getByRole('button', { name: DEAL_PAGE_TEXT.confirm }));
    expect(await screen.findByText(DEAL_MESSAGES.confirmFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: DEAL_PAGE_TEXT.confirmTitle })).toBeInTheDocument();
  });

  it("toasts the server's detail when it refuses the confirmation", async () => {
    const user = userEvent.setup();
    renderPage(listOf([deal()]), {
      [`POST ${API.transactions.verify}`]: { status: 400, body: { detail: DEAL_MESSAGES.notConfirmable } },
    });
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: DEALS_TEXT.confirmReceipt }));
    await user.click(screen.getByRole('button', { name: DEAL_PAGE_TEXT.confirm }));
    expect(await screen.findByText(DEAL_MESSAGES.notConfirmable)).toBeInTheDocument();
  });

  it('offers confirm only for pending and verification deals', async () => {
    renderPage(
      listOf([
        deal({ status: 'pending' }),
        deal({ status: 'verification' }),
        deal({ status: 'complete' }),
        deal({ status: 'dispute' }),
        deal({ status: 'canceled' }),
      ]),
    );
    const rows = await screen.findAllByTestId('deal-row');
    const offered = rows.map(
      (row) => within(row).queryByRole('button', { name: DEALS_TEXT.confirmReceipt }) !== null,
    );
    expect(offered).toEqual([true, true, false, false, false]);
  });

  it('offers no confirm action to a merchant, in the list or the detail', async () => {
    const user = userEvent.setup();
    const item = deal({ status: 'pending' });
    renderPage(
      listOf([item]),
      { [`GET ${API.transactions.detail(item.id)}`]: { body: detailOf(item) } },
      merchant(),
    );
    await screen.findAllByTestId('deal-row');
    expect(screen.queryByRole('button', { name: DEALS_TEXT.confirmReceipt })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: DEAL_PAGE_TEXT.details }));
    expect(await screen.findByTestId('deal-detail')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DEALS_TEXT.confirmReceipt })).not.toBeInTheDocument();
  });

  it('shows the detail: rubles and USDT, rate, requisites, timeline, notification and receipt', async () => {
    const user = userEvent.setup();
    const item = deal({ status: 'verification' });
    renderPage(listOf([item]), {
      [`GET ${API.transactions.detail(item.id)}`]: { body: detailOf(item) },
    });
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: DEAL_PAGE_TEXT.details }));
    const detail = await screen.findByTestId('deal-detail');
    expect(detail).toHaveTextContent('1 500,00 ₽');
    expect(detail).toHaveTextContent('16,22 USDT');
    expect(detail).toHaveTextContent('16,216216 USDT');
    expect(detail).toHaveTextContent('92,50');
    expect(detail).toHaveTextContent('SBP');
    expect(detail).toHaveTextContent('+79991234567');
    expect(detail).toHaveTextContent('Иван Петров');
    const timeline = within(screen.getByTestId('deal-timeline')).getAllByRole('listitem');
    expect(timeline).toHaveLength(2);
    expect(timeline[1]).toHaveTextContent('Ожидает оплаты');
    expect(timeline[1]).toHaveTextContent('На проверке');
    expect(timeline[1]).toHaveTextContent('плательщик · 25.11.2026 14:09');
    expect(screen.getByTestId('deal-notification')).toHaveTextContent('Перевод от И. Плательщика 1500р');
    expect(screen.getByTestId('deal-notification')).toHaveTextContent('25.11.2026 14:10');
    const receipt = screen.getByTestId('deal-receipt');
    expect(within(receipt).getByRole('link')).toHaveAttribute('href', 'https://files.example/receipt.pdf');
    expect(receipt).toHaveTextContent(`SHA-256 ${'ab'.repeat(8)}…`);
    expect(latinOutsideLiterals(screen.getByRole('dialog'))).toEqual([]);

    // The detail offers the confirm action too, and leads to the same restating step.
    const dialog = screen.getByRole('dialog', { name: DEAL_PAGE_TEXT.detailTitle });
    await user.click(within(dialog).getByRole('button', { name: DEALS_TEXT.confirmReceipt }));
    expect(await screen.findByRole('dialog', { name: DEAL_PAGE_TEXT.confirmTitle })).toBeInTheDocument();
  });

  it('refreshes by hand, and automatically at the chosen interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { listUrls } = renderPage(listOf([deal()]));
    await screen.findAllByTestId('deal-row');
    const before = listUrls().length;
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(listUrls().length).toBe(before + 1));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(listUrls().length).toBe(before + 1);
    await user.selectOptions(screen.getByLabelText('Автообновление'), '5');
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(listUrls().length).toBe(before + 2));
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(listUrls().length).toBe(before + 3));
  });
});
