import { API } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOverview, signedInAdmin } from '../../test/admin-fixtures.ts';
import { called, failsOnce, mockApi } from '../../test/fetch-mock.ts';
import { invalidDescriptionListChildren } from '../../test/markup.ts';
import { renderAt } from '../../test/render.tsx';
import { OVERVIEW_TEXT } from './admin-text.ts';

const OVERVIEW = `GET ${API.admin.overview}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console overview', () => {
  it('shows totals, queues linking to their pages, components with their age and the ledger check', async () => {
    mockApi(signedInAdmin({ [OVERVIEW]: { body: adminOverview() } }));
    renderAt('/admin');
    const users = await screen.findByTestId('admin-overview-users');
    expect(users).toHaveTextContent('Трейдер12');
    expect(users).toHaveTextContent('Администратор1');
    expect(screen.getByTestId('admin-overview-usdt')).toHaveTextContent('1 500,50 USDT');
    expect(screen.getByTestId('admin-overview-fee')).toHaveTextContent('3 456,78 USDT');
    const queues = screen.getByTestId('admin-overview-queues');
    expect(within(queues).getByRole('link', { name: /Выводы на проверке/ })).toHaveAttribute(
      'href',
      '/admin/withdrawals',
    );
    expect(within(queues).getByRole('link', { name: /Неудачные вебхуки/ })).toHaveAttribute(
      'href',
      '/admin/webhooks',
    );
    expect(within(queues).getByRole('link', { name: /Нераспознанные/ })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
    const components = screen.getByTestId('admin-overview-components');
    expect(components).toHaveTextContent('обновлено 2 мин 5 с назад');
    expect(components).toHaveTextContent(OVERVIEW_TEXT.componentDegraded);
    expect(components).toHaveTextContent('Отслеживание пополнений');
    expect(components).not.toHaveTextContent('deposit-watcher');
    expect(screen.getByTestId('admin-overview-ledger')).toHaveTextContent(OVERVIEW_TEXT.ledgerOk);
    expect(invalidDescriptionListChildren(document.body)).toEqual([]);
  });

  it('runs the ledger check and shows the new result', async () => {
    const user = userEvent.setup();
    let verified = false;
    const api = mockApi(
      signedInAdmin({
        [OVERVIEW]: () => ({
          body: adminOverview({
            ledger_verify: verified
              ? {
                  at: '2026-11-27T11:00:00.000Z',
                  actor: 'admin@demo.local',
                  ok: false,
                  differences: [{ account: 'user:1:available', expected: '10', actual: '9', problem: null }],
                }
              : null,
          }),
        }),
        [`POST ${API.admin.ledgerVerify}`]: () => {
          verified = true;
          return { body: {} };
        },
      }),
    );
    renderAt('/admin');
    expect(await screen.findByText(OVERVIEW_TEXT.ledgerNever)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OVERVIEW_TEXT.ledgerRun }));
    expect(await screen.findByText(OVERVIEW_TEXT.ledgerBad(1))).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.ledgerVerify)).toHaveLength(1);
  });

  it('recomputes the ratings and says how many it corrected', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [OVERVIEW]: { body: adminOverview() },
        [`POST ${API.admin.ratingRecompute}`]: {
          body: {
            corrected: 1,
            differences: [
              {
                subject: 'trader',
                id: 'u1',
                email: 't@example.com',
                expected_points: '0.0',
                stored_points: '3.0',
              },
            ],
          },
        },
      }),
    );
    renderAt('/admin');
    const card = await screen.findByTestId('admin-overview-ratings');
    await user.click(within(card).getByRole('button', { name: OVERVIEW_TEXT.ratingsRun }));
    expect(await screen.findByText(OVERVIEW_TEXT.ratingsCorrected(1))).toBeInTheDocument();
    expect(called(api.calls, 'POST', API.admin.ratingRecompute)).toHaveLength(1);
  });

  it('shows the skeleton while loading, then a Russian error with retry', async () => {
    const user = userEvent.setup();
    mockApi(signedInAdmin({ [OVERVIEW]: 'never' }));
    const first = renderAt('/admin');
    expect(await screen.findByTestId('admin-overview-loading')).toBeInTheDocument();
    first.unmount();

    mockApi(signedInAdmin({ [OVERVIEW]: failsOnce({ body: adminOverview() }) }));
    renderAt('/admin');
    const error = await screen.findByTestId('admin-overview-error', {}, { timeout: 10_000 });
    expect(error).not.toHaveTextContent('Not found');
    await user.click(within(error).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('admin-overview')).toBeInTheDocument();
  });
});
