import { API } from '@app/shared';
import { DISPUTE_MESSAGES } from '@app/shared/disputes/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/index.ts';
import type { Dispute, DisputeDetail } from './api.ts';
import { DISPUTE_PAGE_TEXT as TEXT } from './dispute-parts.tsx';
import { DisputesPage, TELEGRAM_SETTINGS_PATH } from './disputes-page.tsx';

let counter = 0;

function dispute(overrides: Partial<Dispute> = {}): Dispute {
  counter += 1;
  const hex = counter.toString(16).padStart(8, '0');
  return {
    id: `${hex}-aaaa-4bbb-8ccc-ddddeeeeffff`,
    status: 'waiting',
    created_at: new Date(2026, 10, 25, 14, 5).toISOString(),
    updated_at: new Date(2026, 10, 25, 14, 5).toISOString(),
    comments: null,
    files_from_trader: [],
    files_from_merchant: [],
    transaction: {
      amount: 16.216216,
      profit: 0.324,
      order_type: 'sbp',
      payment_details: {
        phone_number: '+79991234567',
        card: null,
        bank: { name: 'Сбербанк' },
        currency: { symbol: '₽' },
      },
    },
    ...overrides,
  };
}

const HASH = 'ab'.repeat(32);

function detailOf(item: Dispute, overrides: Partial<DisputeDetail> = {}): DisputeDetail {
  return {
    ...item,
    deal_id: '99999999-1111-4222-8333-444455556666',
    evidence_deadline: null,
    history: [
      {
        at: new Date(2026, 10, 25, 14, 5).toISOString(),
        actor_role: 'merchant',
        action: 'created',
        status: 'waiting',
      },
      {
        at: new Date(2026, 10, 25, 14, 30).toISOString(),
        actor_role: 'trader',
        action: 'file_uploaded',
        file: { id: 'f1', name: 'receipt.pdf', side: 'trader', sha256: HASH, size: 1000 },
      },
    ],
    files: [
      {
        id: 'f1',
        side: 'trader',
        name: 'receipt.pdf',
        url: 'https://files.example/f1',
        sha256: HASH,
        size: 1000,
        content_type: 'application/pdf',
        created_at: new Date(2026, 10, 25, 14, 30).toISOString(),
      },
      {
        id: 'f2',
        side: 'merchant',
        name: 'statement.png',
        url: 'https://files.example/f2',
        sha256: 'cd'.repeat(32),
        size: 2000,
        content_type: 'image/png',
        created_at: new Date(2026, 10, 25, 14, 40).toISOString(),
      },
    ],
    ...overrides,
  };
}

const listOf = (results: Dispute[], extra: { count?: number; support_data?: string[] } = {}) => ({
  body: {
    count: extra.count ?? results.length,
    total_items: extra.count ?? results.length,
    results,
    support_data: extra.support_data ?? [],
  },
});

const roleOf = (role: string) => ({ body: { role } });

function renderPage(handlers: Handlers) {
  const api = mockApi(handlers);
  const view = renderAt('/dispute', [
    { path: '/dispute', element: <DisputesPage /> },
    { path: '/settings', element: <p>settings page</p> },
  ]);
  const listUrls = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.disputes.list));
  const callsTo = (method: string, path: string) =>
    api.calls.filter((call: RecordedCall) => call.method === method && call.path === path);
  return { ...api, ...view, listUrls, callsTo };
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

function formEntries(body: unknown): Array<[string, string]> {
  return Array.from((body as FormData).entries()).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : (value as File).name,
  ]);
}

