import { API, type TerminalPayment } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { called, type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/index.ts';
import { ManagePaymentsModal } from './manage-payments-modal.tsx';
import { terminalPayment, testId } from './test-fixtures.ts';

const TERMINAL_ID = testId();
const PAYMENTS = `GET ${API.terminals.payments(TERMINAL_ID)}`;
const UNASSIGNED = `GET ${API.terminals.unassigned}`;
const CONNECT = `PATCH ${API.terminals.connectPayments(TERMINAL_ID)}`;

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="modal-state">{open ? 'open' : 'closed'}</output>
      <ManagePaymentsModal
        terminalId={TERMINAL_ID}
        terminalName="Pixel 7"
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

function setup(handlers: Handlers) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  renderAt('/', [{ path: '/', element: <Harness /> }]);
  const urls = (path: string) =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(path));
  return { ...api, user, urls };
}

const page = (results: TerminalPayment[], count = results.length) => ({ body: { count, results } });
const manageDialog = () => screen.getByRole('dialog', { name: 'Manage Payments' });
const pickerDialog = () => screen.getByRole('dialog', { name: 'Выбор платежей' });

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

describe('Manage Payments', () => {
  it('lists the linked methods with Bank, Card, Phone, Status Active/Inactive and Unbind, 10 per page', async () => {
    const active = terminalPayment({ bank: { name: 'Т-Банк' }, card: '2200********1111' });
    const inactive = terminalPayment({ is_active: false, card: null, phone_number: '+79990001122' });
    const { urls, user } = setup({ [PAYMENTS]: page([active, inactive], 12) });
    const rows = await screen.findAllByTestId('terminal-payment');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Т-Банк')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2200********1111')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+79990001122')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Unbind' })).toBeInTheDocument();
    expect(within(manageDialog()).getByText('Bank')).toBeInTheDocument();
    expect(urls(API.terminals.payments(TERMINAL_ID))[0]?.searchParams.get('page_size')).toBe('10');
    await user.click(within(manageDialog()).getByRole('button', { name: 'Страница 2' }));
    await waitFor(() =>
      expect(urls(API.terminals.payments(TERMINAL_ID)).at(-1)?.searchParams.get('page')).toBe('2'),
    );
  });

  it('asks before unbinding; No keeps the link, Yes posts unbind with the payment id in the body', async () => {
    const payment = terminalPayment();
    const unbindPath = API.terminals.unbind(payment.id);
    const { user, calls } = setup({
      [PAYMENTS]: page([payment]),
      [`POST ${unbindPath}`]: { body: { message: 'ok' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Unbind' }));
    let confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to unbind this payment method?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(1));
    expect(called(calls, 'POST', unbindPath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to unbind this payment method?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(called(calls, 'POST', unbindPath)).toHaveLength(1));
    expect(called(calls, 'POST', unbindPath)[0]?.body).toEqual({ payment_id: payment.id });
    expect(await screen.findByText('Платеж отвязан')).toBeInTheDocument();
    // The terminal's list is asked again.
    await waitFor(() => expect(called(calls, 'GET', API.terminals.payments(TERMINAL_ID))).toHaveLength(2));
  });

  it("shows the server's detail, or 'Не удалось отвязать платёж', when unbinding fails", async () => {
    const payment = terminalPayment();
    const unbindPath = `POST ${API.terminals.unbind(payment.id)}`;
    const replies = [
      { status: 400, body: { detail: 'Платеж в сделке' } },
      { status: 502, body: {} },
    ];
    const { user } = setup({ [PAYMENTS]: page([payment]), [unbindPath]: () => replies.shift()! });
    await user.click(await screen.findByRole('button', { name: 'Unbind' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Платеж в сделке')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Не удалось отвязать платёж')).toBeInTheDocument();
  });

  it('says when nothing is linked', async () => {
    setup({ [PAYMENTS]: page([]) });
    expect(await screen.findByText('К терминалу не привязан ни один платеж')).toBeInTheDocument();
  });

  it("shows the list's failure: detail or 'Ошибка загрузки данных'", async () => {
    setup({ [PAYMENTS]: { status: 404, body: { detail: 'Терминал не найден' } } });
    expect(await screen.findByText('Терминал не найден')).toBeInTheDocument();
  });
});

describe('payment picker', () => {
  async function openPicker(handlers: Handlers) {
    const api = setup({ [PAYMENTS]: page([]), ...handlers });
    await api.user.click(await screen.findByRole('button', { name: 'Link a payment method' }));
    await screen.findByRole('dialog', { name: 'Выбор платежей' });
    return api;
  }

  it('asks for 10 per page and keeps choices across pages; Привязать (n) counts them', async () => {
    const first = Array.from({ length: 10 }, (_, index) => terminalPayment({ card: `2200****0000${index}` }));
    const second = [terminalPayment({ bank: { name: 'ВТБ' }, card: '2200********9999' })];
    const { user, urls, calls } = await openPicker({
      // The handler runs after fetch recorded its URL, so the last URL is this request's.
      [UNASSIGNED]: () => {
        const input = vi.mocked(fetch).mock.calls.at(-1)?.[0];
        const pageNumber = new URL(String(input), 'http://localhost').searchParams.get('page');
        return pageNumber === '2' ? page(second, 11) : page(first, 11);
      },
      [CONNECT]: { body: { message: 'ok' } },
    });
    expect(await within(pickerDialog()).findAllByRole('checkbox')).toHaveLength(10);
    expect(urls(API.terminals.unassigned)[0]?.searchParams.get('page_size')).toBe('10');
    expect(within(pickerDialog()).getByRole('button', { name: 'Привязать (0)' })).toBeInTheDocument();
    await user.click(
      within(pickerDialog()).getByRole('checkbox', { name: 'Выбрать: Сбербанк 2200****00000' }),
    );
    await user.click(
      within(pickerDialog()).getByRole('checkbox', { name: 'Выбрать: Сбербанк 2200****00003' }),
    );
    expect(within(pickerDialog()).getByRole('button', { name: 'Привязать (2)' })).toBeInTheDocument();
    await user.click(
      within(pickerDialog()).getByRole('checkbox', { name: 'Выбрать: Сбербанк 2200****00003' }),
    );
    expect(within(pickerDialog()).getByRole('button', { name: 'Привязать (1)' })).toBeInTheDocument();
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Страница 2' }));
    await user.click(
      await within(pickerDialog()).findByRole('checkbox', { name: 'Выбрать: ВТБ 2200********9999' }),
    );
    expect(within(pickerDialog()).getByRole('button', { name: 'Привязать (2)' })).toBeInTheDocument();
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Привязать (2)' }));
    await waitFor(() =>
      expect(called(calls, 'PATCH', API.terminals.connectPayments(TERMINAL_ID))).toHaveLength(1),
    );
    expect(called(calls, 'PATCH', API.terminals.connectPayments(TERMINAL_ID))[0]?.body).toEqual({
      payment_ids: [first[0]!.id, second[0]!.id],
    });
    expect(await screen.findByText('Платежи привязаны')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Выбор платежей' })).not.toBeInTheDocument(),
    );
  });

  it("refuses to link nothing with 'Выберите хотя бы один платеж'", async () => {
    const { user, calls } = await openPicker({ [UNASSIGNED]: page([terminalPayment()]) });
    await within(pickerDialog()).findAllByRole('checkbox');
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Привязать (0)' }));
    expect(await within(pickerDialog()).findByText('Выберите хотя бы один платеж')).toBeInTheDocument();
    expect(called(calls, 'PATCH', API.terminals.connectPayments(TERMINAL_ID))).toHaveLength(0);
  });

  it("says 'Некорректный формат ответа сервера' when results is not an array", async () => {
    await openPicker({ [UNASSIGNED]: { body: { count: 1, results: { id: 'x' } } } });
    expect(await within(pickerDialog()).findByText('Некорректный формат ответа сервера')).toBeInTheDocument();
  });

  it("shows the server's error field when the list fails", async () => {
    await openPicker({ [UNASSIGNED]: { status: 400, body: { error: 'Неверная страница' } } });
    expect(await within(pickerDialog()).findByText('Неверная страница')).toBeInTheDocument();
  });

  it("shows the link failure: error, else 'Ошибка привязки платежей'", async () => {
    const replies = [
      { status: 400, body: { error: 'Платеж уже привязан' } },
      { status: 400, body: { detail: 'x' } },
    ];
    const { user } = await openPicker({
      [UNASSIGNED]: page([terminalPayment()]),
      [CONNECT]: () => replies.shift()!,
    });
    await user.click((await within(pickerDialog()).findAllByRole('checkbox'))[0]!);
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Привязать (1)' }));
    expect(await screen.findByText('Платеж уже привязан')).toBeInTheDocument();
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Привязать (1)' }));
    expect(await screen.findByText('Ошибка привязки платежей')).toBeInTheDocument();
  });

  it('Cancel closes the picker without a call', async () => {
    const { user, calls } = await openPicker({ [UNASSIGNED]: page([terminalPayment()]) });
    await user.click(within(pickerDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Выбор платежей' })).not.toBeInTheDocument(),
    );
    expect(manageDialog()).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});
