import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Where secrets could sit in a logged object: request and answer headers (Fastify's serializers log none,
 * but a line that logs headers by hand must not leak them), and body-like objects with passwords, one-time
 * codes or keys. Idempotency keys are not secret and stay.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.new_password',
  '*.confirm_password',
  '*.otp',
  '*.code_otp',
  '*.token',
  '*.secret',
];

/**
 * A failed query's error (Drizzle's DrizzleQueryError) carries its parameters and repeats them in its
 * message and stack: hashes of one-time codes and session tokens, webhook secrets, addresses. The copy
 * logged keeps the SQL text and the stack frames and drops the values, through every cause.
 */
function withoutQueryParams(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const cause = withoutQueryParams(error.cause, depth + 1);
  const query = (error as { query?: unknown }).query;
  const isQuery = 'params' in error && typeof query === 'string';
  if (!isQuery && cause === error.cause) return error;
  const copy = new Error(isQuery ? `Failed query: ${query}` : error.message, { cause });
  copy.name = error.name;
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && key !== 'cause') Object.assign(copy, { [key]: value });
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = isQuery ? [`${error.name}: ${copy.message}`, ...frames].join('\n') : error.stack;
  return copy;
}

/** pino's error serializer, minus the values of a failed query. */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(withoutQueryParams(error) as Error);
}

/** A forwarder app's URL path (`…/device/v1/hooks/<token>`, issue 24): the token in it is a credential. */
const HOOK_PATH = /\/device\/v1\/hooks\/.*$/s;

/**
 * A request URL as it may be logged: a forwarder URL loses its token and everything after it (its query can
 * hold a signature and a bank text), e.g. `/backend/device/v1/hooks/…`. Other URLs stay as they are.
 */
export function loggableUrl(url: string): string {
  return url.replace(HOOK_PATH, '/device/v1/hooks/…');
}

/** A request as Fastify logs it (its own serializer's fields), with the URL made loggable. */
function serializeRequest(request: {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggableUrl(request.url) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The process logger: JSON lines (to stdout, or `destination` in tests), secrets redacted (a forwarder URL's
 * token included), failed queries logged without their parameter values.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
