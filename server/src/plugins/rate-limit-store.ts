import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { HealthCheck } from '../context.ts';

/** One counter's state as @fastify/rate-limit wants it: requests in the window so far, ms left in it. */
interface Count {
  current: number;
  ttl: number;
}

/**
 * INCR and, on the window's first request, PEXPIRE, in one script so two instances never both start a
 * window or leave a key without expiry. Answers the count and the milliseconds the window has left.
 */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** A fixed window per key in this process's memory: the store without Redis, and the fallback during an outage. */
class LocalCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  increment(key: string, windowMs: number): Count {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Bounded memory under a flood of distinct keys: expired windows are dropped before a new one is added.
      if (this.windows.size >= 50_000) {
        for (const [name, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(name);
      }
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      return { current: 1, ttl: windowMs };
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

type IncrementCommand = (key: string, windowMs: number) => Promise<[number, number]>;

export interface SharedRateLimits {
  /** The `store` option of @fastify/rate-limit: every limit of the app counts in Redis under the prefix. */
  store: new (
    options: FastifyRateLimitOptions,
  ) => FastifyRateLimitStore;
  /** /health's `redis` component: degraded (never down) while the limits count per process. */
  healthCheck: HealthCheck;
  close(): void;
}

/**
 * The rate-limit counters of every instance in one Redis (REDIS_URL), keys under `prefix`.
 *
 * When Redis cannot answer (not connected, or a command takes over a second) a request is counted in this
 * process's memory instead, with a warning in the log and /health degraded. Why not fail open: the per-IP
 * limits on sign-in, activation and the payer page guard against guessing and floods, and an outage of the
 * counter store must not switch them off; per process they still hold, only N instances allow N times as
 * much. Why not fail closed (an error answer): a Redis outage would then take the whole API down with it.
 */
export function createSharedRateLimits(options: {
  url: string;
  prefix: string;
  log: Logger;
}): SharedRateLimits {
  const { prefix, log } = options;
  const redis = new Redis(options.url, {
    // A command while disconnected fails at once instead of waiting in a queue, so the request falls back
    // to the local counter rather than hanging.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  const increment = (redis as unknown as { rateLimitIncrement: IncrementCommand }).rateLimitIncrement.bind(
    redis,
  );
  const local = new LocalCounters();
  let failingSince: number | null = null;
  let lastError = '';

  redis.on('error', (error: Error) => {
    lastError = error.message;
    if (failingSince === null) {
      failingSince = Date.now();
      log.warn({ err: error }, 'redis unreachable: rate limits count per process until it is back');
    }
  });
  redis.on('ready', () => {
    if (failingSince !== null) log.info('redis reachable again: rate limits are shared');
    failingSince = null;
  });

  async function count(key: string, windowMs: number): Promise<Count> {
    try {
      const [current, ttl] = await increment(`${prefix}${key}`, windowMs);
      if (failingSince !== null && redis.status === 'ready') {
        failingSince = null;
        log.info('redis answers again: rate limits are shared');
      }
      return { current, ttl };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (failingSince === null) {
        failingSince = Date.now();
        log.warn({ err: error }, 'redis rate-limit counter failed: counting per process until it answers');
      }
      return local.increment(key, windowMs);
    }
  }

  class RedisCountersStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      count(`${this.scope}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // A route's own limit (config.rateLimit) counts apart from the other routes': its method and URL are in
    // the key. A limiter made with app.rateLimit() has no route and keys by what it authenticated
    // (device:<id>, merchant:<id>), shared by the routes that use it.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the limit's merged options with the route under routeInfo (its typings say
      // RouteOptions); an app.rateLimit() limiter's routeInfo is empty.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const scope = route?.method && route.url ? `${String(route.method)} ${String(route.url)}:` : '';
      return new RedisCountersStore({}, scope);
    }
  }

  return {
    store: RedisCountersStore,
    healthCheck: () =>
      redis.status === 'ready' && failingSince === null
        ? { ok: true }
        : {
            ok: true,
            degraded: true,
            detail: `rate limits per process (redis ${redis.status}${lastError ? `: ${lastError}` : ''})`,
          },
    close: () => redis.disconnect(),
  };
}
