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
import { BLOCK_RENEW_MS, DisputesPage, TELEGRAM_SETTINGS_PATH } from './disputes-page.tsx';

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
    reason: 'Клиент оплатил, деньги не зачислены',
    opened_by: 'merchant',
    files_from_trader: [],
    files_from_merchant: [],
    transaction: {
      amount: 16.216216,
      amount_rub: '1500.00',
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
        action: 'opened',
        status: 'waiting',
      },
      {
        at: new Date(2026, 10, 25, 14, 30).toISOString(),
        actor_role: 'trader',
        actor: 'ivan_trader',
        action: 'file_added',
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

const roleOf = (role: string, telegramRequired = true) => ({
  body: { role, telegram_required: telegramRequired },
});

/** Support's list holding one dispute it may act on, which opens (blocked, its detail) and closes (unblocked). */
function supportOpens(item: Dispute): Handlers {
  return {
    [`GET ${API.disputes.userRole}`]: roleOf('support'),
    [`GET ${API.disputes.list}`]: listOf([item], { support_data: [item.id] }),
    [`POST ${API.disputes.block}`]: { body: {} },
    [`POST ${API.disputes.unblock}`]: { body: {} },
    [`GET ${API.disputes.detail(item.id)}`]: { body: detailOf(item) },
  };
}

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
    const item = dispute({
      status: 'waiting',
      transaction: { ...dispute().transaction, amount: 1234.5, amount_rub: '114191.25' },
    });
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
    // The amount as paid, in rubles, with its USDT beside it; never a dollar sign.
    expect(row.getByTestId('dispute-amount')).toHaveTextContent('114 191,25 ₽');
    expect(row.getByText('1 234,50 USDT')).toBeInTheDocument();
    expect(rows[0]).not.toHaveTextContent('$');
    // Statuses read through the one label map, never as raw values.
    expect(row.getByText('Ожидание доказательств')).toBeInTheDocument();
    expect(row.getByText('25.11.2026 14:05')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Решён в пользу трейдера')).toBeInTheDocument();
    expect(screen.queryByText('completed_towards_trader')).not.toBeInTheDocument();
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
    for (const label of [
      'Ожидание доказательств',
      'На рассмотрении',
      'Дополнительное рассмотрение',
      'Решён в пользу мерчанта',
      'Решён в пользу трейдера',
    ]) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    expect(panel).not.toHaveTextContent(/waiting|consideration|completed_towards/);
    await user.click(within(panel).getByLabelText('Ожидание доказательств'));
    await user.click(within(panel).getByLabelText('Дополнительное рассмотрение'));
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

  it('steps back a page when the page asked for came back empty', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 10 }, () => dispute());
    let emptied = false;
    const { listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: () => {
        const page = listUrls().at(-1)?.searchParams.get('page');
        if (page === '2') {
          emptied = true;
          return listOf([], { count: 10 });
        }
        return listOf(results, { count: emptied ? 10 : 11 });
      },
    });
    await screen.findAllByTestId('dispute-row');
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(emptied).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(await screen.findAllByTestId('dispute-row')).toHaveLength(10);
  });

  it('searches by id or requisites through the server after a pause, from page 1, and Reset clears it', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([dispute()]),
    });
    await screen.findAllByTestId('dispute-row');
    const box = screen.getByRole('searchbox', { name: TEXT.search });
    await user.type(box, '<b>');
    expect(box).toHaveValue('b');
    await user.clear(box);
    await user.type(box, '2200 1234');
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('search')).toBe('2200 1234'));
    expect(listUrls().at(-1)?.searchParams.get('page')).toBe('1');
    // One request for the pause, not one per keystroke.
    expect(listUrls().filter((url) => url.searchParams.get('search') === '2200 12')).toHaveLength(0);
    // Reset: the box empties and the unsearched list (already fetched) is back.
    await user.click(screen.getByRole('button', { name: /Reset/ }));
    expect(box).toHaveValue('');
    expect(await screen.findAllByTestId('dispute-row')).toHaveLength(1);
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

