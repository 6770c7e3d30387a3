import { API, TERMINAL_MESSAGES, TERMINAL_TEXT } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { called, type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { formatDayTime, notify } from '../../ui/index.ts';
import { LIST_REFRESH_MS } from './api.ts';
import { lastSeenText, onlineText } from './online-status.tsx';
import { PENDING_TEXT } from './pending-terminal-card.tsx';
import { TerminalsPage } from './terminals-page.tsx';
import { terminal } from './test-fixtures.ts';

const LIST = `GET ${API.terminals.list}`;

function renderPage(list: Handlers[string], extra: Handlers = {}) {
  const api = mockApi({ [LIST]: list, ...extra });
  const view = renderAt('/terminals', [{ path: '/terminals', element: <TerminalsPage /> }]);
  const listUrls = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.terminals.list));
  return { ...api, ...view, listUrls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

describe('TerminalsPage', () => {
  it("has the title and 'Add Terminal Now', and says when no terminal was added yet", async () => {
    renderPage({ body: { count: 0, results: [] } });
    expect(screen.getByRole('heading', { name: 'Terminals' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Terminal Now' })).toBeInTheDocument();
    expect(await screen.findByText('Вы еще не добавили ни один терминал')).toBeInTheDocument();
  });

  it('shows skeletons while the list loads', () => {
    renderPage('never');
    expect(screen.getByTestId('terminals-loading')).toHaveAttribute('aria-busy', 'true');
  });

  it("searches by name or ID after a pause, says 'Ничего не найдено', and Reset clears it", async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage({ body: { count: 0, results: [] } });
    await screen.findByText(TERMINAL_TEXT.emptyNone);
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по названию или ID' }), 'Pixel');
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    // The empty list is kept while the filtered one loads, so the text can come just before the request does.
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('search')).toBe('Pixel'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(TERMINAL_TEXT.emptyNone)).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('filters by status: Enabled, Disabled, All Statuses', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage({ body: { count: 0, results: [] } });
    await screen.findByText(TERMINAL_TEXT.emptyNone);
    expect(listUrls()[0]?.searchParams.get('status')).toBe('all');
    expect(screen.getByRole('radio', { name: 'All Statuses' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Disabled' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('status')).toBe('Disabled'));
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Enabled' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('status')).toBe('Enabled'));
    await user.click(screen.getByRole('radio', { name: 'All Statuses' }));
    expect(await screen.findByText(TERMINAL_TEXT.emptyNone)).toBeInTheDocument();
  });

  it('shows a terminal waiting for its phone with the time its QR code expires, and deletes it', async () => {
    const until = new Date(Date.now() + 8 * 60_000).toISOString();
    const waiting = terminal({ name: 'Терминал 3', activated_at: null, pending_until: until });
    const { calls } = renderPage(
      { body: { count: 1, results: [waiting] } },
      {
        [`DELETE ${API.terminals.remove(waiting.id)}`]: { status: 204 },
      },
    );
    const card = await screen.findByTestId('terminal-card');
    expect(card).toHaveAttribute('data-pending', 'true');
    expect(within(card).getByTestId('terminal-status')).toHaveTextContent(PENDING_TEXT.status);
    expect(within(card).getByTestId('pending-until')).toHaveTextContent(
      PENDING_TEXT.until(formatDayTime(until)),
    );
    // Nothing it cannot do yet: no switch, no Details, no Manage Payments.
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('button', { name: TERMINAL_TEXT.details })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: PENDING_TEXT.remove }));
    await waitFor(() => expect(called(calls, 'DELETE', API.terminals.remove(waiting.id))).toHaveLength(1));
  });

  it('asks for 10 per page and pages through the count', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 10 }, () => terminal());
    const { listUrls } = renderPage({ body: { count: 25, results } });
    expect(await screen.findAllByTestId('terminal-card')).toHaveLength(10);
    expect(listUrls()[0]?.searchParams.get('page_size')).toBe('10');
    expect(listUrls()[0]?.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Страница 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Страница 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it("shows the server's detail when the list fails", async () => {
    renderPage({ status: 400, body: { detail: 'Список недоступен' } });
    expect(await screen.findByText('Список недоступен')).toBeInTheDocument();
    expect(screen.queryByText(TERMINAL_MESSAGES.loadFailed)).not.toBeInTheDocument();
  });

  it("shows 'Ошибка загрузки данных' when the failure has no detail", async () => {
    renderPage({ status: 404, body: { error: 'нет' } });
    expect(await screen.findByText('Ошибка загрузки данных')).toBeInTheDocument();
  });

  it('refreshes the open list every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { listUrls } = renderPage({ body: { count: 1, results: [terminal()] } });
    await screen.findByTestId('terminal-card');
    const before = listUrls().length;
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_MS + 50));
    await waitFor(() => expect(listUrls().length).toBe(before + 1));
  });
});

