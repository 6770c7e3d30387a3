import { API, SETTINGS_MESSAGES, WALLET_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { called, failsOnce, mockApi } from '../../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/toast.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import { settingsApi, userInfo } from './test-fixtures.ts';

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

const GOOD = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const TYPO = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZL';
const ACTIVE = {
  id: '11111111-1111-4111-8111-111111111111',
  wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  usable_at: '2025-01-01T00:00:00.000Z',
};
const PENDING = {
  id: '22222222-2222-4222-8222-222222222222',
  wallet: GOOD,
  usable_at: '2099-01-01T10:00:00.000Z',
};
const WHITE = `GET ${API.wallet.white}`;

describe('Notification', () => {
  it("sends the payments switch as {notification_paymets} (spec spelling) and says 'Операция успешно выполнена'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [`PUT ${API.settings.notifySettings}`]: {
          body: {
            status: 'success',
            message: 'ok',
            notification_payments: false,
            notification_account: false,
          },
        },
      }),
    );
    renderAt('/settings#notification');
    const payments = await screen.findByRole('switch', { name: T.notifyPayments });
    expect(payments).toBeChecked();
    await user.click(payments);
    expect(payments).not.toBeChecked();
    expect(await screen.findByText(SETTINGS_MESSAGES.success)).toBeInTheDocument();
    expect(called(calls, 'PUT', API.settings.notifySettings)[0]?.body).toEqual({
      notification_paymets: false,
    });
  });

  it('sends the account switch as {notification_account}', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [`PUT ${API.settings.notifySettings}`]: {
          body: { status: 'success', message: 'ok', notification_payments: true, notification_account: true },
        },
      }),
    );
    renderAt('/settings#notification');
    await user.click(await screen.findByRole('switch', { name: T.notifyAccount }));
    await waitFor(() => expect(called(calls, 'PUT', API.settings.notifySettings)).toHaveLength(1));
    expect(called(calls, 'PUT', API.settings.notifySettings)[0]?.body).toEqual({
      notification_account: true,
    });
  });

  it('moves the switch at once and puts it back when the server refuses', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi(
      settingsApi(false, {
        [`PUT ${API.settings.notifySettings}`]: { status: 400, body: { detail: 'Не удалось сохранить' } },
      }),
    );
    const fetchMock = api.fetch as unknown as Mock<typeof fetch>;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(API.settings.notifySettings)) await gate;
      return original(input, init);
    });
    renderAt('/settings#notification');
    const account = await screen.findByRole('switch', { name: T.notifyAccount });
    expect(account).not.toBeChecked();
    await user.click(account);
    expect(account).toBeChecked();
    release();
    expect(await screen.findByText('Не удалось сохранить')).toBeInTheDocument();
    await waitFor(() => expect(account).not.toBeChecked());
  });

  it('names a user info load failure and retries', async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [`GET ${API.settings.userInfo}`]: failsOnce({ body: userInfo() }),
      }),
    );
    renderAt('/settings#notification');
    expect(await screen.findByText(SETTINGS_MESSAGES.userInfoLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('switch', { name: T.notifyPayments })).toBeInTheDocument();
  });
});