function fileOf(name: string, size = 100, type = 'application/pdf'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openFirst(user: ReturnType<typeof userEvent.setup>) {
  const rows = await screen.findAllByTestId('dispute-row');
  await user.click(within(rows[0]!).getByRole('button', { name: TEXT.details }));
}

describe('DisputesPage: detail', () => {
  it('support blocks on open, sees the transaction, history with hashes and both sides; close unblocks', async () => {
    const user = userEvent.setup();
    const item = dispute({ comments: 'Проверяем выписку' });
    const { callsTo } = renderPage({
      ...supportOpens(item),
    });
    await openFirst(user);
    const detail = await screen.findByTestId('dispute-detail');
    expect(callsTo('POST', API.disputes.block).map((call) => call.body)).toEqual([{ dispute_id: item.id }]);
    expect(within(detail).getByTestId('dispute-detail-amount')).toHaveTextContent('1 500,00 ₽ (16,22 USDT)');
    expect(within(detail).getByText('0,32 USDT')).toBeInTheDocument();
    expect(detail).not.toHaveTextContent('$');
    expect(within(detail).getByText('SBP')).toBeInTheDocument();
    expect(within(detail).getByText('+79991234567')).toBeInTheDocument();
    // The merchant's statement, as support reads it.
    const reason = within(detail).getByTestId('dispute-reason');
    expect(reason).toHaveTextContent(TEXT.reasonBy.merchant);
    expect(reason).toHaveTextContent('Клиент оплатил, деньги не зачислены');
    expect(within(detail).getByText('Проверяем выписку')).toBeInTheDocument();
    const history = within(detail).getByTestId('dispute-history');
    expect(within(history).getAllByTitle(HASH)).toHaveLength(1);
    expect(within(history).getByText(/трейдер \(ivan_trader\) · 25\.11\.2026 14:30/)).toBeInTheDocument();
    // The server's action names read as words.
    expect(within(history).getByText('спор открыт')).toBeInTheDocument();
    expect(within(history).getByText('файл загружен')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: /receipt\.pdf/ })).toHaveAttribute(
      'href',
      'https://files.example/f1',
    );
    expect(within(detail).getByRole('link', { name: /statement\.png/ })).toBeInTheDocument();
    expect(callsTo('POST', API.disputes.unblock)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument());
    expect(callsTo('POST', API.disputes.unblock).map((call) => call.body)).toEqual([{ dispute_id: item.id }]);
  });

  it('does not open when another support user holds the dispute (409), and reloads the list without it', async () => {
    const user = userEvent.setup();
    const item = dispute();
    const { callsTo, listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: listOf([item], { support_data: [item.id] }),
      [`POST ${API.disputes.block}`]: { status: 409, body: { detail: 'Спор открыт другим сотрудником' } },
    });
    await openFirst(user);
    expect(await screen.findByText('Спор открыт другим сотрудником')).toBeInTheDocument();
    await waitFor(() => expect(listUrls()).toHaveLength(2));
    expect(callsTo('GET', API.disputes.detail(item.id))).toHaveLength(0);
    expect(callsTo('POST', API.auth.logout)).toHaveLength(0);
    expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument();
  });

  it('renews support’s block while the detail stays open; losing it closes the detail as unavailable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const item = dispute();
      let blocks = 0;
      const { callsTo, listUrls } = renderPage({
        [`GET ${API.disputes.userRole}`]: roleOf('support'),
        [`GET ${API.disputes.list}`]: listOf([item], { support_data: [item.id] }),
        // The first two take and renew it; by the third another support user holds it.
        [`POST ${API.disputes.block}`]: () =>
          ++blocks <= 2 ? { body: {} } : { status: 409, body: { detail: DISPUTE_MESSAGES.blockedByOther } },
        [`POST ${API.disputes.unblock}`]: { body: {} },
        [`GET ${API.disputes.detail(item.id)}`]: { body: detailOf(item) },
      });
      await openFirst(user);
      await screen.findByTestId('dispute-detail');
      expect(callsTo('POST', API.disputes.block)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(BLOCK_RENEW_MS);
      await waitFor(() => expect(callsTo('POST', API.disputes.block)).toHaveLength(2));
      expect(screen.getByTestId('dispute-detail')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(BLOCK_RENEW_MS);
      await waitFor(() => expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument());
      expect(await screen.findByText(DISPUTE_MESSAGES.unavailable)).toBeInTheDocument();
      await waitFor(() => expect(listUrls()).toHaveLength(2));
      expect(callsTo('POST', API.disputes.block).map((call) => call.body)).toEqual(
        Array(3).fill({ dispute_id: item.id }),
      );
      expect(callsTo('POST', API.auth.logout)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([404, 403])('a %i on open says the dispute is unavailable and reloads the list', async (status) => {
    const user = userEvent.setup();
    const item = dispute();
    const { callsTo, listUrls } = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([item]),
      [`GET ${API.disputes.detail(item.id)}`]: { status, body: { detail: 'нет' } },
    });
    await openFirst(user);
    expect(await screen.findByText(DISPUTE_MESSAGES.unavailable)).toBeInTheDocument();
    await waitFor(() => expect(listUrls()).toHaveLength(2));
    expect(callsTo('POST', API.auth.logout)).toHaveLength(0);
    expect(callsTo('POST', API.disputes.block)).toHaveLength(0);
    expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument();
  });

  it('other failures on open say the dispute could not be opened', async () => {
    const user = userEvent.setup();
    const item = dispute();
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([item]),
      [`GET ${API.disputes.detail(item.id)}`]: { status: 500, body: {} },
    });
    await openFirst(user);
    expect(await screen.findByText(DISPUTE_MESSAGES.openFailed)).toBeInTheDocument();
  });
});

