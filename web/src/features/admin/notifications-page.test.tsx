import { API, NOTIFICATION_OUTCOME_LABELS } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { NOTIFICATIONS_TEXT as T } from './admin-text.ts';

const UNPARSED = `GET ${API.admin.unparsedNotifications}`;
const STATS = `GET ${API.admin.notificationStats}`;
const item = {
  id: 'n1',
  created_at: '2026-11-27T09:00:00.000Z',
  terminal_id: 't1',
  terminal_name: 'Pixel 7',
  trader_email: 'trader@example.com',
  source: 'ru.sberbankmobile',
  sender: '900',
  title: null,
  body: 'Перевод 1 000 р от Ивана И.',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console bank notifications', () => {
  it('lists unparsed texts with terminal, trader, app and sender, and counts by day, bank and outcome', async () => {
    mockApi(
      signedInAdmin({
        [UNPARSED]: { body: { count: 1, results: [item] } },
        [STATS]: {
          body: {
            rows: [
              { day: '2026-11-27', bank: 'Сбербанк', matched: 10, unmatched: 2, ignored: 1, unparsed: 3 },
            ],
          },
        },
      }),
    );
    renderAt('/admin/notifications');
    const entry = await screen.findByTestId('admin-unparsed-item');
    expect(entry).toHaveTextContent('Pixel 7');
    expect(entry).toHaveTextContent('trader@example.com');
    expect(entry).toHaveTextContent('ru.sberbankmobile');
    expect(entry).toHaveTextContent('Перевод 1 000 р от Ивана И.');
    const table = await screen.findByTestId('admin-notification-stats');
    for (const label of Object.values(NOTIFICATION_OUTCOME_LABELS)) {
      expect(within(table).getByRole('columnheader', { name: label })).toBeInTheDocument();
    }
    expect(table).toHaveTextContent('27.11.2026');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Сбербанк102');
  });

  it('shows the empty states, loading and errors', async () => {
    mockApi(
      signedInAdmin({ [UNPARSED]: { body: { count: 0, results: [] } }, [STATS]: { body: { rows: [] } } }),
    );
    const first = renderAt('/admin/notifications');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(await screen.findByText(T.statsEmpty)).toBeInTheDocument();
    first.unmount();
    mockApi(signedInAdmin({ [UNPARSED]: 'never', [STATS]: { status: 500, body: { detail: 'x' } } }));
    renderAt('/admin/notifications');
    expect(await screen.findByTestId('admin-unparsed-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-stats-error', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