describe('Wallets (leads)', () => {
  it('lists the addresses, marking one still in its cool-down, with the count out of 20', async () => {
    mockApi(settingsApi(true, { [WHITE]: { body: { is_white_wallet: true, wallets: [ACTIVE, PENDING] } } }));
    renderAt('/settings#wallet');
    const rows = await screen.findAllByTestId('whitelist-entry');
    expect(within(rows[0]!).getByText(T.walletActive)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Доступен с \d{2}\.01\.2099/)).toBeInTheDocument();
    expect(screen.getByText(T.walletsCount(2, 20))).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.whitelistSwitch })).toBeChecked();
  });

  it("says 'Введите адрес кошелька' for an empty address and catches a checksum typo, sending nothing", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(settingsApi(true));
    renderAt('/settings#wallet');
    await user.click(await screen.findByRole('button', { name: T.addWallet }));
    expect(await screen.findByText(WALLET_MESSAGES.whitelistAddressRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: T.walletAddress }), TYPO);
    await user.click(screen.getByRole('button', { name: T.addWallet }));
    expect(await screen.findByText(WALLET_MESSAGES.invalidAddress)).toBeInTheDocument();
    expect(called(calls, 'POST', API.wallet.white)).toHaveLength(0);
  });

  it('adds an address and shows the new list', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(true, {
        [`POST ${API.wallet.white}`]: {
          body: { wallet_data: { is_white_wallet: false, wallets: [PENDING] } },
        },
      }),
    );
    renderAt('/settings#wallet');
    await user.type(await screen.findByRole('textbox', { name: T.walletAddress }), GOOD);
    await user.click(screen.getByRole('button', { name: T.addWallet }));
    expect(await screen.findByText(T.walletAdded)).toBeInTheDocument();
    expect(called(calls, 'POST', API.wallet.white)[0]?.body).toEqual({ wallet: GOOD });
    expect(await screen.findAllByTestId('whitelist-entry')).toHaveLength(1);
  });

  it('shows the no-permission message for a 451 on add, delete and change', async () => {
    const user = userEvent.setup();
    const refuse = { status: 451, body: { detail: 'not a lead' } };
    mockApi(
      settingsApi(true, {
        [WHITE]: { body: { is_white_wallet: false, wallets: [ACTIVE] } },
        [`POST ${API.wallet.white}`]: refuse,
        [`DELETE ${API.wallet.white}`]: refuse,
        [`POST ${API.wallet.whiteOtp}`]: refuse,
      }),
    );
    renderAt('/settings#wallet');
    await user.type(await screen.findByRole('textbox', { name: T.walletAddress }), GOOD);
    await user.click(screen.getByRole('button', { name: T.addWallet }));
    expect(await screen.findByText(SETTINGS_MESSAGES.walletAddForbidden)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `${T.deleteWallet} ${ACTIVE.wallet}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.deleteWalletTitle })).getByRole('button', {
        name: T.deleteWallet,
      }),
    );
    expect(await screen.findByText(SETTINGS_MESSAGES.walletDeleteForbidden)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: T.whitelistSwitch }));
    expect(await screen.findByText(SETTINGS_MESSAGES.walletChangeForbidden)).toBeInTheDocument();
  });

  it("deletes after confirming, with {id}, and says 'Успешно удалено'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(true, {
        [WHITE]: { body: { is_white_wallet: false, wallets: [ACTIVE] } },
        [`DELETE ${API.wallet.white}`]: {
          body: { message: WALLET_MESSAGES.deleted, wallet_data: { is_white_wallet: false, wallets: [] } },
        },
      }),
    );
    renderAt('/settings#wallet');
    await user.click(await screen.findByRole('button', { name: `${T.deleteWallet} ${ACTIVE.wallet}` }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteWalletTitle });
    expect(within(dialog).getByText(T.deleteWalletBody(ACTIVE.wallet))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.deleteWallet }));
    expect(await screen.findByText(SETTINGS_MESSAGES.deleted)).toBeInTheDocument();
    expect(called(calls, 'DELETE', API.wallet.white)[0]?.body).toEqual({ id: ACTIVE.id });
    expect(await screen.findByText(T.walletsEmpty)).toBeInTheDocument();
  });

  it('switches the whitelist only through the mailed code: POST white/otp, then PATCH white {otp}', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(true, {
        [`POST ${API.wallet.whiteOtp}`]: { body: { message: 'sent' } },
        [`PATCH ${API.wallet.white}`]: {
          body: { is_white_wallet: true, message: WALLET_MESSAGES.whitelistEnabled },
        },
      }),
    );
    renderAt('/settings#wallet');
    const toggle = await screen.findByRole('switch', { name: T.whitelistSwitch });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: T.whitelistConfirmTitle });
    expect(within(dialog).getByText(T.whitelistConfirmOn)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.paste('112233');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText(WALLET_MESSAGES.whitelistEnabled)).toBeInTheDocument();
    expect(called(calls, 'PATCH', API.wallet.white)[0]?.body).toEqual({ otp: '112233' });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('names a wallet data load failure and retries', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi(
      settingsApi(true, {
        [WHITE]: () =>
          failing
            ? { status: 404, body: { detail: 'x' } }
            : { body: { is_white_wallet: false, wallets: [] } },
      }),
    );
    renderAt('/settings#wallet');
    expect(await screen.findByText(SETTINGS_MESSAGES.walletLoadFailed)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(T.walletsEmpty)).toBeInTheDocument();
  });
});