describe('DisputesPage: reason, history causes, notices', () => {
  it('the trader reads support’s note as the reason, and the history says “по сроку” only for a deadline move', async () => {
    const user = userEvent.setup();
    const item = dispute({ reason: 'Плательщик прислал чек, проверьте поступление', opened_by: 'support' });
    const byDeadline = {
      at: new Date(2026, 10, 26, 14, 5).toISOString(),
      actor_role: 'timer',
      action: 'status',
      status: 'consideration',
      cause: 'deadline' as const,
    };
    const byEvidence = { ...byDeadline, cause: 'evidence' as const };
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([item]),
      [`GET ${API.disputes.detail(item.id)}`]: {
        body: detailOf(item, { history: [...detailOf(item).history, byEvidence, byDeadline] }),
      },
    });
    await openFirst(user);
    const detail = await screen.findByTestId('dispute-detail');
    const reason = within(detail).getByTestId('dispute-reason');
    expect(reason).toHaveTextContent(TEXT.reasonBy.support);
    expect(reason).toHaveTextContent('Плательщик прислал чек, проверьте поступление');
    const entries = within(within(detail).getByTestId('dispute-history')).getAllByRole('listitem');
    expect(entries).toHaveLength(4);
    expect(entries[2]).toHaveTextContent('автоматически: обе стороны представили доказательства');
    expect(entries[2]).not.toHaveTextContent('по сроку');
    expect(entries[3]).toHaveTextContent('по сроку');
    expect(entries[3]).toHaveTextContent('На рассмотрении');
    for (const entry of entries.slice(0, 2)) expect(entry).not.toHaveTextContent('по сроку');
  });

  it('without a bot on the server the sides are told notices come by mail; with one, nothing is said', async () => {
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader', false),
      [`GET ${API.disputes.list}`]: listOf([dispute()]),
    });
    expect(await screen.findByTestId('disputes-mail-notices')).toHaveTextContent(TEXT.mailNotices);
    expect(screen.queryByTestId('disputes-telegram')).not.toBeInTheDocument();
  });

  it('says nothing about mail when the Telegram rule applies', async () => {
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('trader'),
      [`GET ${API.disputes.list}`]: listOf([dispute()]),
    });
    await screen.findAllByTestId('dispute-row');
    expect(screen.queryByTestId('disputes-mail-notices')).not.toBeInTheDocument();
  });
});

