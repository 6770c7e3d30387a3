/** Use case: one webhook POST to a merchant's server, and how it went. */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { WebhookOutcome } from '@app/shared';
import { type ResolvedAddress, type Resolver, vetDestination } from './webhook-url.ts';

/** What one POST to a merchant's receiver came to. */
export interface PostOutcome {
  /** A 2xx answer: the event is delivered. */
  ok: boolean;
  statusCode: number | null;
  /** The class the merchant sees in the delivery log. */
  outcome: WebhookOutcome;
  /**
   * The operator's detail of a failure (socket error code, the address tried, a redirect): kept on the attempt
   * and in the log, never shown to the merchant. Null on a 2xx or when the status says it all.
   */
  error: string | null;
  durationMs: number;
}

/** The longest error text kept (the column is free text; a receiver's TLS error can be long). */
const MAX_ERROR_LENGTH = 500;

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

function statusOutcome(status: number): WebhookOutcome {
  return STATUS_CLASSES.find((name) => name === `${Math.floor(status / 100)}xx`) ?? 'connection_failed';
}

/**
 * A lookup for node:net that answers the vetted addresses and nothing else: the connection goes to what was
 * checked, with no second DNS query between the check and the connect.
 */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) net asks for every address and tries them in turn.
    if (options.all) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
      return;
    }
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  };
}

/** A failed request, with whether it failed in the TLS handshake (after the TCP connect). */
class RequestFailure extends Error {
  constructor(
    readonly underlying: unknown,
    readonly inHandshake: boolean,
  ) {
    super('webhook request failed');
  }
}

/**
 * One POST over node:http(s) to a pinned address. Why not fetch: Node 20's global fetch takes no connection
 * options, and the undici package would be a second HTTP client only for this; node:http's `lookup` option
 * does exactly the pinning while the request keeps the URL's host name, so the Host header and the TLS name
 * (SNI and certificate check) are the merchant's host, not the address. No agent: every attempt opens its own
 * connection to its own vetted address (a pooled socket is never reused across names). Node's client never
 * follows redirects. The answer's body is not read (destroyed at once: nothing in it matters, and a large or
 * endless body must not hold the worker); its headers are bounded by Node's max header size.
 */
function request(input: {
  url: URL;
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}): Promise<number> {
  const secure = input.url.protocol === 'https:';
  const payload = Buffer.from(input.body, 'utf8');
  return new Promise((resolve, reject) => {
    let inHandshake = false;
    const outgoing = (secure ? https : http).request({
      hostname: input.url.hostname.replace(/^\[|\]$/g, ''),
      port: input.url.port || undefined,
      path: `${input.url.pathname}${input.url.search}`,
      method: 'POST',
      headers: { ...input.headers, host: input.url.host, 'content-length': String(payload.length) },
      lookup: pinnedLookup(input.addresses),
      agent: false,
      signal: input.signal,
    });
    outgoing.on('socket', (socket) => {
      if (!secure) return;
      socket.once('connect', () => {
        inHandshake = true;
      });
      socket.once('secureConnect', () => {
        inHandshake = false;
      });
    });
    outgoing.once('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.on('error', () => undefined);
      response.destroy();
      outgoing.destroy();
    });
    // `on`, not `once`: a late second error (after the answer, while tearing down) must find a listener.
    outgoing.on('error', (error) => reject(new RequestFailure(error, inHandshake)));
    outgoing.end(payload);
  });
}

/** The operator's text for a request that got no answer: the socket's error code and the address tried. */
function failureDetail(error: unknown): string {
  const failure = error as {
    code?: string;
    address?: string;
    port?: number;
    message?: string;
    errors?: { code?: string; address?: string; port?: number }[];
  };
  const first = failure.code ? failure : (failure.errors?.[0] ?? failure);
  const where = first.address ? ` ${first.address}${first.port ? `:${first.port}` : ''}` : '';
  return `Ошибка соединения: ${first.code ?? failure.message ?? String(error)}${where}`.slice(
    0,
    MAX_ERROR_LENGTH,
  );
}

/** Rejects when the signal aborts (the attempt's time limit also bounds the DNS lookup). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * POSTs a signed body once: resolves the URL's host once, vets the answer (vetDestination: private addresses
 * refused unless allowed, a failed lookup refuses the attempt) and connects to exactly those addresses. The
 * whole attempt (lookup, connect, TLS, the answer's status line) is held to timeoutMs. Redirects are never
 * followed: a 3xx is a failure (the merchant must give the final URL, and following would let a receiver
 * point our signed requests elsewhere).
 */
export async function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve: Resolver;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const signal = AbortSignal.timeout(input.timeoutMs);
  const timedOut = (): PostOutcome => ({
    ok: false,
    statusCode: null,
    outcome: 'timeout',
    error: `Нет ответа за ${input.timeoutMs} мс`,
    durationMs: elapsed(),
  });
  try {
    const destination = await Promise.race([
      vetDestination(input.url, { allowPrivate: input.allowPrivate, resolve: input.resolve }),
      aborted(signal),
    ]);
    if (!destination.ok) {
      const { outcome, error } = destination;
      return { ok: false, statusCode: null, outcome, error, durationMs: elapsed() };
    }
    const statusCode = await request({
      url: new URL(input.url),
      addresses: destination.addresses,
      headers: input.headers,
      body: input.body,
      signal,
    });
    const outcome = statusOutcome(statusCode);
    const error = outcome === '3xx' ? `Перенаправление (HTTP ${statusCode}) не выполняется` : null;
    return { ok: outcome === '2xx', statusCode, outcome, error, durationMs: elapsed() };
  } catch (error) {
    if (signal.aborted) return timedOut();
    const failure = error instanceof RequestFailure ? error : new RequestFailure(error, false);
    return {
      ok: false,
      statusCode: null,
      outcome: failure.inHandshake ? 'tls_failed' : 'connection_failed',
      error: failureDetail(failure.underlying),
      durationMs: elapsed(),
    };
  }
}
