import {
  API,
  type ForwarderSetupResponse,
  TERMINAL_APP_LABELS,
  TERMINAL_APPS,
  TERMINAL_TEXT,
} from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { called, type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { latinOutsideLiterals } from '../../test/language.ts';
import { renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/index.ts';
import { PAIRING_POLL_MS } from './api.ts';
import { TerminalsPage } from './terminals-page.tsx';
import { terminal } from './test-fixtures.ts';

const LIST = `GET ${API.terminals.list}`;
/** These tests walk whole flows through lazy chunks: give a loaded machine time (the default is 5 s). */
const FLOW_TIMEOUT_MS = 15_000;
/** The card's English words the spec fixes (buttons, status, the ID caption). */
const SPEC_WORDS = [TERMINAL_TEXT.details, TERMINAL_TEXT.managePayments, TERMINAL_TEXT.enabled, 'ID'].flatMap(
  (text) => text.split(' '),
);
const NEW_URL = 'https://pay.example.com/backend/device/v1/hooks/NEW-token_abcdefghijklmnopqrstuvwxyz0123456';

function renderPage(list: Handlers[string], extra: Handlers = {}) {
  const api = mockApi({ [LIST]: list, ...extra });
  const user = userEvent.setup();
  renderAt('/terminals', [{ path: '/terminals', element: <TerminalsPage /> }]);
  return { ...api, user };
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

describe('a terminal card names its app and shows the charge from pings', {
  timeout: FLOW_TIMEOUT_MS,
}, () => {
  for (const width of [375, 1024]) {
    it(`shows each app's label, the 12 % default and a charging mark only while charging (${width} px)`, async () => {
      setViewportWidth(width);
      const results = TERMINAL_APPS.map((app, index) =>
        terminal({
          name: `Телефон ${index}`,
          app,
          phone_charge: index === 0 ? null : 40 + index,
          charging: index === 1 ? true : index === 2 ? false : null,
        }),
      );
      renderPage({ body: { count: results.length, results } });
      const cards = await screen.findAllByTestId('terminal-card');
      expect(cards).toHaveLength(5);
      cards.forEach((card, index) => {
        const app = TERMINAL_APPS[index]!;
        expect(within(card).getByTestId('terminal-app')).toHaveTextContent(TERMINAL_APP_LABELS[app]);
        expect(latinOutsideLiterals(card).filter((word) => !SPEC_WORDS.includes(word))).toEqual([]);
      });
      expect(within(cards[0]!).getByRole('img', { name: 'Заряд 12%' })).toBeInTheDocument();
      expect(within(cards[1]!).getByRole('img', { name: 'Заряд 41%' })).toBeInTheDocument();
      expect(within(cards[1]!).getByRole('img', { name: 'Заряжается' })).toBeInTheDocument();
      for (const card of [cards[0]!, cards[2]!, cards[3]!]) {
        expect(within(card).queryByTestId('terminal-charging')).not.toBeInTheDocument();
      }
      // 'Новый URL' belongs to the forwarder apps only: the QR-paired phone has no URL.
      expect(within(cards[0]!).queryByRole('button', { name: 'Новый URL' })).not.toBeInTheDocument();
      for (const card of cards.slice(1)) {
        expect(within(card).getByRole('button', { name: 'Новый URL' })).toBeInTheDocument();
      }
    });
  }

  it('Details shows the app and that the phone is charging', async () => {
    const user = userEvent.setup();
    renderPage({
      body: { count: 1, results: [terminal({ app: 'sms-gateway', phone_charge: 64, charging: true })] },
    });
    const card = await screen.findByTestId('terminal-card');
    await user.click(within(card).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сведения о терминале' });
    expect(within(dialog).getByTestId('details-app')).toHaveTextContent('SMS Gateway for Android');
    expect(within(dialog).getByText('64% · заряжается')).toBeInTheDocument();
  });
});

describe("'Новый URL'", { timeout: FLOW_TIMEOUT_MS }, () => {
  const renewed = (overrides: Partial<ForwarderSetupResponse> = {}): ForwarderSetupResponse => ({
    terminal_id: '',
    app: 'smsforwarder',
    webhook_url: NEW_URL,
    secret: 'n3w-Secret_value',
    ...overrides,
  });

  it('asks first: Отмена keeps the URL and calls nothing', async () => {
    const item = terminal({ name: 'Касса 1', app: 'smsforwarder' });
    const { user, calls } = renderPage({ body: { count: 1, results: [item] } });
    const card = await screen.findByTestId('terminal-card');
    await user.click(within(card).getByRole('button', { name: 'Новый URL' }));
    const confirm = await screen.findByRole('dialog', { name: 'Выдать новый URL?' });
    expect(confirm).toHaveTextContent('Старый URL терминала «Касса 1» перестанет работать сразу');
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(called(calls, 'POST', API.terminals.hookUrl(item.id))).toHaveLength(0);
  });

  it('confirmed, posts hook-url and opens the setup screen with the new URL; connected on the next ping', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const earlier = '2026-11-23T10:00:00.000Z';
    let lastPing = earlier;
    const item = terminal({ name: 'Касса 1', app: 'smsforwarder', last_ping: earlier });
    const { user, calls } = renderPage(
      () => ({ body: { count: 1, results: [{ ...item, last_ping: lastPing }] } }),
      { [`POST ${API.terminals.hookUrl(item.id)}`]: { body: renewed({ terminal_id: item.id }) } },
    );
    const card = await screen.findByTestId('terminal-card');
    await user.click(within(card).getByRole('button', { name: 'Новый URL' }));
    const confirm = await screen.findByRole('dialog', { name: 'Выдать новый URL?' });
    await user.click(within(confirm).getByRole('button', { name: 'Выдать новый URL' }));

    const dialog = await screen.findByRole('dialog', { name: 'Настройка SmsForwarder' });
    expect(called(calls, 'POST', API.terminals.hookUrl(item.id))).toHaveLength(1);
    expect(dialog).toHaveTextContent('Старый URL больше не работает');
    expect(within(dialog).getByTestId('forwarder-url-value')).toHaveTextContent(NEW_URL);
    expect(within(dialog).getByTestId('forwarder-secret-value')).toHaveTextContent('n3w-Secret_value');
    expect(within(dialog).getByTestId('forwarder-qr')).toHaveAttribute('data-qr-value', NEW_URL);

    // The ping from before the new URL does not count.
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    expect(within(dialog).getByTestId('forwarder-state')).toHaveAttribute('data-connected', 'false');
    lastPing = '2026-11-23T10:05:00.000Z';
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    expect(await within(dialog).findByText('Терминал подключен')).toBeInTheDocument();
  });

  it('keeps the new URL on screen when the card changes layout (a tablet turned)', async () => {
    const item = terminal({ name: 'Касса 2', app: 'sms-gateway' });
    const { user } = renderPage(
      { body: { count: 1, results: [item] } },
      {
        [`POST ${API.terminals.hookUrl(item.id)}`]: {
          body: renewed({ terminal_id: item.id, app: 'sms-gateway' }),
        },
      },
    );
    const card = await screen.findByTestId('terminal-card');
    await user.click(within(card).getByRole('button', { name: 'Новый URL' }));
    await user.click(await screen.findByRole('button', { name: 'Выдать новый URL' }));
    await screen.findByRole('dialog', { name: 'Настройка SMS Gateway for Android' });
    act(() => setViewportWidth(375));
    await waitFor(() => expect(screen.getByTestId('terminal-card')).toHaveAttribute('data-layout', 'mobile'));
    const dialog = screen.getByRole('dialog', { name: 'Настройка SMS Gateway for Android' });
    expect(within(dialog).getByTestId('forwarder-url-value')).toHaveTextContent(NEW_URL);
  });

  it("shows the server's detail when a new URL cannot be made", async () => {
    const item = terminal({ app: 'sms-to-url' });
    const { user } = renderPage(
      { body: { count: 1, results: [item] } },
      { [`POST ${API.terminals.hookUrl(item.id)}`]: { status: 404, body: { detail: 'Терминал не найден' } } },
    );
    const card = await screen.findByTestId('terminal-card');
    await user.click(within(card).getByRole('button', { name: 'Новый URL' }));
    await user.click(await screen.findByRole('button', { name: 'Выдать новый URL' }));
    expect(await screen.findByText('Терминал не найден')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Настройка/ })).not.toBeInTheDocument();
  });
});
