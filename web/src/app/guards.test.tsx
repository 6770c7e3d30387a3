import {
  API,
  AUTH_CHECK_TIMEOUT_MS,
  FORCE_LOGOUT_HEADER,
  LANDING_HEADLINE,
  NOT_FOUND_TEXT,
  PAYER_TEXT,
  SESSION_EXPIRED_TEXT,
} from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getIsLead, LEAD_STORAGE_KEY } from '../api/lead-store.ts';
import { mockApi } from '../test/fetch-mock.ts';
import { currentPath, loadLazyRoutes, renderAt } from '../test/render.tsx';
import { signedIn } from '../test/session-fixtures.ts';

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('auth guard', () => {
  it('renders the page when the session check answers 200', async () => {
    const { calls } = mockApi(signedIn(false));
    renderAt('/terminals');
    expect(await screen.findByRole('heading', { name: 'Terminals', level: 1 })).toBeInTheDocument();
    expect(calls.some((call) => call.path === API.auth.checkUserAuth)).toBe(true);
  });

  it('clears storage, logs out and goes to /welcome when the check fails', async () => {
    window.localStorage.setItem('isLead', 'true');
    window.sessionStorage.setItem('x', '1');
    const { calls } = mockApi({
      [`GET ${API.auth.checkUserAuth}`]: { status: 401, body: { detail: 'Требуется авторизация' } },
      [`POST ${API.auth.logout}`]: { status: 500 },
    });
    const { router } = renderAt('/deal');
    await waitFor(() => expect(currentPath(router)).toBe('/welcome'));
    expect(calls.some((call) => call.method === 'POST' && call.path === API.auth.logout)).toBe(true);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(getIsLead()).toBe(false);
    expect(await screen.findByRole('heading', { name: LANDING_HEADLINE })).toBeInTheDocument();
    // The browser held a session (the stored lead flag), so the 401 means it ended.
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_EXPIRED_TEXT);
  });

  it('a session that ends on a page (401) logs out to /welcome, which says so once, and nothing shows the 401', async () => {
    const { calls } = mockApi(
      signedIn(false, {
        [`GET ${API.transactions.list}`]: { status: 401, body: { detail: 'Требуется авторизация' } },
      }),
    );
    const { router } = renderAt('/deal');
    await waitFor(() => expect(currentPath(router)).toBe('/welcome'));
    const logout = calls.find((call) => call.method === 'POST' && call.path === API.auth.logout);
    expect(logout?.headers[FORCE_LOGOUT_HEADER.toLowerCase()]).toBe('true');
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_TEXT);
    expect(screen.queryByText(/Требуется авторизация/)).not.toBeInTheDocument();
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it('a visitor who never signed in goes to /welcome without the ended-session notice', async () => {
    mockApi({
      [`GET ${API.auth.checkUserAuth}`]: { status: 401, body: { detail: 'Требуется авторизация' } },
      [`POST ${API.auth.logout}`]: { body: {} },
    });
    const { router } = renderAt('/deal');
    await waitFor(() => expect(currentPath(router)).toBe('/welcome'));
    expect(await screen.findByRole('heading', { name: LANDING_HEADLINE })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_EXPIRED_TEXT)).not.toBeInTheDocument();
  });

  it('gives the check 5 s, then treats it as signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({ [`GET ${API.auth.checkUserAuth}`]: 'never', [`POST ${API.auth.logout}`]: { body: {} } });
    const { router } = renderAt('/settings');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTH_CHECK_TIMEOUT_MS - 1);
    });
    expect(currentPath(router)).toBe('/settings');
    expect(screen.getByRole('status')).toHaveTextContent('Проверяем сессию…');
    // Past the limit; a few more fake milliseconds let the query and router finish their own zero-delay work.
    for (let step = 0; step < 20 && currentPath(router) !== '/welcome'; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
    }
    expect(currentPath(router)).toBe('/welcome');
  });
});

