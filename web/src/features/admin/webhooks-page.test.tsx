import { ADMIN_MESSAGES, API, WEBHOOK_OUTCOME_TEXT } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminWebhook, signedInAdmin } from '../../test/admin-fixtures.ts';
import { called, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { WEBHOOKS_TEXT as T } from './admin-text.ts';

const LIST = `GET ${API.admin.webhooks}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console webhooks', () => {
  it('lists events with state, attempts and the last answer; retries a failed one', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [LIST]: {
          body: {
            count: 2,
            results: [
              adminWebhook(),
              adminWebhook({
                id: 'msg_2',
                state: 'pending',
                last_status_code: null,
                last_outcome: 'timeout',
                attempts: 1,
              }),
            ],
          },
        },
        [`POST ${API.admin.retryWebhook('msg_1')}`]: { body: adminWebhook({ state: 'pending' }) },
      }),
    );
    renderAt('/admin/webhooks');
    const rows = await screen.findAllByTestId('admin-webhook');
    expect(rows[0]).toHaveTextContent('Не доставлено');
    expect(rows[0]).toHaveTextContent('Заказ завершён');
    expect(rows[0]).toHaveTextContent(`HTTP 502 · ${WEBHOOK_OUTCOME_TEXT['5xx']}`);
    expect(rows[0]).toHaveTextContent(`${T.attempts}: 8`);
    expect(rows[1]).toHaveTextContent(WEBHOOK_OUTCOME_TEXT.timeout);
    expect(within(rows[1]!).queryByRole('button', { name: T.retry })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: T.retry }));
    await waitFor(() => expect(called(api.calls, 'POST', API.admin.retryWebhook('msg_1'))).toHaveLength(1));
    expect(await screen.findByText(T.retried)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: T.state }), 'failed');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('state=failed'))).toBe(true),
    );
  });

  it('shows the empty list, loading, and a refused retry in Russian', async () => {
    const user = userEvent.setup();
    mockApi(signedInAdmin({ [LIST]: { body: { count: 0, results: [] } } }));
    const first = renderAt('/admin/webhooks');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    first.unmount();
    mockApi(signedInAdmin({ [LIST]: 'never' }));
    const second = renderAt('/admin/webhooks');
    expect(await screen.findByTestId('admin-webhooks-loading')).toBeInTheDocument();
    second.unmount();
    mockApi(
      signedInAdmin({
        [LIST]: { body: { count: 1, results: [adminWebhook()] } },
        [`POST ${API.admin.retryWebhook('msg_1')}`]: {
          status: 409,
          body: { detail: ADMIN_MESSAGES.webhookNotFailed },
        },
      }),
    );
    renderAt('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: T.retry }));
    expect(await screen.findByText(ADMIN_MESSAGES.webhookNotFailed)).toBeInTheDocument();
  });
});
