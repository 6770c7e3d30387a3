import { API, FORCE_LOGOUT_HEADER } from '@app/shared/api-paths';
import { API_TIMEOUT_MS, DEFAULT_API_PREFIX } from '@app/shared/constants';
import { NETWORK_ERROR_TEXT, REQUEST_TIMEOUT_TEXT, requestFailedText } from '@app/shared/web-texts';
import { parseErrorBody } from './errors.ts';
import { navigateTo } from './navigation.ts';
import { clearClientSession, heldSession, markSessionEnded, sessionGeneration } from './session.ts';

/** Prefix every API path lives under (spec §7); the dev server proxies it to the API. */
export const API_PREFIX: string = (import.meta.env.VITE_API_PREFIX ?? DEFAULT_API_PREFIX).replace(/\/+$/, '');

/** Where the forced logout sends the browser. */
export const WELCOME_PATH = '/welcome';

/** How a call failed: an HTTP answer, the client timeout, or no answer at all. */
export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A failed API call. status is 0 when no answer arrived; body is the parsed error body (or null). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: ApiErrorKind;

  constructor(status: number, body: unknown, message: string, kind: ApiErrorKind = 'http') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
}

/** True for an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart untouched. */
  body?: unknown;
  /** Query string parameters; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Overrides API_TIMEOUT_MS (e.g. AUTH_CHECK_TIMEOUT_MS for the auth check). */
  timeoutMs?: number;
  /** Cancellation from the caller (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
  /**
   * false where spec §8 gives a 403 its own meaning on a call (the disputes' "no rights" answers): the
   * error reaches the caller and the session stays. An ended session answers 401 on every route.
   */
  logoutOn403?: boolean;
}

/** Full URL of an API path: prefix + path + query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  // An HTML error page (proxy, gateway) is not a message for people.
  if (type.includes('html')) return response.ok ? text : null;
  return text;
}

function errorMessage(status: number, body: unknown): string {
  const parsed = parseErrorBody(body);
  return parsed.popup ?? (Object.values(parsed.fields).join(' ') || requestFailedText(status));
}

/** One network round trip with timeout and cancellation; no 403 handling. */
async function send(path: string, options: ApiRequestOptions): Promise<unknown> {
  const { method = 'GET', body, query, headers = {}, timeoutMs = API_TIMEOUT_MS, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort);

  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  if (body !== undefined && !isForm) requestHeaders['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, query), {
        method,
        credentials: 'include',
        headers: requestHeaders,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, null, REQUEST_TIMEOUT_TEXT, 'timeout');
      // The caller cancelled (e.g. a query went out of view): pass the AbortError through unchanged.
      if (signal?.aborted) throw error;
      throw new ApiError(0, null, NETWORK_ERROR_TEXT, 'network');
    }
    let data: unknown;
    try {
      data = await readBody(response);
    } catch (error) {
      if (timedOut) throw new ApiError(0, null, REQUEST_TIMEOUT_TEXT, 'timeout');
      if (signal?.aborted) throw error;
      throw new ApiError(response.status, null, NETWORK_ERROR_TEXT, 'network');
    }
    if (!response.ok) throw new ApiError(response.status, data, errorMessage(response.status, data));
    return data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

let forcedLogout: Promise<void> | null = null;

/**
 * Spec §8: any 403 ends the session. Tells the server (X-Force-Logout, errors ignored), clears local and
 * session storage and goes to /welcome. Concurrent 403s share one logout. `ended` (a 401: the session ran
 * out) also has /welcome say so.
 */
export function forceLogout({ ended = false }: { ended?: boolean } = {}): Promise<void> {
  forcedLogout ??= (async () => {
    try {
      await send(API.auth.logout, { method: 'POST', headers: { [FORCE_LOGOUT_HEADER]: 'true' } });
    } catch {
      // The session is being thrown away either way; a failed logout call changes nothing for the user.
    }
    clearClientSession();
    if (ended) markSessionEnded();
    navigateTo(WELCOME_PATH);
  })().finally(() => {
    forcedLogout = null;
  });
  return forcedLogout;
}

/**
 * The calls that sign in (or reset a password) answer 401 for wrong input, never for an ended session;
 * logout is where the session ends anyway.
 */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  API.auth.register,
  API.auth.verifyOtp,
  API.auth.login,
  API.auth.loginVerify,
  API.auth.requestPasswordReset,
  API.auth.passwordReset,
  API.auth.logout,
]);

/** A 401 to a call made with a session: the session ended (expired, revoked, logged out in another tab). */
function endedSession(error: unknown, path: string): boolean {
  return isApiError(error, 401) && !SIGN_IN_PATHS.has(path) && heldSession();
}

/** What a call whose session ended returns: nothing, ever. Its page is gone, /welcome says why. */
const neverSettles = new Promise<never>(() => {});

/**
 * THE way to call the API: prefix, cookies, JSON, timeout and the 403 and 401 rules in one place.
 * Resolves with the parsed body (null for an empty answer); rejects with ApiError. A call whose session
 * ended (401) logs out like a 403 and then never settles, and so does any call whose answer arrives after
 * the session it was made under ended: settling would paint the 401's text, a toast of it, or a stale
 * answer (a lead flag stored again) over the /welcome page the user was just sent to.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const generation = sessionGeneration();
  try {
    const data = (await send(path, options)) as T;
    return sessionGeneration() === generation ? data : neverSettles;
  } catch (error) {
    if (sessionGeneration() !== generation) return neverSettles;
    if (endedSession(error, path)) {
      await forceLogout({ ended: true });
      return neverSettles;
    }
    if (isApiError(error, 403) && options.logoutOn403 !== false) await forceLogout();
    throw error;
  }
}

type Options = Omit<ApiRequestOptions, 'method' | 'body'>;

/** Method shortcuts over apiRequest. */
export const apiClient = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
