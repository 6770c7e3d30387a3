import { vi } from 'vitest';
import { API_PREFIX } from '../api/client.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = { status?: number; body?: unknown } | 'network-error' | 'never';

/** Handlers keyed "METHOD /path/" (path relative to the API prefix, query string ignored). */
export type Handlers = Record<string, Reply | ((call: RecordedCall) => Reply)>;

function neverResolving(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

/**
 * Replaces global fetch with a fake API. Unknown routes answer 404 {detail}. Returns the recorded calls,
 * newest last, so tests can assert exactly what was sent.
 */
export function mockApi(handlers: Handlers): { calls: RecordedCall[]; fetch: ReturnType<typeof vi.fn> } {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
    const call: RecordedCall = { method, path, body, headers };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply =
      typeof handler === 'function'
        ? handler(call)
        : (handler ?? { status: 404, body: { detail: 'Not found' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'never') return neverResolving(init?.signal);
    const status = reply.status ?? 200;
    const payload = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(payload, {
      status,
      headers: payload === null ? {} : { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** The recorded calls of one method and path. */
export function called(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}

/** A handler that fails the first call (404 {detail}) and answers `then` from the second on: load failure, then retry. */
export function failsOnce(then: Reply): () => Reply {
  let attempts = 0;
  return () => (++attempts === 1 ? { status: 404, body: { detail: 'x' } } : then);
}
