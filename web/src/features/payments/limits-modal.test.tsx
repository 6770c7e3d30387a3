import { LIMIT_PLACEHOLDERS, PAYMENT_MESSAGES, PAYMENT_NOTICE_MS, PAYMENT_TEXT } from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/index.ts';
import { LimitsModal } from './limits-modal.tsx';
import { paymentMethod } from './test-fixtures.ts';

const PATH = '/account/user/change-payment-limits/';

function renderModal(method = paymentMethod(), handlers: Handlers = {}) {
  const onOpenChange = vi.fn();
  const api = mockApi({
    [`GET ${PATH}`]: {
      body: { payment_id: method.id, min_amount_for_deposit: null, max_amount_for_deposit: 50000 },
    },
    ...handlers,
  });
  renderAt('/', [{ path: '/', element: <LimitsModal method={method} open onOpenChange={onOpenChange} /> }]);
  return { ...api, onOpenChange, method };
}

const min = () => screen.getByLabelText(/Минимальная сумма/) as HTMLInputElement;
const max = () => screen.getByLabelText(/Максимальная сумма/) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store; one test's toast must not satisfy the next test's expectation.
  notify.dismiss();
});

describe('LimitsModal', () => {
  it('loads the limits, with placeholders 0 and 100000 for unset ones', async () => {
    renderModal();
    expect(await screen.findByDisplayValue('50000')).toBe(max());
    expect(min()).toHaveValue('');
    expect(min()).toHaveAttribute('placeholder', LIMIT_PLACEHOLDERS.min);
    expect(max()).toHaveAttribute('placeholder', LIMIT_PLACEHOLDERS.max);
    expect(LIMIT_PLACEHOLDERS).toEqual({ min: '0', max: '100000' });
  });

  it('keeps digits and one decimal point; a typed comma is the point ("1000,5" never becomes 10005)', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal(undefined, {
      [`POST ${PATH}`]: { body: { message: PAYMENT_TEXT.limitsSaved } },
    });
    await screen.findByDisplayValue('50000');
    await user.type(min(), '1a0-0.5');
    expect(min()).toHaveValue('100.5');
    await user.clear(min());
    await user.type(min(), '1000,5');
    expect(min()).toHaveValue('1000.5');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText(PAYMENT_TEXT.limitsSaved);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      min_amount_for_deposit: '1000.5',
    });
  });

  it('refuses a minimum above the maximum without sending', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal();
    await screen.findByDisplayValue('50000');
    await user.type(min(), '60000');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.minAboveMax)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves and confirms with the spec text', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const method = paymentMethod();
    const { calls, onOpenChange } = renderModal(method, {
      [`POST ${PATH}`]: {
        body: {
          message: PAYMENT_TEXT.limitsSaved,
          payment_id: method.id,
          min_amount_for_deposit: 100,
          max_amount_for_deposit: 50000,
        },
      },
    });
    await screen.findByDisplayValue('50000');
    await user.type(min(), '100');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(PAYMENT_TEXT.limitsSaved)).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(PAYMENT_TEXT.limitsSaved, { duration: PAYMENT_NOTICE_MS });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      payment_id: method.id,
      min_amount_for_deposit: '100',
      max_amount_for_deposit: '50000',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says saving failed', async () => {
    const user = userEvent.setup();
    renderModal(undefined, {
      [`POST ${PATH}`]: { status: 500, body: { detail: 'Внутренняя ошибка сервера' } },
    });
    await screen.findByDisplayValue('50000');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(PAYMENT_TEXT.limitsSaveFailed)).toBeInTheDocument();
  });

  it('says loading failed', async () => {
    renderModal(undefined, { [`GET ${PATH}`]: { status: 404, body: { detail: 'Не найдено' } } });
    expect((await screen.findAllByText(PAYMENT_TEXT.limitsLoadFailed)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  });

  it('is read-only while the method is Online', async () => {
    renderModal(paymentMethod({ is_active: true }));
    await screen.findByDisplayValue('50000');
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.disableFirst);
    expect(min()).toBeDisabled();
    expect(max()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  });
});
