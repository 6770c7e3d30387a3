import { API, SIDEBAR_COLLAPSE_PX } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { merchantHome, signedInAs, supportQueue } from '../../test/role-fixtures.ts';
import { signedIn } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});

const homes = {
  [`GET ${API.merchantSettings.home}`]: { body: merchantHome() },
  [`GET ${API.supportHome.queue}`]: { body: supportQueue() },
};

const labels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation per role (issue 25)', () => {
  it.each([
    ['merchant', ['Overview', 'Disputes', 'Transactions']],
    ['support', ['Overview', 'Disputes']],
  ] as const)(
    'shows a %s only the pages it can use, in the sidebar and the bottom menu',
    async (role, general) => {
      setViewportWidth(1280);
      mockApi(signedInAs(role, homes));
      renderAt('/');
      const sidebar = await screen.findByTestId('sidebar');
      // The items follow the session's role, which may arrive after the sidebar first renders.
      await waitFor(() =>
        expect(labels(within(sidebar).getByRole('navigation'))).toEqual([
          ...general,
          'Settings',
          'Help & Supports',
        ]),
      );
      act(() => setViewportWidth(SIDEBAR_COLLAPSE_PX));
      await waitFor(() => expect(labels(screen.getByTestId('bottom-menu'))).toEqual(general));
    },
  );

  it("keeps a trader's five items and the spec's dashboard", async () => {
    setViewportWidth(SIDEBAR_COLLAPSE_PX);
    const api = mockApi(signedIn(false));
    renderAt('/');
    expect(labels(await screen.findByTestId('bottom-menu'))).toEqual([
      'Overview',
      'Payments',
      'Terminals',
      'Disputes',
      'Transactions',
    ]);
    await waitFor(() => expect(api.calls.some((call) => call.path === API.dashboard)).toBe(true));
    expect(api.calls.some((call) => call.path === API.merchantSettings.home)).toBe(false);
  });

  it.each([
    ['merchant', '/payments', API.payments.list],
    ['merchant', '/terminals', API.terminals.list],
    ['support', '/deal', API.transactions.list],
    ['support', '/payments', API.payments.list],
  ] as const)('sends a %s from %s to its home without calling that page’s API', async (role, path, call) => {
    setViewportWidth(1280);
    const api = mockApi(signedInAs(role, homes));
    const { router } = renderAt(path);
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    await screen.findByTestId('sidebar');
    expect(api.calls.some((recorded) => recorded.path === call)).toBe(false);
  });
});
