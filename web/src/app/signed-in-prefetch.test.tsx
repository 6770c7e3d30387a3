import { API } from '@app/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEAD_STORAGE_KEY } from '../api/lead-store.ts';
import { mockApi } from '../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../test/render.tsx';
import { authUser } from '../test/session-fixtures.ts';

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const requested = (calls: { path: string }[], path: string) => calls.some((call) => call.path === path);

describe('signed-in requests started by the router', () => {
  it('asks for the dashboard while the session check is still under way (session hint present)', async () => {
    window.localStorage.setItem(LEAD_STORAGE_KEY, 'true');
    // The check never answers: the guard never renders the page, so only the router can have asked.
    const { calls } = mockApi({
      [`GET ${API.auth.checkUserAuth}`]: 'never',
      [`GET ${API.dashboard}`]: { status: 500 },
    });
    renderAt('/');
    await waitFor(() => expect(requested(calls, API.dashboard)).toBe(true));
    expect(requested(calls, API.auth.checkUserAuth)).toBe(true);
  });

  it('without a session hint, asks for the dashboard only once the check says signed in', async () => {
    const { calls } = mockApi({
      [`GET ${API.auth.checkUserAuth}`]: { body: { user: authUser(true) } },
      [`GET ${API.dashboard}`]: 'never',
    });
    renderAt('/');
    await waitFor(() => expect(requested(calls, API.dashboard)).toBe(true));
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf(API.auth.checkUserAuth)).toBeLessThan(paths.indexOf(API.dashboard));
  });

  it('makes no dashboard request for a visitor who is signed out', async () => {
    const { calls } = mockApi({
      [`GET ${API.auth.checkUserAuth}`]: { status: 401, body: { detail: 'Требуется авторизация' } },
      [`POST ${API.auth.logout}`]: { body: {} },
    });
    const { router } = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(requested(calls, API.dashboard)).toBe(false);
  });

  it('starts nothing signed-in on a public page', async () => {
    window.localStorage.setItem(LEAD_STORAGE_KEY, 'true');
    const { calls } = mockApi({});
    renderAt('/about');
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
    expect(requested(calls, API.auth.checkUserAuth)).toBe(false);
    expect(requested(calls, API.dashboard)).toBe(false);
  });
});
