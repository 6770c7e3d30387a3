import { API, SETTINGS_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { called, failsOnce, mockApi } from '../../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/toast.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import { TELEGRAM_ACCOUNTS_POLL_MS } from './telegram-api.ts';
import { settingsApi } from './test-fixtures.ts';

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

const ACCOUNTS = `GET ${API.telegram.accounts}`;
const account = (id: number, name: string) => ({
  id: `acc-${id}`,
  telegram_id: id,
  telegram_name: name,
  auth_date: '2026-11-20T09:25:00.000Z',
});

describe('Connection: the key', () => {
  it('shows the key with a copy button, the deep link and its QR code', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi(settingsApi(false));
    renderAt('/settings#connection');
    expect(await screen.findByTestId('connection-key')).toHaveTextContent('k-12345');
    expect(screen.getByRole('link', { name: /Открыть бота в Telegram/ })).toHaveAttribute(
      'href',
      'https://t.me/processing_bot?start=k-12345',
    );
    expect(screen.getByTestId('telegram-qr')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.copyKey }));
    expect(writeText).toHaveBeenCalledWith('k-12345');
    expect(await screen.findByText(T.keyCopied)).toBeInTheDocument();
  });

  it('says the bot is not configured when the server runs none, and still shows the key', async () => {
    mockApi(
      settingsApi(false, {
        [`GET ${API.telegram.key}`]: {
          body: { connection_key: 'k-9', bot_configured: false, bot_username: null, deep_link: null },
        },
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByText(T.botMissing)).toBeInTheDocument();
    expect(screen.queryByText(T.botUnreachable)).not.toBeInTheDocument();
    expect(screen.getByTestId('connection-key')).toHaveTextContent('k-9');
    expect(screen.queryByTestId('telegram-qr')).not.toBeInTheDocument();
    expect(screen.getByText(T.accountsEmptyNoBot('k-9'))).toBeInTheDocument();
  });

  it('says a configured bot is unreachable for now (not missing) when Telegram did not tell its name', async () => {
    mockApi(
      settingsApi(false, {
        [`GET ${API.telegram.key}`]: {
          body: { connection_key: 'k-9', bot_configured: true, bot_username: null, deep_link: null },
        },
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByText(T.botUnreachable)).toBeInTheDocument();
    expect(screen.queryByText(T.botMissing)).not.toBeInTheDocument();
    expect(screen.getByTestId('connection-key')).toHaveTextContent('k-9');
    expect(screen.getByText(T.accountsEmptyBotUnknown('k-9'))).toBeInTheDocument();
  });

  it('refreshes the key only after confirming, then says all accounts were disconnected', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [ACCOUNTS]: { body: { accounts: [account(1, 'Anna')], message: '' } },
        [`POST ${API.telegram.refreshKey}`]: { body: { connection_key: 'k-new', message: 'ok' } },
      }),
    );
    renderAt('/settings#connection');
    await user.click(await screen.findByRole('button', { name: T.refreshKey }));
    const dialog = await screen.findByRole('dialog', { name: T.refreshConfirmTitle });
    expect(within(dialog).getByText(T.refreshConfirmBody)).toBeInTheDocument();
    expect(called(calls, 'POST', API.telegram.refreshKey)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(called(calls, 'POST', API.telegram.refreshKey)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: T.refreshKey }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.refreshConfirmTitle })).getByRole('button', {
        name: T.refreshKey,
      }),
    );
    expect(await screen.findByText(SETTINGS_MESSAGES.keyRefreshed)).toBeInTheDocument();
    expect(called(calls, 'POST', API.telegram.refreshKey)).toHaveLength(1);
  });

  it('names a key load failure and retries', async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [`GET ${API.telegram.key}`]: failsOnce({
          body: {
            connection_key: 'k-2',
            bot_configured: true,
            bot_username: 'b',
            deep_link: 'https://t.me/b?start=k-2',
          },
        }),
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByText(SETTINGS_MESSAGES.keyLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('connection-key')).toHaveTextContent('k-2');
  });
});

