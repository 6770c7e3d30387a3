import { API } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminOverview, signedInAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { signedInAs } from '../../test/role-fixtures.ts';
import { signedIn } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { ADMIN_NAV } from './admin-text.ts';

const OVERVIEW = `GET ${API.admin.overview}`;
const adminCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/v1/admin/'));

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1280);
});

describe('the operator console at /admin', () => {
  it('an admin signing in at / lands on /admin, the overview, with the console navigation', async () => {
    setViewportWidth(1280);
    mockApi(signedInAdmin({ [OVERVIEW]: { body: adminOverview() } }));
    const { router } = renderAt('/');
    expect(await screen.findByTestId('admin-overview')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    const nav = screen.getByRole('navigation', { name: 'Разделы консоли' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(ADMIN_NAV.map((item) => item.label));
    expect(within(nav).getByRole('link', { name: 'Обзор' })).toHaveAttribute('aria-current', 'page');
  });

  it('on a phone the sections are a strip under the top bar', async () => {
    setViewportWidth(375);
    mockApi(signedInAdmin({ [OVERVIEW]: { body: adminOverview() } }));
    renderAt('/admin');
    const strip = await screen.findByTestId('admin-nav-strip');
    expect(within(strip).getAllByRole('link')).toHaveLength(ADMIN_NAV.length);
  });

  it.each([
    ['a trader', signedIn(false)],
    ['a merchant', signedInAs('merchant')],
    ['support', signedInAs('support')],
  ])('%s gets the 404 page at /admin/* and the console API is never called', async (_, handlers) => {
    const api = mockApi(handlers);
    renderAt('/admin/withdrawals');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-console')).toBeNull();
    expect(adminCalls(api.calls)).toEqual([]);
  });

  it('an anonymous visitor gets the 404 page, not the console', async () => {
    const api = mockApi({ [`GET ${API.auth.checkUserAuth}`]: { status: 401, body: { detail: 'no' } } });
    renderAt('/admin');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(adminCalls(api.calls)).toEqual([]);
  });

  it('an admin typing /dispute is sent to the console: the disputes API refuses admins', async () => {
    const api = mockApi(signedInAdmin({ [OVERVIEW]: { body: adminOverview() } }));
    const { router } = renderAt('/dispute');
    expect(await screen.findByTestId('admin-overview')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    expect(api.calls.some((call) => call.path.startsWith('/api/v1/disputes'))).toBe(false);
  });

  it('an unknown console path is the 404 page', async () => {
    mockApi(signedInAdmin());
    renderAt('/admin/nothing-here');
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
