import { PAYMENT_MESSAGES, PAYMENT_TEXT } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/index.ts';
import { formatRating, PaymentCard } from './payment-card.tsx';
import { paymentMethod } from './test-fixtures.ts';

function renderCard(
  method = paymentMethod(),
  layout: 'desktop' | 'mobile' = 'desktop',
  handlers: Handlers = {},
) {
  const api = mockApi(handlers);
  renderAt('/', [{ path: '/', element: <PaymentCard method={method} layout={layout} /> }]);
  return { ...api, card: screen.getByTestId('payment-card') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store; one test's toast must not satisfy the next test's expectation.
  notify.dismiss();
});

describe('PaymentCard', () => {
  it.each(['desktop', 'mobile'] as const)(
    'shows bank, masked card and account, owner and phone (%s)',
    (layout) => {
      const { card } = renderCard(
        paymentMethod({ bank: { id: 2, name: 'Т-Банк', full_name: 'АО «ТБанк»', is_popular: true } }),
        layout,
      );
      expect(card).toHaveAttribute('data-layout', layout);
      expect(within(card).getByText('Т-Банк')).toBeInTheDocument();
      expect(within(card).getByText('Ivan Petrov')).toBeInTheDocument();
      expect(within(card).getByText('2200********6789')).toBeInTheDocument();
      expect(within(card).getByText('4081************4312')).toBeInTheDocument();
      expect(within(card).getByText('+79991234567')).toBeInTheDocument();
      expect(within(card).queryByText('2200700123456789')).not.toBeInTheDocument();
      // T-Bank's brand colour, not the purple default.
      expect(within(card).getByTestId('bank-mark')).toHaveStyle({ backgroundColor: '#ffdd2d' });
    },
  );

  it('shows a dash for missing requisites and short values unmasked', () => {
    const { card } = renderCard(
      paymentMethod({ card: null, nomer_scheta: '12345678', phone_number: '+79990001122' }),
    );
    expect(within(card).getByText('12345678')).toBeInTheDocument();
    expect(within(card).getAllByText('—').length).toBeGreaterThan(0);
  });

  it('paints unknown banks purple', () => {
    const { card } = renderCard(
      paymentMethod({ bank: { id: 11, name: 'Озон Банк', full_name: 'ООО «Озон Банк»', is_popular: false } }),
    );
    expect(within(card).getByTestId('bank-mark')).toHaveStyle({ backgroundColor: '#7c3aed' });
  });

  it.each([
    [100, 'green'],
    [75, 'green'],
    [74.5, 'orange'],
    [50, 'orange'],
    [49.99, 'red'],
  ])('colours a rating of %s %s', (rating, tone) => {
    const { card } = renderCard(paymentMethod({ rating }));
    const percent = within(card).getByText(formatRating(rating));
    expect(percent).toHaveAttribute('data-tone', tone);
  });

  it('shows whether the method is linked to a terminal', () => {
    renderCard(paymentMethod({ is_connect: true }));
    expect(screen.getByRole('img', { name: 'Привязан к терминалу' })).toBeInTheDocument();
  });

  it('marks the current mode', () => {
    const { card } = renderCard(paymentMethod({ is_SBP: true, is_c2c: false }));
    expect(within(card).getByRole('radio', { name: 'SBP' })).toHaveAttribute('aria-checked', 'true');
    expect(within(card).getByRole('radio', { name: 'SBP/C2C' })).toHaveAttribute('aria-checked', 'false');
  });

  it('turns the method Online through PATCH {is_active}', async () => {
    const user = userEvent.setup();
    const method = paymentMethod();
    const { calls } = renderCard(method, 'desktop', {
      [`PATCH /api/v1/payments/${method.id}/update/`]: { body: { message: PAYMENT_TEXT.activated } },
    });
    await user.click(screen.getByRole('switch', { name: `Online: ${method.name}` }));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ is_active: true });
  });

  it('shows the server message when turning on fails', async () => {
    const user = userEvent.setup();
    const method = paymentMethod();
    renderCard(method, 'mobile', {
      [`PATCH /api/v1/payments/${method.id}/update/`]: {
        status: 400,
        body: { detail: PAYMENT_MESSAGES.incompleteRequisites },
      },
    });
    await user.click(screen.getByRole('switch', { name: `Online: ${method.name}` }));
    expect(await screen.findByText(PAYMENT_MESSAGES.incompleteRequisites)).toBeInTheDocument();
  });

  it('changes the mode of an inactive method and says so', async () => {
    const user = userEvent.setup();
    const method = paymentMethod();
    const { calls } = renderCard(method, 'desktop', {
      [`PATCH /api/v1/payments/${method.id}/update/`]: { body: { message: PAYMENT_TEXT.modeUpdated } },
    });
    await user.click(screen.getByRole('radio', { name: 'C2C' }));
    expect(await screen.findByText(PAYMENT_TEXT.modeUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ is_SBP: false, is_c2c: true });
  });

  it('refuses a mode change while Online with the spec message and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderCard(paymentMethod({ is_active: true }));
    await user.click(screen.getByRole('radio', { name: 'SBP' }));
    // The notice (a toast) joins the reason already shown by the locked selector.
    await waitFor(() => expect(screen.getAllByText(PAYMENT_MESSAGES.disableFirst).length).toBeGreaterThan(1));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it.each(['mobile', 'desktop'] as const)(
    'shows the mode selector of an Online method as locked, with the reason (%s)',
    (layout) => {
      renderCard(paymentMethod({ is_active: true }), layout);
      const group = screen.getByRole('radiogroup', { name: 'Режим оплаты' });
      expect(group).toHaveAttribute('aria-disabled', 'true');
      expect(group).toHaveAccessibleDescription(PAYMENT_MESSAGES.disableFirst);
      for (const radio of within(group).getAllByRole('radio')) {
        expect(radio).toHaveAttribute('aria-disabled', 'true');
      }
    },
  );

  it('leaves the mode selector of an offline method enabled, without the reason', () => {
    renderCard(paymentMethod({ is_active: false }), 'mobile');
    const group = screen.getByRole('radiogroup', { name: 'Режим оплаты' });
    expect(group).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(PAYMENT_MESSAGES.disableFirst)).not.toBeInTheDocument();
  });

  it.each(['mobile', 'desktop'] as const)(
    'disables SBP for a method without phone and account, with the reason, and sends nothing (%s)',
    async (layout) => {
      const user = userEvent.setup();
      const { calls } = renderCard(
        paymentMethod({ phone_number: null, nomer_scheta: null, is_SBP: false, is_c2c: true }),
        layout,
      );
      const group = screen.getByRole('radiogroup', { name: 'Режим оплаты' });
      expect(group).not.toHaveAttribute('aria-disabled');
      for (const name of ['SBP', 'SBP/C2C']) {
        const radio = within(group).getByRole('radio', { name });
        expect(radio).toHaveAttribute('aria-disabled', 'true');
        expect(radio).toHaveAccessibleDescription(PAYMENT_MESSAGES.sbpNeedsPhone);
      }
      expect(within(group).getByRole('radio', { name: 'C2C' })).not.toHaveAttribute('aria-disabled');
      await user.click(within(group).getByRole('radio', { name: 'SBP' }));
      await waitFor(() =>
        expect(screen.getAllByText(PAYMENT_MESSAGES.sbpNeedsPhone).length).toBeGreaterThan(1),
      );
      expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    },
  );

  it('puts phone and account next to each other on the card', () => {
    renderCard(
      paymentMethod({ phone_number: '+79991234567', nomer_scheta: '40817810000000000077' }),
      'mobile',
    );
    const labels = screen.getAllByText(/^(Карта|Телефон|Счёт)$/).map((element) => element.textContent);
    expect(labels).toEqual(['Карта', 'Телефон', 'Счёт']);
  });

  it('opens Details and limits', async () => {
    const user = userEvent.setup();
    const method = paymentMethod();
    renderCard(method, 'desktop', {
      'GET /account/user/change-payment-limits/': {
        body: { payment_id: method.id, min_amount_for_deposit: null, max_amount_for_deposit: null },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByRole('dialog', { name: 'Данные платежа' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Настройки лимитов' }));
    expect(await screen.findByRole('dialog', { name: 'Лимиты пополнения' })).toBeInTheDocument();
  });
});
