import {
  API,
  debtOutstandingText,
  WALLET_MESSAGES,
  WALLET_TEXT,
  type WhitelistEntry,
  WITHDRAWABLE_TEXT,
} from '@app/shared';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { called, type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { notify } from '../../ui/index.ts';
import { WalletModal, type WalletTab } from './wallet-modal.tsx';

const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const usable = (id: string, wallet: string): WhitelistEntry => ({
  id,
  wallet,
  usable_at: '2025-01-01T00:00:00.000Z',
});

function Harness(props: { isLead?: boolean; tab?: WalletTab; whiteList?: WhitelistEntry[] }) {
  const [open, setOpen] = useState(true);
  return (
    <Providers>
      <output data-testid="modal-state">{open ? 'open' : 'closed'}</output>
      <WalletModal
        open={open}
        onOpenChange={setOpen}
        initialTab={props.tab ?? 'deposit'}
        isLead={props.isLead ?? false}
        whiteList={props.whiteList ?? []}
      />
    </Providers>
  );
}

function setup(handlers: Handlers, props: Parameters<typeof Harness>[0] = {}, fakeTimers = false) {
  const api = mockApi({ [`POST ${API.wallet.deposit}`]: { body: { status: 'scanning' } }, ...handlers });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(<Harness {...props} />);
  return { ...api, user };
}

const withAddress: Handlers = { [`GET ${API.wallet.address}`]: { body: { address: ADDRESS } } };
const dialog = () => screen.getByRole('dialog', { name: WALLET_TEXT.modalTitle });
async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const codeDialog = screen.getAllByRole('dialog').at(-1)!;
  await user.click(within(codeDialog).getAllByRole('textbox')[0]!);
  await user.paste(code);
  await user.click(within(codeDialog).getByRole('button', { name: WALLET_TEXT.verifyOtp }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Deposit tab', () => {
  it('fetches the address, posts the deposit nudge and shows address, QR code, Copy and the warning', async () => {
    const { calls } = setup(withAddress);
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: WALLET_TEXT.modalTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your TRX Tron (TRC20) Address' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Send only USDT-TRC20 to this address. Sending any other asset may result in permanent loss.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(dialog()).getByTestId('deposit-qr').tagName.toLowerCase()).toBe('svg');
    expect(called(calls, 'GET', API.wallet.address)).toHaveLength(1);
    expect(called(calls, 'POST', API.wallet.deposit)).toHaveLength(1);
    // Not a lead: no Withdraw tab.
    expect(within(dialog()).queryByRole('tab', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('shows Loading while the address is being fetched', async () => {
    setup({ [`GET ${API.wallet.address}`]: 'never' });
    expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
  });

  it('ignores a failing deposit nudge', async () => {
    setup({
      ...withAddress,
      [`POST ${API.wallet.deposit}`]: { status: 500, body: { detail: 'Внутренняя ошибка' } },
    });
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByText('Внутренняя ошибка')).not.toBeInTheDocument();
  });

  it("says 'Не удалось получить адрес кошелька' when the fetch fails other than with 404", async () => {
    setup({ [`GET ${API.wallet.address}`]: { status: 500, body: { detail: 'boom' } } });
    // A 5xx gets one retry (the app's query policy) before the message shows.
    expect(
      await screen.findByText('Не удалось получить адрес кошелька', {}, { timeout: 4_000 }),
    ).toBeInTheDocument();
  });

  it('creates a wallet through the OTP modal when there is no address yet', async () => {
    let created = false;
    const { user, calls } = setup({
      [`GET ${API.wallet.address}`]: () =>
        created
          ? { body: { address: ADDRESS } }
          : { status: 404, body: { detail: 'Адрес кошелька ещё не создан' } },
      [`POST ${API.wallet.addressRequest}`]: { body: { status: 'otp_sent', message: 'Код отправлен' } },
      [`POST ${API.wallet.addressConfirm}`]: () => {
        created = true;
        return { body: { address: ADDRESS, message: 'Адрес кошелька создан' } };
      },
    });
    expect(await screen.findByText("You don't have a wallet address yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Wallet Creation' })).toBeInTheDocument();
    await typeCode(user, '123456');
    expect(called(calls, 'POST', API.wallet.addressConfirm)[0]?.body).toEqual({ otp: '123456' });
    expect(await screen.findByText('Адрес кошелька создан')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm Wallet Creation' })).not.toBeInTheDocument();
    expect(within(dialog()).getByTestId('deposit-address')).toHaveTextContent(ADDRESS);
  });

  it("shows the server's error for a refused code and keeps the OTP modal open", async () => {
    const { user } = setup({
      [`GET ${API.wallet.address}`]: { status: 404, body: { detail: 'нет' } },
      [`POST ${API.wallet.addressRequest}`]: { body: { status: 'otp_sent', message: 'Код отправлен' } },
      [`POST ${API.wallet.addressConfirm}`]: {
        status: 400,
        body: { detail: 'Неверный или просроченный код' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Wallet' }));
    await typeCode(user, '000000');
    expect(await screen.findByText('Неверный или просроченный код')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm Wallet Creation' })).toBeInTheDocument();
  });

  it("shows the server's error text or 'Не удалось запросить создание кошелька' when the request fails", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 429,
      body: { detail: 'Слишком много запросов кода.' },
    };
    const { user } = setup({
      [`GET ${API.wallet.address}`]: { status: 404, body: { detail: 'нет' } },
      [`POST ${API.wallet.addressRequest}`]: () => answer,
    });
    await user.click(await screen.findByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByText('Слишком много запросов кода.')).toBeInTheDocument();
    answer = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByText('Не удалось запросить создание кошелька')).toBeInTheDocument();
  });

  it('copies the address and says so, or says the copy failed', async () => {
    const { user } = setup(withAddress);
    await screen.findByText(ADDRESS);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Адрес скопирован')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Не удалось скопировать адрес')).toBeInTheDocument();
  });
});

describe('Withdraw tab (leads)', () => {
  it('is disabled without an address, and opening for withdraw falls back to Deposit', async () => {
    setup(
      { [`GET ${API.wallet.address}`]: { status: 404, body: { detail: 'нет' } } },
      { isLead: true, tab: 'withdraw' },
    );
    expect(await screen.findByText("You don't have a wallet address yet.")).toBeInTheDocument();
    expect(within(dialog()).getByRole('tab', { name: /Deposit/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getByRole('tab', { name: /Withdraw/ })).toBeDisabled();
  });

  it("offers 'Select from White List' only with a non-empty whitelist; picking fills the address", async () => {
    const first = setup(withAddress, { isLead: true, tab: 'withdraw' });
    expect(await screen.findByText('Withdraw USDT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Select from White List/ })).not.toBeInTheDocument();
    first.fetch.mockClear();
    cleanup();

    const { user } = setup(withAddress, {
      isLead: true,
      tab: 'withdraw',
      whiteList: [usable('1', ADDRESS), usable('2', OTHER)],
    });
    await user.click(await screen.findByRole('button', { name: /Select from White List/ }));
    await user.click(await screen.findByRole('menuitem', { name: OTHER }));
    expect(screen.getByRole('textbox', { name: 'Wallet Address' })).toHaveValue(OTHER);
  });

  it("says 'Заполните все поля' and sends nothing when a field is empty", async () => {
    const { user, calls } = setup(withAddress, { isLead: true, tab: 'withdraw' });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '15');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Заполните все поля')).toBeInTheDocument();
    expect(called(calls, 'POST', API.wallet.withdrawRequest)).toHaveLength(0);
  });

  it('filters the inputs: digits with one point for the amount, alphanumerics for the address', async () => {
    const { user } = setup(withAddress, { isLead: true, tab: 'withdraw' });
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1a2.5.0$');
    expect(amount).toHaveValue('12.50');
    // A typed comma is the decimal point: the field holds "12.5", never "125".
    await user.clear(amount);
    await user.type(amount, '12,5');
    expect(amount).toHaveValue('12.5');
    const address = screen.getByRole('textbox', { name: 'Wallet Address' });
    await user.type(address, 'T-U E_Z!');
    expect(address).toHaveValue('TUEZ');
  });

  it("shows the server's error text, or 'Не удалось выполнить вывод'", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 400,
      body: { error: 'Минимальная сумма вывода — 10 USDT' },
    };
    const { user } = setup(
      { ...withAddress, [`POST ${API.wallet.withdrawRequest}`]: () => answer },
      { isLead: true, tab: 'withdraw' },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Минимальная сумма вывода — 10 USDT')).toBeInTheDocument();
    answer = { status: 502 };
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Не удалось выполнить вывод')).toBeInTheDocument();
  });

  it("withdraws: 'Processing...', the OTP modal, success, then fields cleared and the modal closed after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let releaseRequest: () => void = () => {};
    const { user, calls } = setup(
      {
        ...withAddress,
        [`POST ${API.wallet.withdrawRequest}`]: () => ({
          body: { message: 'Код для подтверждения вывода отправлен на почту' },
        }),
        [`POST ${API.wallet.withdrawVerify}`]: {
          body: {
            message: 'Заявка на вывод отправлена',
            withdrawal: { id: 'w1', status: 'held', amount: 12.5, fee: 1, address: OTHER },
          },
        },
      },
      { isLead: true, tab: 'withdraw' },
      true,
    );
    const gate = new Promise<void>((resolve) => (releaseRequest = resolve));
    const fetchMock = globalThis.fetch as unknown as Mock<typeof fetch>;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith(API.wallet.withdrawRequest)) await gate;
      return original(input, init);
    });

    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '12.5');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => releaseRequest());
    expect(called(calls, 'POST', API.wallet.withdrawRequest)[0]?.body).toEqual({
      amount: 12.5,
      address: OTHER,
    });

    expect(await screen.findByRole('dialog', { name: 'Confirm Withdrawal' })).toBeInTheDocument();
    await typeCode(user, '654321');
    expect(await screen.findByText('Заявка на вывод отправлена')).toBeInTheDocument();
    expect(called(calls, 'POST', API.wallet.withdrawVerify)[0]?.body).toEqual({
      amount: 12.5,
      address: OTHER,
      otp: '654321',
    });
    expect(screen.getByTestId('modal-state')).toHaveTextContent('open');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('12.5');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(screen.getByTestId('modal-state')).toHaveTextContent('closed'));
  });
});

describe('Withdraw form: limits, decimal comma, success by status', () => {
  const limits: Handlers = { [`GET ${API.wallet.withdrawLimits}`]: { body: { fee: 1, minimum: 10 } } };

  it('shows the fee, the minimum, what arrives and what leaves the balance before submitting', async () => {
    const { user } = setup({ ...withAddress, ...limits }, { isLead: true, tab: 'withdraw' });
    const cost = await screen.findByTestId('withdraw-cost');
    expect(cost).toHaveTextContent('Комиссия сети1 USDT');
    expect(cost).toHaveTextContent('Минимальная сумма10 USDT');
    expect(cost).toHaveTextContent('Поступит на адрес—');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12,5');
    expect(cost).toHaveTextContent('Поступит на адрес12,5 USDT');
    expect(cost).toHaveTextContent('Спишется с баланса13,5 USDT');
  });

  it('refuses an amount below the minimum or with more than 6 decimals under the field, sending nothing', async () => {
    const { user, calls } = setup({ ...withAddress, ...limits }, { isLead: true, tab: 'withdraw' });
    await screen.findByTestId('withdraw-cost');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '9,5');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Минимальная сумма вывода — 10 USDT'));
    await user.clear(amount);
    await user.type(amount, '10,1234567');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(WALLET_MESSAGES.amountPrecision));
    expect(called(calls, 'POST', API.wallet.withdrawRequest)).toHaveLength(0);
  });

  it("says 'Заполните все поля' when the address is empty", async () => {
    const toast = vi.spyOn(notify, 'error');
    const { user, calls } = setup({ ...withAddress, ...limits }, { isLead: true, tab: 'withdraw' });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '15');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Заполните все поля'));
    expect(screen.getByRole('textbox', { name: 'Wallet Address' })).toHaveAttribute('aria-invalid', 'true');
    expect(called(calls, 'POST', API.wallet.withdrawRequest)).toHaveLength(0);
  });

  it('sends "12,5" as 12.5, opens the code step on any 2xx answer and restates amount, fee and address', async () => {
    const toast = vi.spyOn(notify, 'error');
    const { user, calls } = setup(
      {
        ...withAddress,
        ...limits,
        // Different wording than the spec's text: success is the status, not the message.
        [`POST ${API.wallet.withdrawRequest}`]: { body: { message: 'Код отправлен на почту' } },
      },
      { isLead: true, tab: 'withdraw' },
    );
    await screen.findByTestId('withdraw-cost');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12,5');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Withdrawal' });
    expect(called(calls, 'POST', API.wallet.withdrawRequest)[0]?.body).toEqual({
      amount: 12.5,
      address: OTHER,
    });
    const summary = within(confirm).getByTestId('withdraw-confirm-summary');
    expect(summary).toHaveTextContent('Сумма12,5 USDT');
    expect(summary).toHaveTextContent('Комиссия сети1 USDT');
    expect(summary).toHaveTextContent('Спишется с баланса13,5 USDT');
    expect(summary).toHaveTextContent(OTHER);
    expect(toast).not.toHaveBeenCalled();
  });

  it('treats an error status as a failure even when its text looks like success', async () => {
    const { user } = setup(
      {
        ...withAddress,
        ...limits,
        [`POST ${API.wallet.withdrawRequest}`]: {
          status: 502,
          body: { message: 'Код для подтверждения вывода отправлен на почту' },
        },
      },
      { isLead: true, tab: 'withdraw' },
    );
    await screen.findByTestId('withdraw-cost');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Код для подтверждения вывода отправлен на почту')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm Withdrawal' })).not.toBeInTheDocument();
  });
});