describe('DisputesPage: support resolves', () => {
  it.each(['merchant', 'trader', 'insufficient'] as const)(
    'resolves towards %s after a confirmation restating the verdict, then unblocks',
    async (resolution) => {
      const user = userEvent.setup();
      const item = dispute({ status: 'consideration' });
      const { callsTo } = renderPage({
        ...supportOpens(item),
        [`POST ${API.disputes.resolve(item.id)}`]: { body: {} },
      });
      await openFirst(user);
      await screen.findByTestId('dispute-detail');
      await user.type(screen.getByLabelText(TEXT.resolveComment), 'Выписка подтверждает');
      await user.click(screen.getByRole('button', { name: TEXT.resolutions[resolution] }));
      const summary = await screen.findByTestId('resolve-summary');
      expect(summary).toHaveTextContent(TEXT.verdicts[resolution]);
      expect(summary).toHaveTextContent('Выписка подтверждает');
      expect(callsTo('POST', API.disputes.resolve(item.id))).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: TEXT.resolveConfirm }));
      await waitFor(() =>
        expect(callsTo('POST', API.disputes.resolve(item.id)).map((call) => call.body)).toEqual([
          { resolution, comment: 'Выписка подтверждает' },
        ]),
      );
      await waitFor(() => expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument());
      expect(callsTo('POST', API.disputes.unblock).map((call) => call.body)).toEqual([
        { dispute_id: item.id },
      ]);
      expect(await screen.findByText(DISPUTE_MESSAGES.resolved)).toBeInTheDocument();
    },
  );

  it('shows the resolve error and keeps the dispute open', async () => {
    const user = userEvent.setup();
    const item = dispute({ status: 'consideration' });
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: listOf([item], { support_data: [item.id] }),
      [`POST ${API.disputes.block}`]: { body: {} },
      [`GET ${API.disputes.detail(item.id)}`]: { body: detailOf(item) },
      [`POST ${API.disputes.resolve(item.id)}`]: { status: 500, body: {} },
    });
    await openFirst(user);
    await screen.findByTestId('dispute-detail');
    await user.click(screen.getByRole('button', { name: TEXT.resolutions.trader }));
    await user.click(await screen.findByRole('button', { name: TEXT.resolveConfirm }));
    expect(await screen.findByText(DISPUTE_MESSAGES.resolveFailed)).toBeInTheDocument();
    expect(screen.getByTestId('dispute-detail')).toBeInTheDocument();
  });

  it('offers no resolve or delete on a completed dispute, nor on one outside support_data', async () => {
    const user = userEvent.setup();
    const done = dispute({ status: 'completed_towards_merchant' });
    const foreign = dispute({ status: 'consideration' });
    renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: listOf([done, foreign], { support_data: [done.id] }),
      [`POST ${API.disputes.block}`]: { body: {} },
      [`POST ${API.disputes.unblock}`]: { body: {} },
      [`GET ${API.disputes.detail(done.id)}`]: { body: detailOf(done) },
      [`GET ${API.disputes.detail(foreign.id)}`]: { body: detailOf(foreign) },
    });
    for (const index of [0, 1]) {
      const rows = await screen.findAllByTestId('dispute-row');
      await user.click(within(rows[index]!).getByRole('button', { name: TEXT.details }));
      const detail = await screen.findByTestId('dispute-detail');
      expect(within(detail).getAllByTestId('dispute-file')).toHaveLength(2);
      expect(within(detail).queryByRole('button', { name: /Удалить файл/ })).not.toBeInTheDocument();
      expect(
        within(detail).queryByRole('button', { name: TEXT.resolutions.merchant }),
      ).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId('dispute-detail')).not.toBeInTheDocument());
    }
  });
});

describe('DisputesPage: support deletes a file', () => {
  function renderDelete(reply: Handlers[string]) {
    const item = dispute({ status: 'consideration' });
    const page = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: listOf([item], { support_data: [item.id] }),
      [`POST ${API.disputes.block}`]: { body: {} },
      [`GET ${API.disputes.detail(item.id)}`]: { body: detailOf(item) },
      [`DELETE ${API.disputes.file(item.id, 'f2')}`]: reply,
    });
    return { ...page, item };
  }

  it('deletes after the confirmation, with the side as ?type=', async () => {
    const user = userEvent.setup();
    const { fetch, item } = renderDelete({ body: {} });
    await openFirst(user);
    await screen.findByTestId('dispute-detail');
    await user.click(screen.getByRole('button', { name: `${TEXT.deleteFile} statement.png` }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.deleteTitle });
    expect(dialog).toHaveTextContent('statement.png');
    await user.click(within(dialog).getByRole('button', { name: TEXT.deleteConfirm }));
    expect(await screen.findByText(DISPUTE_MESSAGES.fileDeleted)).toBeInTheDocument();
    const url = fetch.mock.calls
      .map(([input, init]) => [new URL(String(input), 'http://localhost'), init?.method] as const)
      .find(([, method]) => method === 'DELETE')!;
    expect(url[0].pathname).toContain(API.disputes.file(item.id, 'f2'));
    expect(url[0].searchParams.get('type')).toBe('merchant');
  });

  it('shows the delete error', async () => {
    const user = userEvent.setup();
    renderDelete({ status: 500, body: {} });
    await openFirst(user);
    await screen.findByTestId('dispute-detail');
    await user.click(screen.getByRole('button', { name: `${TEXT.deleteFile} statement.png` }));
    await user.click(await screen.findByRole('button', { name: TEXT.deleteConfirm }));
    expect(await screen.findByText(DISPUTE_MESSAGES.deleteFailed)).toBeInTheDocument();
  });
});