describe('terminal card', () => {
  it('shows name, ID, battery, status and online state', async () => {
    const item = terminal({ name: 'Кассовый телефон', phone_charge: 64 });
    renderPage({ body: { count: 1, results: [item] } });
    const card = await screen.findByTestId('terminal-card');
    expect(within(card).getByRole('heading', { name: 'Кассовый телефон' })).toBeInTheDocument();
    expect(within(card).getByTestId('terminal-id')).toHaveTextContent(item.id);
    expect(within(card).getByRole('img', { name: 'Заряд 64%' })).toHaveTextContent('64%');
    expect(within(card).getByTestId('terminal-status')).toHaveTextContent('Enabled');
    expect(within(card).getByTestId('terminal-online')).toHaveTextContent('в сети');
    expect(within(card).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Manage Payments' })).toBeInTheDocument();
  });

  it('shows the default 12 % while the phone has not reported its charge', async () => {
    renderPage({ body: { count: 1, results: [terminal({ phone_charge: null })] } });
    const card = await screen.findByTestId('terminal-card');
    expect(within(card).getByRole('img', { name: 'Заряд 12%' })).toHaveTextContent('12%');
  });

  it('shows an unknown status as the label map says, never raw, and an offline terminal with its last ping', async () => {
    renderPage({
      body: {
        count: 1,
        results: [terminal({ terminal_status_display: 'Not_Yet_Active', online: false })],
      },
    });
    const card = await screen.findByTestId('terminal-card');
    expect(within(card).getByTestId('terminal-status')).toHaveTextContent('Неизвестный статус');
    expect(within(card).getByTestId('terminal-online')).toHaveTextContent(/^не в сети · был\(а\) /);
  });

  it('takes the mobile layout at 720 px or less and the row layout above', async () => {
    setViewportWidth(375);
    renderPage({ body: { count: 1, results: [terminal()] } });
    expect(await screen.findByTestId('terminal-card')).toHaveAttribute('data-layout', 'mobile');
    setViewportWidth(721);
    await waitFor(() =>
      expect(screen.getByTestId('terminal-card')).toHaveAttribute('data-layout', 'desktop'),
    );
    setViewportWidth(720);
    await waitFor(() => expect(screen.getByTestId('terminal-card')).toHaveAttribute('data-layout', 'mobile'));
  });

  it('copies the ID', async () => {
    const user = userEvent.setup();
    const item = terminal();
    renderPage({ body: { count: 1, results: [item] } });
    await user.click(await screen.findByRole('button', { name: 'Скопировать ID' }));
    expect(await screen.findByText('ID скопирован')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(item.id);
  });

  it('switches a terminal off and on', async () => {
    const user = userEvent.setup();
    const item = terminal();
    const { calls } = renderPage(
      { body: { count: 1, results: [item] } },
      {
        [`PATCH ${API.terminals.status(item.id)}`]: {
          body: { ...item, terminal_status_display: 'Disabled' },
        },
      },
    );
    const toggle = await screen.findByRole('switch', { name: `Enabled: ${item.name}` });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(called(calls, 'PATCH', API.terminals.status(item.id))).toHaveLength(1));
    expect(called(calls, 'PATCH', API.terminals.status(item.id))[0]?.body).toEqual({ enabled: false });
  });
});

describe('inline name edit', () => {
  async function startEditing() {
    const user = userEvent.setup();
    const item = terminal({ name: 'Pixel 7' });
    const api = renderPage(
      { body: { count: 1, results: [item] } },
      { [`PATCH ${API.terminals.updateName(item.id)}`]: { body: { id: item.id, name: 'Кухня' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Переименовать: Pixel 7' }));
    const input = screen.getByRole('textbox', { name: 'Название терминала' });
    await waitFor(() => expect(input).toHaveFocus());
    return { ...api, user, item, input };
  }

  it('saves on Enter with PATCH update-name {name}', async () => {
    const { user, input, calls, item } = await startEditing();
    const path = API.terminals.updateName(item.id);
    calls.length = 0;
    await user.clear(input);
    await user.type(input, 'Кухня{Enter}');
    await waitFor(() => expect(called(calls, 'PATCH', path)).toHaveLength(1));
    expect(called(calls, 'PATCH', path)[0]?.body).toEqual({ name: 'Кухня' });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Название терминала' })).not.toBeInTheDocument(),
    );
  });

  it('cancels on Escape without a call', async () => {
    const { user, input, calls } = await startEditing();
    await user.clear(input);
    await user.type(input, 'Другое{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Название терминала' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pixel 7' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("refuses an empty name with 'Название не может быть пустым'", async () => {
    const { user, input, calls } = await startEditing();
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('Название не может быть пустым')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("shows the server's detail when saving fails and keeps editing", async () => {
    const item = terminal({ name: 'Pixel 7' });
    const user = userEvent.setup();
    renderPage(
      { body: { count: 1, results: [item] } },
      { [`PATCH ${API.terminals.updateName(item.id)}`]: { status: 400, body: { detail: 'Имя занято' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Переименовать: Pixel 7' }));
    await user.type(screen.getByRole('textbox', { name: 'Название терминала' }), ' 2{Enter}');
    expect(await screen.findByText('Имя занято')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Название терминала' })).toBeInTheDocument();
  });

  it("says 'Не удалось сохранить название' when the failure carries no detail", async () => {
    const item = terminal({ name: 'Pixel 7' });
    const user = userEvent.setup();
    renderPage(
      { body: { count: 1, results: [item] } },
      { [`PATCH ${API.terminals.updateName(item.id)}`]: 'network-error' },
    );
    await user.click(await screen.findByRole('button', { name: 'Переименовать: Pixel 7' }));
    await user.type(screen.getByRole('textbox', { name: 'Название терминала' }), ' 2{Enter}');
    expect(await screen.findByText('Не удалось сохранить название')).toBeInTheDocument();
  });
});

describe('Details', () => {
  it('shows the device, activation, last ping and linked count, and deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const item = terminal({ name: 'Склад', payments_count: 3 });
    const { calls } = renderPage(
      { body: { count: 1, results: [item] } },
      { [`DELETE ${API.terminals.remove(item.id)}`]: { status: 204 } },
    );
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сведения о терминале' });
    expect(within(dialog).getByText('Android 14')).toBeInTheDocument();
    expect(within(dialog).getByText('1.2.0')).toBeInTheDocument();
    expect(within(dialog).getByText('Pixel 7')).toBeInTheDocument();
    expect(within(dialog).getByText('3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Удалить терминал' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Удалить терминал «Склад»?');
    expect(called(calls, 'DELETE', API.terminals.remove(item.id))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(called(calls, 'DELETE', API.terminals.remove(item.id))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open when the window crosses 720 px (a phone turned, a window resized)', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    renderPage({ body: { count: 1, results: [terminal({ name: 'Склад' })] } });
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    await screen.findByRole('dialog', { name: 'Сведения о терминале' });
    act(() => setViewportWidth(375));
    await waitFor(() =>
      expect(screen.getByTestId('terminals-list')).toHaveAttribute('data-layout', 'mobile'),
    );
    expect(screen.getByRole('dialog', { name: 'Сведения о терминале' })).toBeInTheDocument();
  });
});

describe('online words', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  it('say how long ago the phone was seen', () => {
    expect(onlineText(true, '2026-11-23T11:59:59.000Z', now)).toBe('в сети');
    expect(lastSeenText('2026-11-23T11:59:30.000Z', now)).toBe('был(а) только что');
    expect(lastSeenText('2026-11-23T11:55:00.000Z', now)).toBe('был(а) 5 мин назад');
    expect(lastSeenText('2026-11-23T09:00:00.000Z', now)).toBe('был(а) 3 ч назад');
    expect(lastSeenText('2026-11-20T09:00:00.000Z', now)).toMatch(/^был\(а\) 20\.11\.2026/);
    expect(onlineText(false, null, now)).toBe('не в сети · ещё не выходил(а) на связь');
  });
});
