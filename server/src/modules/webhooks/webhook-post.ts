import { performance } from 'node:perf_hooks';

/** What one POST to a merchant's receiver came to. */
export interface PostOutcome {
  /** A 2xx answer: the event is delivered. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed when the status alone does not say (no answer, a redirect); null otherwise. */
  error: string | null;
  durationMs: number;
}

/** The longest error text kept (the column is free text; a receiver's TLS error can be long). */
const MAX_ERROR_LENGTH = 500;

/** The Russian reason for a request that got no answer: timeout, refused connection, bad name, TLS. */
function failureText(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `Нет ответа за ${timeoutMs} мс`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  return `Ошибка соединения: ${detail}`.slice(0, MAX_ERROR_LENGTH);
}

/**
 * POSTs a signed body once. Redirects are never followed (a 3xx is a failure: the merchant must give the
 * final URL, and following would let a receiver point our signed requests elsewhere); the answer's body is
 * not read (cancelled at once: nothing in it matters, and a large or endless body must not hold the worker).
 */
export async function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const response = await fetch(input.url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    const statusCode = response.status;
    const ok = statusCode >= 200 && statusCode < 300;
    const error =
      statusCode >= 300 && statusCode < 400 ? `Перенаправление (HTTP ${statusCode}) не выполняется` : null;
    return { ok, statusCode, error, durationMs: elapsed() };
  } catch (error) {
    return { ok: false, statusCode: null, error: failureText(error, input.timeoutMs), durationMs: elapsed() };
  }
}