describe('DisputesPage: evidence upload', () => {
  function renderUpload(
    role: string,
    status: Dispute['status'],
    reply: Handlers[string] = { body: { urls: [] } },
  ) {
    const item = dispute({ status });
    const page = renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf(role),
      [`GET ${API.disputes.list}`]: listOf([item]),
      [`GET ${API.disputes.detail(item.id)}`]: { body: detailOf(item) },
      [`POST ${API.disputes.files(item.id)}`]: reply,
    });
    return { ...page, item };
  }

  it('a trader sees only trader files and uploads trader evidence after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo, item } = renderUpload('trader', 'waiting');
    await openFirst(user);
    const detail = await screen.findByTestId('dispute-detail');
    expect(within(detail).getByTestId('files-trader')).toBeInTheDocument();
    expect(within(detail).queryByTestId('files-merchant')).not.toBeInTheDocument();
    expect(within(detail).getByText(TEXT.profit)).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /Удалить файл/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(TEXT.chooseFiles), {
      target: { files: [fileOf('check.pdf'), fileOf('video.mp4', 200, 'video/mp4')] },
    });
    const dialog = await screen.findByRole('dialog', { name: TEXT.uploadTitle });
    expect(within(dialog).getByTestId('upload-files')).toHaveTextContent('check.pdf');
    expect(within(dialog).getByTestId('upload-files')).toHaveTextContent('video.mp4');
    expect(callsTo('POST', API.disputes.files(item.id))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: TEXT.uploadConfirm }));
    expect(await screen.findByText(DISPUTE_MESSAGES.filesUploaded)).toBeInTheDocument();
    const sent = callsTo('POST', API.disputes.files(item.id));
    expect(formEntries(sent[0]!.body)).toEqual([
      ['files', 'check.pdf'],
      ['files', 'video.mp4'],
      ['type', 'trader'],
    ]);
  });

  it('a merchant uploads merchant evidence; a 413 says the file is too large', async () => {
    const user = userEvent.setup();
    const { callsTo, item } = renderUpload('merchant', 'consideration', { status: 413, body: {} });
    await openFirst(user);
    const detail = await screen.findByTestId('dispute-detail');
    expect(within(detail).getByTestId('files-merchant')).toBeInTheDocument();
    expect(within(detail).queryByTestId('files-trader')).not.toBeInTheDocument();
    // The merchant's share is the credit after the fee, not a reward.
    expect(within(detail).getByText(TEXT.merchantShare)).toBeInTheDocument();
    expect(within(detail).queryByText(TEXT.profit)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(TEXT.chooseFiles), { target: { files: [fileOf('act.png')] } });
    await user.click(await screen.findByRole('button', { name: TEXT.uploadConfirm }));
    expect(await screen.findByText(DISPUTE_MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(formEntries(callsTo('POST', API.disputes.files(item.id))[0]!.body)).toContainEqual([
      'type',
      'merchant',
    ]);
  });

  it('refuses a wrong format or an oversize file before asking', async () => {
    const user = userEvent.setup();
    const { callsTo, item } = renderUpload('trader', 'waiting');
    await openFirst(user);
    await screen.findByTestId('dispute-detail');
    fireEvent.change(screen.getByLabelText(TEXT.chooseFiles), { target: { files: [fileOf('notes.txt')] } });
    expect(await screen.findByText(DISPUTE_MESSAGES.fileBadType)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(TEXT.chooseFiles), {
      target: { files: [fileOf('big.pdf', 50 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText(DISPUTE_MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TEXT.uploadTitle })).not.toBeInTheDocument();
    expect(callsTo('POST', API.disputes.files(item.id))).toHaveLength(0);
  });

  // Two refusals of an upload: each shows the server's words.
  for (const { name, status, reply, message } of [
    {
      name: 'an upload the server refuses as completed (409) says so',
      status: 'consideration' as const,
      reply: { status: 409, body: { detail: DISPUTE_MESSAGES.completed } },
      message: DISPUTE_MESSAGES.completed,
    },
    {
      name: 'an upload refused for the server’s full disk (507) shows the server’s words',
      status: 'waiting' as const,
      reply: { status: 507, body: { detail: DISPUTE_MESSAGES.storageFull } },
      message: DISPUTE_MESSAGES.storageFull,
    },
  ]) {
    it(name, async () => {
      const user = userEvent.setup();
      renderUpload('trader', status, reply);
      await openFirst(user);
      await screen.findByTestId('dispute-detail');
      fireEvent.change(screen.getByLabelText(TEXT.chooseFiles), { target: { files: [fileOf('check.pdf')] } });
      await user.click(await screen.findByRole('button', { name: TEXT.uploadConfirm }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    });
  }

  it('a trader cannot upload to a completed dispute; support never uploads', async () => {
    const user = userEvent.setup();
    renderUpload('trader', 'completed_towards_trader');
    await openFirst(user);
    await screen.findByTestId('dispute-detail');
    expect(screen.queryByRole('button', { name: TEXT.upload })).not.toBeInTheDocument();
  });
});

describe('DisputesPage: support creates a dispute', () => {
  const TX = '0b7c2a36-3f5e-4b8e-9d3c-6c1e2f4a5b6c';

  function renderCreate(reply: Handlers[string] = { status: 201, body: {} }) {
    return renderPage({
      [`GET ${API.disputes.userRole}`]: roleOf('support'),
      [`GET ${API.disputes.list}`]: listOf([]),
      [`POST ${API.disputes.createBySupport}`]: reply,
    });
  }

  async function openCreate(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: TEXT.createDispute }));
    return screen.findByRole('dialog', { name: TEXT.createTitle });
  }

  it('checks the transaction id and the files before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderCreate();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    expect(within(dialog).getByText(DISPUTE_MESSAGES.transactionIdRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.transactionId)), 'not-a-uuid');
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    expect(within(dialog).getByText(DISPUTE_MESSAGES.transactionIdFormat)).toBeInTheDocument();
    const files = within(dialog).getByLabelText(new RegExp(TEXT.files));
    fireEvent.change(files, { target: { files: [fileOf('scan.gif')] } });
    expect(within(dialog).getByText(DISPUTE_MESSAGES.fileBadType)).toBeInTheDocument();
    fireEvent.change(files, { target: { files: [fileOf('scan.pdf', 50 * 1024 * 1024 + 1)] } });
    expect(within(dialog).getByText(DISPUTE_MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(callsTo('POST', API.disputes.createBySupport)).toHaveLength(0);
  });

  it('sends transaction_id, note and files as multipart', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderCreate();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.transactionId)), TX);
    await user.type(within(dialog).getByLabelText(TEXT.note), 'Плательщик прислал чек');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(TEXT.files)), {
      target: { files: [fileOf('scan.JPG', 100, 'image/jpeg')] },
    });
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    await waitFor(() => expect(callsTo('POST', API.disputes.createBySupport)).toHaveLength(1));
    expect(formEntries(callsTo('POST', API.disputes.createBySupport)[0]!.body)).toEqual([
      ['transaction_id', TX],
      ['note', 'Плательщик прислал чек'],
      ['files', 'scan.JPG'],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: TEXT.createTitle })).not.toBeInTheDocument(),
    );
  });

  it('sends an empty note when no comment is given (the comment is optional)', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderCreate();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.transactionId)), TX);
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    await waitFor(() => expect(callsTo('POST', API.disputes.createBySupport)).toHaveLength(1));
    expect(formEntries(callsTo('POST', API.disputes.createBySupport)[0]!.body)).toEqual([
      ['transaction_id', TX],
      ['note', ''],
    ]);
  });

  it('a 409 (a dispute already open on the deal) shows the server’s words', async () => {
    const user = userEvent.setup();
    renderCreate({ status: 409, body: { detail: DISPUTE_MESSAGES.alreadyOpen } });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.transactionId)), TX);
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DISPUTE_MESSAGES.alreadyOpen);
  });

  it.each([
    [400, DISPUTE_MESSAGES.invalidData],
    [403, DISPUTE_MESSAGES.createForbidden],
    [404, DISPUTE_MESSAGES.transactionNotFound],
    [500, DISPUTE_MESSAGES.createFailed],
  ])('a %i answer shows its text and keeps the session', async (status, text) => {
    const user = userEvent.setup();
    const { callsTo } = renderCreate({ status, body: { detail: 'x' } });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.transactionId)), TX);
    await user.click(within(dialog).getByRole('button', { name: TEXT.create }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    // Once: in the dialog, not again in a toast.
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(callsTo('POST', API.auth.logout)).toHaveLength(0);
  });
});
