/**
 * PostgreSQL's unique_violation (23505) with the index it hit, found on the error or its causes: Drizzle
 * wraps driver errors, and PGlite and node-postgres both carry `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): { constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return { constraint };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * PostgreSQL's invalid_parameter_value (22023), found on the error or its causes: e.g. a time zone name the
 * server's zone database does not know.
 */
export function invalidParameterValue(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: string }).code === '22023') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Node's socket errors that mean the database server could not be reached or dropped the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
]);
/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown (57P01, a restart or
 * pg_terminate_backend), crash_shutdown (57P02), cannot_connect_now (57P03, starting up),
 * too_many_connections (53300) and every connection exception (class 08).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * node-postgres reports a lost connection or a pool that could not connect in time by message only (no code).
 */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when an error (or one of its causes: Drizzle wraps driver errors) says the database was unreachable
 * or the connection was lost, not that the statement was wrong: such a request may succeed when retried, so
 * it is answered 503 rather than 500.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((text) => message.includes(text))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some((inner) => databaseUnavailable(inner))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL's refusal of a text it cannot store: a NUL character in text (22021, character_not_in_repertoire)
 * or `\u0000` in jsonb (22P05, untranslatable_character), found on the error or its causes.
 */
export function unstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code } = current as { code?: string };
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
