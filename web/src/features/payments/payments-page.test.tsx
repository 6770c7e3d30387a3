import { PAYMENT_TEXT } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/index.ts';
import { PaymentsPage } from './payments-page.tsx';
import { BANKS, paymentMethod } from './test-fixtures.ts';

function renderPage(list: Handlers[string], extra: Handlers = {}) {
  const api = mockApi({
    'GET /api/v1/payments/banks/': { body: { results: BANKS } },
    'GET /api/v1/payments/list/': list,
    ...extra,
  });
  const view = renderAt('/payments', [{ path: '/payments', element: <PaymentsPage /> }]);
  const listUrls = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/api/v1/payments/list/'));
  return { ...api, ...view, listUrls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

describe('PaymentsPage', () => {
  it('has the title and the add button, and says when nothing was added yet', async () => {
    renderPage({ body: { count: 0, results: [] } });
    expect(screen.getByRole('heading', { name: PAYMENT_TEXT.title })).toBeInTheDocument();
    expect(await screen.findByText(PAYMENT_TEXT.emptyNone)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: PAYMENT_TEXT.addButton })).toHaveLength(2);
  });

  it('says nothing was found when filters hide everything', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage({ body: { count: 0, results: [] } });
    await screen.findByText(PAYMENT_TEXT.emptyNone);
    await user.click(screen.getByRole('button', { name: 'Режим оплаты' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Режим оплаты' })).getByLabelText('SBP'));
    expect(await screen.findByText(PAYMENT_TEXT.emptyFiltered)).toBeInTheDocument();
    expect(listUrls().at(-1)?.searchParams.get('modes')).toBe('sbp');
  });

  it('asks for 20 per page and pages through the count', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 20 }, () => paymentMethod());
    const { listUrls } = renderPage({ body: { count: 45, results } });
    expect(await screen.findAllByTestId('payment-card')).toHaveLength(20);
    expect(listUrls()[0]?.searchParams.get('page_size')).toBe('20');
    expect(listUrls()[0]?.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Страница 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Страница 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it("sends page 1's next_cursor with page 2, so the server reads it without OFFSET", async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 20 }, () => paymentMethod());
    const { listUrls } = renderPage({ body: { count: 45, results, next_cursor: 'after-page-1' } });
    expect(await screen.findAllByTestId('payment-card')).toHaveLength(20);
    expect(listUrls()[0]?.searchParams.has('cursor')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('2'));
    expect(listUrls().at(-1)?.searchParams.get('cursor')).toBe('after-page-1');
  });

  it('uses the desktop rows on wide screens and stacked cards on phones', async () => {
    setViewportWidth(1440);
    const { unmount } = renderPage({ body: { count: 1, results: [paymentMethod()] } });
    expect(await screen.findByTestId('payments-list')).toHaveAttribute('data-layout', 'desktop');
    unmount();
    setViewportWidth(375);
    renderPage({ body: { count: 1, results: [paymentMethod()] } });
    expect(await screen.findByTestId('payments-list')).toHaveAttribute('data-layout', 'mobile');
    setViewportWidth(1024);
  });

  it('opens the add modal', async () => {
    const user = userEvent.setup();
    renderPage({ body: { count: 0, results: [] } });
    await screen.findByText(PAYMENT_TEXT.emptyNone);
    await user.click(screen.getAllByRole('button', { name: PAYMENT_TEXT.addButton })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Выберите банк' })).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    renderPage({ status: 500, body: { detail: 'Внутренняя ошибка сервера' } });
    expect(await screen.findByText(PAYMENT_TEXT.listLoadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