describe('DisputesPage: role, list, filters', () => {
  it('loads the role, then page 1 of 10 newest first, as table rows', async () => {
    const item = dispute({ status: 'waiting', transaction: { ...dispute().transaction, amount: 1234.5 } });
    const { listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([item, dispute({ status: 'completed_towards_trader' })]),
    });
    const rows = await screen.findAllByTestId('dispute-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('disputes-list')).toHaveAttribute('data-layout', 'table');
    for (const name of Object.values(TEXT.columns)) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    const row = within(rows[0]!);
    expect(row.getByText('$1,234.50')).toBeInTheDocument();
    expect(row.getByText('Waiting for evidence')).toBeInTheDocument();
    expect(row.getByText('25.11.2026 14:05')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('completed_towards_trader')).toBeInTheDocument();
    expect(Object.fromEntries(listUrls()[0]!.searchParams)).toEqual({
      page: '1',
      page_size: '10',
      sort: 'created_at',
      order: 'desc',
    });
    expect(screen.queryByRole('button', { name: TEXT.createDispute })).not.toBeInTheDocument();
  });

  it('shows the role error and asks for no list', async () => {
    const { listUrls } = renderPage({ [`GET ${API.disputes.userRole}`]: { status: 500, body: {} } });
    expect(await screen.findByText(DISPUTE_MESSAGES.roleFailed)).toBeInTheDocument();
    expect(listUrls()).toHaveLength(0);
  });

  it('shows the Telegram-required message with a Settings link, not a logout', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderPage({
      [`GET ${API.disputes.userRole}`]: { status: 400, body: { detail: DISPUTE_MESSAGES.telegramRequired } },
    });
    expect(await screen.findByText(DISPUTE_MESSAGES.telegramRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === API.auth.logout)).toBe(false);
    const link = screen.getByRole('link', { name: TEXT.telegramLink });
    expect(link).toHaveAttribute('href', TELEGRAM_SETTINGS_PATH);
    await user.click(link);
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.hash).toBe('#connection');
  });

  it('shows the Telegram message when the list answers it too', async () => {
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('merchant'),
      [`GET ${API.disputes.list}`]: { status: 400, body: { detail: DISPUTE_MESSAGES.telegramRequired } },
    });
    expect(await screen.findByTestId('disputes-telegram')).toHaveTextContent(
      DISPUTE_MESSAGES.telegramRequired,
    );
  });

  it('shows the list error', async () => {
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: { status: 500, body: {} },
    });
    expect(await screen.findAllByText(DISPUTE_MESSAGES.listFailed)).not.toHaveLength(0);
  });

  it('shows the empty state', async () => {
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([]),
    });
    expect(await screen.findByText(TEXT.empty)).toBeInTheDocument();
  });

  it('sends chosen statuses as a comma list, sorts, pages, and resets', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 10 }, () => dispute());
    const { listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf(results, { count: 35 }),
    });
    await screen.findAllByTestId('dispute-row');
    await user.click(screen.getByRole('button', { name: TEXT.statusFilter }));
    const panel = screen.getByRole('dialog', { name: TEXT.statusFilter });
    await user.click(within(panel).getByLabelText('Waiting for evidence'));
    await user.click(within(panel).getByLabelText('deepconsideration'));
    await waitFor(() =>
      expect(listUrls().at(-1)?.searchParams.get('status')).toBe('waiting,deepconsideration'),
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: TEXT.columns.amount }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('sort')).toBe('amount'));
    expect(listUrls().at(-1)?.searchParams.get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: TEXT.columns.amount }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('order')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: TEXT.columns.status }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('sort')).toBe('status'));

    expect(screen.queryByRole('button', { name: 'Страница 5' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Страница 4' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('4'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.has('status')).toBe(false));
    expect(listUrls().at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('searches the page on screen by id and by requisites', async () => {
    const user = userEvent.setup();
    const byCard = dispute({
      transaction: {
        ...dispute().transaction,
        payment_details: {
          phone_number: null,
          card: '2200123412341234',
          bank: { name: 'Т-Банк' },
          currency: { symbol: '₽' },
        },
      },
    });
    const other = dispute();
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([byCard, other]),
    });
    await screen.findAllByTestId('dispute-row');
    const box = screen.getByRole('searchbox', { name: TEXT.search });
    await user.type(box, '2200 1234');
    expect(screen.getAllByTestId('dispute-row')).toHaveLength(1);
    await user.clear(box);
    await user.type(box, other.id.slice(0, 8));
    const rows = screen.getAllByTestId('dispute-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('dispute-id')).toHaveAttribute('title', other.id);
  });

  it('shows cards at 768 px and the table above', async () => {
    setViewportWidth(768);
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([dispute()]),
    });
    expect(await screen.findAllByTestId('dispute-card')).toHaveLength(1);
    expect(screen.getByTestId('disputes-list')).toHaveAttribute('data-layout', 'cards');
    setViewportWidth(769);
    expect(await screen.findByTestId('dispute-row')).toBeInTheDocument();
  });
});