describe('Withdraw form: what can leave now (issue 23)', () => {
  const limits: Handlers = { [`GET ${API.wallet.withdrawLimits}`]: { body: { fee: 1, minimum: 10 } } };
  const balance = (body: object): Handlers => ({ [`GET ${API.wallet.withdrawable}`]: { body } });

  it('shows what can be withdrawn, the reserves with their end, and fills the maximum minus the fee', async () => {
    vi.stubEnv('TZ', 'Europe/Moscow');
    try {
      const { user } = setup(
        {
          ...withAddress,
          ...limits,
          ...balance({
            available: 150,
            withdrawable: 100.5,
            reserved: 49.5,
            debt: 0,
            reserves: [
              { amount: 30, until: '2026-03-12T11:05:00.000Z' },
              { amount: 19.5, until: '2026-03-13T08:00:00.000Z' },
            ],
          }),
        },
        { isLead: true, tab: 'withdraw' },
      );
      const summary = await screen.findByTestId('withdrawable');
      expect(within(summary).getByTestId('withdrawable-amount')).toHaveTextContent('100,5 USDT');
      expect(summary).toHaveTextContent('В резерве49,5 USDT');
      const lines = within(summary).getAllByTestId('reserve-line');
      expect(lines.map((line) => line.textContent)).toEqual([
        'В резерве до 12.03 14:0530\u00a0USDT',
        'В резерве до 13.03 11:0019,5\u00a0USDT',
      ]);
      await screen.findByTestId('withdraw-cost');
      await user.click(screen.getByRole('button', { name: WITHDRAWABLE_TEXT.maxLabel }));
      expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('99.5');
      expect(screen.getByTestId('withdraw-cost')).toHaveTextContent('Спишется с баланса100,5 USDT');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says a dispute debt blocks withdrawals and keeps the form from being sent', async () => {
    setup(
      {
        ...withAddress,
        ...limits,
        ...balance({ available: 80, withdrawable: 0, reserved: 0, debt: 12.5, reserves: [] }),
      },
      { isLead: true, tab: 'withdraw' },
    );
    const debt = await screen.findByTestId('debt');
    expect(debt).toHaveTextContent(`${WITHDRAWABLE_TEXT.debt}: 12,5 USDT`);
    expect(debt).toHaveTextContent(WITHDRAWABLE_TEXT.debtHint);
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByRole('button', { name: WITHDRAWABLE_TEXT.maxLabel })).toBeDisabled();
  });

  it('shows the server’s debt refusal as it is', async () => {
    const detail = debtOutstandingText('12.5');
    const toast = vi.spyOn(notify, 'error');
    const { user } = setup(
      {
        ...withAddress,
        ...limits,
        [`POST ${API.wallet.withdrawRequest}`]: { status: 400, body: { detail } },
      },
      { isLead: true, tab: 'withdraw' },
    );
    await screen.findByTestId('withdraw-cost');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Wallet Address' }), OTHER);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(detail));
  });
});
