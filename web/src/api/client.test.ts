import {
  API,
  AUTH_CHECK_TIMEOUT_MS,
  FORCE_LOGOUT_HEADER,
  NETWORK_ERROR_TEXT,
  REQUEST_TIMEOUT_TEXT,
} from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock.ts';
import { API_PREFIX, ApiError, apiClient, apiUrl } from './client.ts';
import { getIsLead, setIsLead } from './lead-store.ts';
import { setNavigator } from './navigation.ts';
import { hasSessionEndedNotice, noteSignedIn } from './session.ts';

describe('apiClient', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setNavigator(navigate);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with cookies to prefix + path and returns the parsed body', async () => {
    const { calls, fetch } = mockApi({ 'POST /account/user/login/': { body: { message: 'ok' } } });
    const answer = await apiClient.post<{ message: string }>(API.auth.login, {
      email: 'a@b.cc',
      password: 'x',
    });
    expect(answer).toEqual({ message: 'ok' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: API.auth.login,
      body: { email: 'a@b.cc', password: 'x' },
    });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('include');
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${API_PREFIX}${API.auth.login}`);
  });

  it('builds query strings without empty values', () => {
    expect(apiUrl('/x/', { page: 2, status: null, q: 'a b' })).toBe(`${API_PREFIX}/x/?page=2&q=a+b`);
  });

  it('aborts after the default 10 s timeout with a timeout ApiError', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /slow/': 'never' });
    const call = apiClient.get('/slow/');
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: 'timeout', message: REQUEST_TIMEOUT_TEXT });
  });

  it('honours a per-call timeout (the 5 s auth check)', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /account/check_user_auth/': 'never' });
    const outcome = apiClient
      .get(API.auth.checkUserAuth, { timeoutMs: AUTH_CHECK_TIMEOUT_MS })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(AUTH_CHECK_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ kind: 'timeout' });
  });

  it('turns a failed fetch into a network ApiError with status 0', async () => {
    mockApi({ 'GET /down/': 'network-error' });
    await expect(apiClient.get('/down/')).rejects.toMatchObject({
      status: 0,
      kind: 'network',
      message: NETWORK_ERROR_TEXT,
    });
  });

  it('keeps status and body of an error answer and takes the message from the body', async () => {
    mockApi({ 'POST /account/user/login/': { status: 400, body: { detail: 'Неверный email или пароль' } } });
    const error = await apiClient.post(API.auth.login, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { detail: 'Неверный email или пароль' } });
    expect((error as ApiError).message).toBe('Неверный email или пароль');
  });

  it('on any 403 logs out with X-Force-Logout, clears both storages and goes to /welcome', async () => {
    window.localStorage.setItem('something', '1');
    window.sessionStorage.setItem('draft', '1');
    setIsLead(true);
    const { calls } = mockApi({
      'GET /api/account/dashboard/': { status: 403, body: { detail: 'Недостаточно прав' } },
      'POST /account/logout/': { body: { message: 'bye' } },
    });
    await expect(apiClient.get(API.dashboard)).rejects.toMatchObject({ status: 403 });
    const logout = calls.find((call) => call.path === API.auth.logout);
    expect(logout?.method).toBe('POST');
    expect(logout?.headers[FORCE_LOGOUT_HEADER.toLowerCase()]).toBe('true');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(getIsLead()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/welcome');
  });

  it('still clears and redirects when the forced logout call itself fails', async () => {
    window.localStorage.setItem('isLead', 'true');
    mockApi({ 'GET /x/': { status: 403 }, 'POST /account/logout/': 'network-error' });
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ status: 403 });
    expect(window.localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/welcome');
  });

  it('keeps the session on a 403 of a call that gives it its own meaning (logoutOn403: false)', async () => {
    const { calls } = mockApi({ 'GET /x/': { status: 403, body: { detail: 'Нет прав' } } });
    await expect(apiClient.get('/x/', { logoutOn403: false })).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 401 to a call made with a session logs out like a 403, says why on /welcome and never settles', async () => {
    setIsLead(false);
    window.sessionStorage.setItem('draft', '1');
    const { calls } = mockApi({
      'GET /api/account/dashboard/': { status: 401, body: { detail: 'Требуется авторизация' } },
      'POST /account/logout/': { status: 401 },
    });
    const outcome = vi.fn();
    apiClient.get(API.dashboard).then(outcome, outcome);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/welcome'));
    const logout = calls.find((call) => call.path === API.auth.logout);
    expect(logout?.headers[FORCE_LOGOUT_HEADER.toLowerCase()]).toBe('true');
    expect(window.localStorage.getItem('isLead')).toBeNull();
    expect(window.sessionStorage.getItem('draft')).toBeNull();
    expect(hasSessionEndedNotice()).toBe(true);
    // The page that asked is gone: neither its data nor its error may reach the screen.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outcome).not.toHaveBeenCalled();
  });

  it('counts a sign-in in this tab as a session even when another tab cleared storage', async () => {
    noteSignedIn();
    mockApi({ 'GET /x/': { status: 401 }, 'POST /account/logout/': { body: {} } });
    void apiClient.get('/x/');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/welcome'));
    expect(hasSessionEndedNotice()).toBe(true);
  });

  it.each([
    API.auth.login,
    API.auth.loginVerify,
    API.auth.verifyOtp,
    API.auth.register,
    API.auth.passwordReset,
  ])('a 401 from %s (wrong password or code) is an answer, not an ended session', async (path) => {
    setIsLead(false);
    const { calls } = mockApi({ [`POST ${path}`]: { status: 401, body: { detail: 'Неверный код' } } });
    await expect(apiClient.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(hasSessionEndedNotice()).toBe(false);
  });

  it('does not log out on other errors (a 401 without a session: the visitor never signed in)', async () => {
    const { calls } = mockApi({ 'GET /x/': { status: 401, body: { detail: 'Требуется авторизация' } } });
    window.localStorage.setItem('keep', '1');
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(window.localStorage.getItem('keep')).toBe('1');
    expect(navigate).not.toHaveBeenCalled();
  });
});
