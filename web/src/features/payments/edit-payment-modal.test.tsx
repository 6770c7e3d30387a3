import {
  PAYMENT_EDIT_MAX_LENGTH,
  PAYMENT_MESSAGES,
  PAYMENT_NOTICE_MS,
  PAYMENT_TEXT,
  VALIDATION_SUMMARY_PREFIX,
} from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/index.ts';
import { EditPaymentModal } from './edit-payment-modal.tsx';
import { paymentMethod } from './test-fixtures.ts';

function renderModal(method = paymentMethod(), handlers: Handlers = {}) {
  const onOpenChange = vi.fn();
  const api = mockApi(handlers);
  renderAt('/', [
    { path: '/', element: <EditPaymentModal method={method} open onOpenChange={onOpenChange} /> },
  ]);
  return { ...api, onOpenChange, method };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Сохранить' });

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store; one test's toast must not satisfy the next test's expectation.
  notify.dismiss();
});

describe('EditPaymentModal', () => {
  it('shows the stored requisites with the spec max lengths', () => {
    renderModal();
    expect(field(/Имя владельца/)).toHaveValue('Ivan Petrov');
    expect(field('Номер карты')).toHaveValue('2200 7001 2345 6789');
    expect(field(/Имя владельца/).maxLength).toBe(PAYMENT_EDIT_MAX_LENGTH.name);
    expect(field('Номер счета').maxLength).toBe(20);
    expect(field('Номер карты').maxLength).toBe(23);
    expect(field('Номер телефона').maxLength).toBe(20);
  });

  it('saves all four fields normalized and confirms', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const method = paymentMethod();
    const { calls, onOpenChange } = renderModal(method, {
      [`PATCH /api/v1/payments/${method.id}/update/`]: { body: { message: PAYMENT_TEXT.detailsSaved } },
    });
    await user.clear(field('Номер телефона'));
    await user.clear(field('Номер счета'));
    await user.click(save());
    expect(await screen.findByText(PAYMENT_TEXT.detailsSaved)).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(PAYMENT_TEXT.detailsSaved, { duration: PAYMENT_NOTICE_MS });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Ivan Petrov',
      card: '2200700123456789',
      phone_number: null,
      nomer_scheta: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses an Online method with the spec message and read-only fields', () => {
    renderModal(paymentMethod({ is_active: true }));
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.disableFirst);
    expect(field('Номер карты')).toBeDisabled();
    expect(save()).toBeDisabled();
  });

  it('freezes filled fields of a method that was switched on and lets missing ones be added', async () => {
    const user = userEvent.setup();
    const method = paymentMethod({ requisites_locked: true, phone_number: null, nomer_scheta: null });
    const { calls } = renderModal(method, {
      [`PATCH /api/v1/payments/${method.id}/update/`]: { body: { message: PAYMENT_TEXT.detailsSaved } },
    });
    expect(field('Номер карты')).toHaveAttribute('readonly');
    expect(field(/Имя владельца/)).toHaveAttribute('readonly');
    expect(field('Номер телефона')).not.toHaveAttribute('readonly');
    expect(screen.getAllByText(PAYMENT_MESSAGES.lockedField)).toHaveLength(2);
    await user.type(field('Номер телефона'), '+79990001122');
    await user.type(field('Номер счета'), '40817810000000000001');
    await user.click(save());
    await screen.findByText(PAYMENT_TEXT.detailsSaved);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Ivan Petrov',
      card: '2200700123456789',
      phone_number: '+79990001122',
      nomer_scheta: '40817810000000000001',
    });
  });

  it('shows a validation error once, under its field (no summary toast repeating it), and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal();
    await user.clear(field('Номер счета'));
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.accountRequired)).toBeInTheDocument();
    expect(screen.getAllByText(PAYMENT_MESSAGES.accountRequired)).toHaveLength(1);
    expect(screen.queryByText(new RegExp(`^${VALIDATION_SUMMARY_PREFIX}`))).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server errors joined by a comma, or the fallback', async () => {
    const user = userEvent.setup();
    const method = paymentMethod();
    let reply: { status: number; body?: unknown } = {
      status: 400,
      body: { card: [PAYMENT_MESSAGES.duplicateCard], nomer_scheta: [PAYMENT_MESSAGES.duplicateAccount] },
    };
    renderModal(method, { [`PATCH /api/v1/payments/${method.id}/update/`]: () => reply });
    await user.click(save());
    expect(
      await screen.findByText(`${PAYMENT_MESSAGES.duplicateCard}, ${PAYMENT_MESSAGES.duplicateAccount}`),
    ).toBeInTheDocument();
    // Said once: the toast, not again under the fields.
    expect(screen.getAllByText(PAYMENT_MESSAGES.duplicateCard, { exact: false })).toHaveLength(1);
    reply = { status: 500 };
    await user.click(save());
    expect(await screen.findByText(PAYMENT_TEXT.saveFailed)).toBeInTheDocument();
  });
});
