import { API } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { latinOutsideLiterals } from '../../test/language.ts';
import { invalidDescriptionListChildren } from '../../test/markup.ts';
import { renderAt } from '../../test/render.tsx';
import { signedInAs, supportQueue } from '../../test/role-fixtures.ts';
import { SUPPORT_HOME_TEXT } from './support-home-page.tsx';

const QUEUE = `GET ${API.supportHome.queue}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('support home (/ for support)', () => {
  it('lists the open disputes oldest first with deadlines, who blocks them and links to the detail', async () => {
    const api = mockApi(signedInAs('support', { [QUEUE]: { body: supportQueue() } }));
    renderAt('/');
    const queue = await screen.findByTestId('support-queue');
    const items = within(queue).getAllByTestId('support-queue-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('На рассмотрении');
    expect(items[0]).toHaveTextContent('просрочен на 2 ч');
    expect(items[0]).toHaveTextContent('1 234,00 ₽');
    expect(items[1]).toHaveTextContent('Ожидание доказательств');
    expect(items[1]).toHaveTextContent('осталось 12 ч');
    expect(items[2]).toHaveTextContent('Дополнительное рассмотрение');
    expect(items[2]).toHaveTextContent('Заблокирован: olga_support');
    expect(within(items[0]!).getByRole('link', { name: /Открыть/ })).toHaveAttribute('href', '/dispute');
    expect(screen.getByTestId('support-queue-counts')).toHaveTextContent('Заблокированы1');
    expect(queue).not.toHaveTextContent(/waiting|deepconsideration|consideration/);
    // The queue is support's own call: no trader dashboard.
    expect(api.calls.some((call) => call.path === API.dashboard)).toBe(false);
    expect(latinOutsideLiterals(queue).filter((word) => word !== 'USDT')).toEqual([]);
    expect(invalidDescriptionListChildren(document.body)).toEqual([]);
  });

  it('shows an empty queue, the loading skeleton and a Russian error', async () => {
    mockApi(
      signedInAs('support', {
        [QUEUE]: {
          body: supportQueue({
            results: [],
            counts: { waiting: 0, consideration: 0, deepconsideration: 0, blocked: 0 },
          }),
        },
      }),
    );
    const first = renderAt('/');
    expect(await screen.findByText(SUPPORT_HOME_TEXT.empty)).toBeInTheDocument();
    first.unmount();

    mockApi(signedInAs('support', { [QUEUE]: 'never' }));
    const second = renderAt('/');
    expect(await screen.findByTestId('support-queue-loading')).toBeInTheDocument();
    second.unmount();

    mockApi(signedInAs('support', { [QUEUE]: { status: 500, body: { detail: 'Internal Server Error' } } }));
    renderAt('/');
    expect(
      await screen.findByText(SUPPORT_HOME_TEXT.loadFailed, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
