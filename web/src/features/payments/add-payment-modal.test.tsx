import { PAYMENT_MESSAGES, PAYMENT_NOTICE_MS, PAYMENT_TEXT, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/index.ts';
import { AddPaymentModal } from './add-payment-modal.tsx';
import { BANKS } from './test-fixtures.ts';

const CREATED = { details: PAYMENT_TEXT.created, payment_id: 'p1', status: 'success', errors: null };

/** A refused create as the server answers it (spec §7 create shape). */
const createFailure = (errors: Record<string, string[]> | null, detail?: string) => ({
  details: PAYMENT_TEXT.createFailed,
  payment_id: null,
  status: 'error',
  errors,
  ...(detail === undefined ? {} : { detail }),
});

function renderModal(handlers: Handlers = {}) {
  const onOpenChange = vi.fn();
  const api = mockApi({ 'GET /api/v1/payments/banks/': { body: { results: BANKS } }, ...handlers });
  renderAt('/', [{ path: '/', element: <AddPaymentModal open onOpenChange={onOpenChange} /> }]);
  return { ...api, onOpenChange };
}

const save = () => screen.getByRole('button', { name: 'Сохранить' });

async function chooseBank(user: ReturnType<typeof userEvent.setup>, name = 'Т-Банк') {
  await user.click(await screen.findByRole('button', { name: new RegExp(name) }));
}

/** Picks the bank, fills the owner and a card number, and saves. */
async function saveCard(user: ReturnType<typeof userEvent.setup>) {
  await chooseBank(user);
  await user.type(screen.getByLabelText(/Имя владельца/), 'Ivan Petrov');
  await user.type(screen.getByLabelText('Номер карты'), '2200700123456789');
  await user.click(save());
}

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store; one test's toast must not satisfy the next test's expectation.
  notify.dismiss();
});

describe('AddPaymentModal', () => {
  it('starts with bank selection split into popular and other banks', async () => {
    renderModal();
    const popular = await screen.findByRole('region', { name: 'Популярные банки' });
    const others = screen.getByRole('region', { name: 'Другие банки' });
    expect(
      within(popular)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringContaining('Сбербанк'),
      expect.stringContaining('Т-Банк'),
      expect.stringContaining('ВТБ'),
    ]);
    expect(within(others).getAllByRole('button')).toHaveLength(2);
  });

  it('searches banks by name and full name', async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByRole('region', { name: 'Популярные банки' });
    await user.type(screen.getByLabelText('Поиск банка'), 'мтс');
    expect(screen.queryByRole('region', { name: 'Популярные банки' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /МТС Банк/ })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Поиск банка'));
    await user.type(screen.getByLabelText('Поиск банка'), 'ПАО Сбер');
    expect(screen.getAllByRole('button', { name: /Банк|банк/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Сбербанк/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Поиск банка'), 'zzz');
    expect(screen.getByText(PAYMENT_TEXT.emptyFiltered)).toBeInTheDocument();
  });

  it('enables Save only with a name and a card, or a phone with an account', async () => {
    const user = userEvent.setup();
    renderModal();
    await chooseBank(user);
    expect(screen.getByRole('dialog', { name: 'Реквизиты платежа' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText(/Имя владельца/), 'Ivan Petrov');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Номер телефона'), '+7 999 123-45-67');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Номер счета'), '40817810');
    expect(save()).toBeEnabled();
    await user.clear(screen.getByLabelText('Номер счета'));
    await user.type(screen.getByLabelText('Номер карты'), '2200');
    expect(save()).toBeEnabled();
  });

  it('applies the input filters: card grouped by 4, phone and account characters, name letters', async () => {
    const user = userEvent.setup();
    renderModal();
    await chooseBank(user);
    await user.type(screen.getByLabelText('Номер карты'), '2200abc70012345678901234');
    expect(screen.getByLabelText('Номер карты')).toHaveValue('2200 7001 2345 6789 012');
    await user.type(screen.getByLabelText('Номер телефона'), '+7 (999) x12-34');
    expect(screen.getByLabelText('Номер телефона')).toHaveValue('+7 (999) 12-34');
    await user.type(screen.getByLabelText('Номер счета'), '4081-7810');
    expect(screen.getByLabelText('Номер счета')).toHaveValue('40817810');
    await user.type(screen.getByLabelText(/Имя владельца/), 'Ivan2 <Petrov>');
    expect(screen.getByLabelText(/Имя владельца/)).toHaveValue('Ivan Petrov');
  });

  it('creates the method with the card without spaces and empty fields as null', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const { calls, onOpenChange } = renderModal({
      'POST /api/v1/payments/create/': { status: 201, body: CREATED },
    });
    await saveCard(user);
    expect(await screen.findByText(PAYMENT_TEXT.created)).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(PAYMENT_TEXT.created, { duration: PAYMENT_NOTICE_MS });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ivan Petrov',
      bank: 2,
      card: '2200700123456789',
      phone_number: null,
      nomer_scheta: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('checks the rules before sending: each message once, under its field, with no summary toast repeating it', async () => {
    const user = userEvent.setup();
    const warning = vi.spyOn(notify, 'warning');
    const { calls } = renderModal();
    await chooseBank(user);
    await user.type(screen.getByLabelText(/Имя владельца/), 'I');
    await user.type(screen.getByLabelText('Номер карты'), '2200 7001');
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.nameMin)).toBeInTheDocument();
    expect(screen.getAllByText(PAYMENT_MESSAGES.nameMin)).toHaveLength(1);
    expect(screen.getAllByText(PAYMENT_MESSAGES.cardLength)).toHaveLength(1);
    expect(screen.queryByText(new RegExp(`^${VALIDATION_SUMMARY_PREFIX}`))).not.toBeInTheDocument();
    expect(warning).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  // A refusal's reason shows once, in the failure toast, never again under a field (a duplicate card comes as
  // the card field's error, a low rating as the detail).
  it.each([
    {
      title: 'shows a refused duplicate once, in the failure toast, not again under the field',
      body: createFailure({ card: [PAYMENT_MESSAGES.duplicateCard] }),
      reason: PAYMENT_MESSAGES.duplicateCard,
    },
    {
      title: 'shows the detail of a refused create in the failure toast alone',
      body: createFailure(null, PAYMENT_MESSAGES.ratingTooLow),
      reason: PAYMENT_MESSAGES.ratingTooLow,
    },
  ])('$title', async ({ body, reason }) => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error');
    renderModal({ 'POST /api/v1/payments/create/': { status: 400, body } });
    await saveCard(user);
    expect(await screen.findByText(PAYMENT_TEXT.createFailed)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(PAYMENT_TEXT.createFailed, {
      duration: PAYMENT_NOTICE_MS,
      description: reason,
    });
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(screen.getByLabelText('Номер карты')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says the create failed when the server gives no reason', async () => {
    const user = userEvent.setup();
    renderModal({ 'POST /api/v1/payments/create/': 'network-error' });
    await saveCard(user);
    expect(await screen.findByText(PAYMENT_TEXT.createFailed)).toBeInTheDocument();
  });

  it('goes back to bank selection', async () => {
    const user = userEvent.setup();
    renderModal();
    await chooseBank(user);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('dialog', { name: 'Выберите банк' })).toBeInTheDocument();
  });
});