describe('Connection: linked accounts', () => {
  it('explains how to link when there are none: the deep link or /start <key>', async () => {
    mockApi(settingsApi(false));
    renderAt('/settings#connection');
    expect(await screen.findByText(T.accountsEmpty)).toBeInTheDocument();
    expect(screen.getByText(T.accountsEmptyWithBot('processing_bot', 'k-12345'))).toBeInTheDocument();
  });

  it('lists name, id and the linked date', async () => {
    mockApi(
      settingsApi(false, { [ACCOUNTS]: { body: { accounts: [account(777, 'Anna TG')], message: '' } } }),
    );
    renderAt('/settings#connection');
    const row = await screen.findByTestId('telegram-account');
    expect(within(row).getByText('Anna TG')).toBeInTheDocument();
    expect(row).toHaveTextContent('777');
    expect(row).toHaveTextContent(/\d{2}\.11\.2026 \d{2}:\d{2}/);
  });

  it('disconnects after confirming, with {telegram_id}, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [ACCOUNTS]: { body: { accounts: [account(1, 'Anna'), account(2, 'Work')], message: '' } },
        [`PUT ${API.telegram.accounts}`]: { body: { message: 'ok' } },
      }),
    );
    renderAt('/settings#connection');
    const rows = await screen.findAllByTestId('telegram-account');
    await user.click(within(rows[1]!).getByRole('button', { name: T.disconnect }));
    const dialog = await screen.findByRole('dialog', { name: T.disconnectTitle });
    expect(within(dialog).getByText(T.disconnectBody('Work'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.disconnect }));
    expect(await screen.findByText(SETTINGS_MESSAGES.success)).toBeInTheDocument();
    expect(called(calls, 'PUT', API.telegram.accounts)[0]?.body).toEqual({ telegram_id: 2 });
  });

  it("shows 'Невозможно отключить последний аккаунт' as an error toast", async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [ACCOUNTS]: { body: { accounts: [account(1, 'Anna')], message: '' } },
        [`PUT ${API.telegram.accounts}`]: { status: 400, body: { detail: SETTINGS_MESSAGES.lastAccount } },
      }),
    );
    renderAt('/settings#connection');
    await user.click(await screen.findByRole('button', { name: T.disconnect }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.disconnectTitle })).getByRole('button', {
        name: T.disconnect,
      }),
    );
    expect(await screen.findByText(SETTINGS_MESSAGES.lastAccount)).toBeInTheDocument();
    expect(screen.getByTestId('telegram-account')).toBeInTheDocument();
  });

  it('names an accounts load failure and retries', async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [ACCOUNTS]: failsOnce({ body: { accounts: [account(5, 'Back')], message: '' } }),
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByText(SETTINGS_MESSAGES.telegramLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });

  it('polls the list while the section is open, so a fresh link appears without reload', async () => {
    let attempts = 0;
    mockApi(
      settingsApi(false, {
        [ACCOUNTS]: () => ({
          body: { accounts: ++attempts === 1 ? [] : [account(9, 'Fresh')], message: '' },
        }),
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByText(T.accountsEmpty)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Fresh')).toBeInTheDocument(), {
      timeout: TELEGRAM_ACCOUNTS_POLL_MS + 2_000,
    });
  }, 10_000);

  it('shows the renewed key once an account linked with the shown one appears (a key links once)', async () => {
    let listed = 0;
    let keys = 0;
    const keyAnswer = (key: string) => ({
      body: {
        connection_key: key,
        bot_configured: true,
        bot_username: 'processing_bot',
        deep_link: `https://t.me/processing_bot?start=${key}`,
      },
    });
    const { calls } = mockApi(
      settingsApi(false, {
        [`GET ${API.telegram.key}`]: () => keyAnswer(++keys === 1 ? 'k-used' : 'k-renewed'),
        [ACCOUNTS]: () => ({
          body: { accounts: ++listed === 1 ? [] : [account(9, 'Fresh')], message: '' },
        }),
      }),
    );
    renderAt('/settings#connection');
    expect(await screen.findByTestId('connection-key')).toHaveTextContent('k-used');
    await waitFor(() => expect(screen.getByText('Fresh')).toBeInTheDocument(), {
      timeout: TELEGRAM_ACCOUNTS_POLL_MS + 2_000,
    });
    await waitFor(() => expect(screen.getByTestId('connection-key')).toHaveTextContent('k-renewed'));
    expect(screen.getByRole('link', { name: /Открыть бота в Telegram/ })).toHaveAttribute(
      'href',
      'https://t.me/processing_bot?start=k-renewed',
    );
    expect(called(calls, 'GET', API.telegram.key)).toHaveLength(2);
  }, 10_000);
});