describe('lead guard', () => {
  it('redirects a non-lead from /referrals to /', async () => {
    mockApi(signedIn(false));
    const { router } = renderAt('/referrals');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Referrals', level: 1 })).not.toBeInTheDocument();
  });

  it('lets a lead in', async () => {
    mockApi(signedIn(true));
    const { router } = renderAt('/referrals');
    expect(await screen.findByRole('heading', { name: 'Referrals', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/referrals');
  });
});

describe('lead check', () => {
  const leadChecks = (calls: { path: string }[]) =>
    calls.filter((call) => call.path === API.auth.leadCheck).length;

  /** What every sign-in and session check leaves in this browser: the stored lead flag. */
  const holdSession = () => window.localStorage.setItem(LEAD_STORAGE_KEY, 'false');

  it('runs on load: 200 sets the flag, 451 clears it', async () => {
    holdSession();
    const lead = mockApi(signedIn(true));
    const first = renderAt('/deal');
    await waitFor(() => expect(leadChecks(lead.calls)).toBe(1));
    await waitFor(() => expect(window.localStorage.getItem('isLead')).toBe('true'));
    first.unmount();

    const notLead = mockApi(signedIn(false));
    renderAt('/deal');
    await waitFor(() => expect(leadChecks(notLead.calls)).toBe(1));
    await waitFor(() => expect(getIsLead()).toBe(false));
    expect(window.localStorage.getItem('isLead')).toBe('false');
  });

  it('skips /welcome and /c2c/ and runs again on back/forward', async () => {
    holdSession();
    window.history.replaceState(null, '', '/welcome');
    const { calls } = mockApi(signedIn(true));
    renderAt('/welcome');
    await screen.findByRole('heading', { name: LANDING_HEADLINE });
    expect(leadChecks(calls)).toBe(0);

    window.history.replaceState(null, '', '/c2c/order-1');
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(leadChecks(calls)).toBe(0);

    window.history.replaceState(null, '', '/deal');
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect(leadChecks(calls)).toBe(1));
    await waitFor(() => expect(getIsLead()).toBe(true));
  });

  it('/c2c/:id is public: the payer page renders without a session check, a lead check or the shell', async () => {
    holdSession();
    const order = '0190a5d2-7c1e-7a41-9f3e-3b2c1d0e9f8a';
    window.history.replaceState(null, '', `/c2c/${order}`);
    const { calls } = mockApi(
      signedIn(true, { [`GET ${API.payer.order(order)}`]: { status: 404, body: { detail: 'нет' } } }),
    );
    const { router } = renderAt(`/c2c/${order}`);
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.notFound })).toBeInTheDocument();
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(currentPath(router)).toBe(`/c2c/${order}`);
    expect(leadChecks(calls)).toBe(0);
    expect(calls.some((call) => call.path === API.auth.checkUserAuth)).toBe(false);
    expect(screen.queryByTestId('bottom-menu')).not.toBeInTheDocument();
  });

  it('skips /about, /services and /contact, and every page without a session', async () => {
    holdSession();
    const { calls } = mockApi(signedIn(false));
    for (const path of ['/about', '/services', '/contact']) {
      window.history.replaceState(null, '', path);
      const view = renderAt(path);
      await screen.findByRole('heading', { level: 1 });
      view.unmount();
    }
    expect(leadChecks(calls)).toBe(0);

    // Nothing stored: no sign-in happened in this browser, so the check could only answer 401.
    window.localStorage.clear();
    window.history.replaceState(null, '', '/no/such/page');
    renderAt('/no/such/page');
    expect(screen.getByText('404')).toBeInTheDocument();
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(leadChecks(calls)).toBe(0);

    holdSession();
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect(leadChecks(calls)).toBe(1));
  });
});

describe('logout and unknown paths', () => {
  it('/logout clears everything and goes to /welcome even when the call fails', async () => {
    window.localStorage.setItem('isLead', 'true');
    window.sessionStorage.setItem('x', '1');
    const { calls } = mockApi({ [`POST ${API.auth.logout}`]: 'network-error' });
    const { router } = renderAt('/logout');
    await waitFor(() => expect(currentPath(router)).toBe('/welcome'));
    expect(calls.filter((call) => call.path === API.auth.logout)).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows 404 for any other path with a button back home', async () => {
    mockApi(signedIn(false));
    const { router } = renderAt('/no/such/page');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: NOT_FOUND_TEXT.title })).toBeInTheDocument();
    screen.getByRole('link', { name: NOT_FOUND_TEXT.home }).click();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    // jsdom's window is 1024px wide: the compact layout with the bottom menu.
    expect(await screen.findByTestId('bottom-menu')).toBeInTheDocument();
  });
});
