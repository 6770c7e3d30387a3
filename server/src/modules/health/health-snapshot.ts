/**
 * Use case: GET /health's state, kept current by a refresher so the route answers from memory (issue 28). Under
 * a burst of writes a database ping waits behind the transactions (the embedded engine runs one at a time), and
 * a health check that waits as long as the load says nothing the snapshot would not: the refresher pings and
 * runs every component check every HEALTH_REFRESH_MS, and the route answers the newest result with its age.
 */
import type { Logger } from 'pino';
import type { HealthCheck } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Job } from '../../jobs/job.ts';

/** Where a pass reports failures: the app's log (refresher) or the request's (a live pass). */
type Log = Pick<Logger, 'error' | 'warn'>;

export type ComponentHealth = { ok: boolean; degraded?: boolean; detail?: string };

/** One pass of the checks: the database ping and every registered component, and the status they make. */
export interface HealthSnapshot {
  status: 'ok' | 'degraded' | 'down';
  database: 'ok' | 'unreachable';
  components: Record<string, ComponentHealth>;
  /** When the pass began, on the monotonic clock (ms). */
  takenAt: number;
}

/** What a request is answered with: the snapshot, how old it is, and whether the route had to check itself. */
export interface HealthReading {
  snapshot: HealthSnapshot;
  ageMs: number;
  /** `live` when there was no snapshot fresh enough (no refresher, or one that fell behind). */
  source: 'snapshot' | 'live';
}

/** A snapshot older than this many refresh intervals is stale: the refresher is stuck or starved. */
const STALE_AFTER_INTERVALS = 5;

/**
 * The checks of GET /health and their newest result. With intervalMs 0 there is no refresher and every read
 * checks live (the tests, which change a component and read /health at once). Otherwise `start()` runs the
 * checks every intervalMs (never two passes at once) and reads answer the newest pass; one older than
 * STALE_AFTER_INTERVALS intervals is not trusted: the read checks live (one pass shared by the requests that
 * find it stale) and says so, so a stuck refresher can never hide a database that went away.
 */
export function createHealthMonitor(deps: {
  database: Pick<Database, 'ping'>;
  checks: Map<string, HealthCheck>;
  log: Logger;
  intervalMs: number;
  /** The monotonic clock (ms) ages are measured on; tests may replace it. */
  clock?: () => number;
}) {
  const clock = deps.clock ?? (() => performance.now());
  const staleAfterMs = deps.intervalMs * STALE_AFTER_INTERVALS;
  let latest: HealthSnapshot | null = null;
  let livePass: Promise<HealthSnapshot> | null = null;

  /** One pass; a failure is logged when it is new (not on every pass of a refresher while it lasts). */
  async function check(log: Log, previous: HealthSnapshot | null): Promise<HealthSnapshot> {
    const takenAt = clock();
    const [database, checked] = await Promise.all([
      deps.database.ping().then(
        () => 'ok' as const,
        (error: unknown) => {
          if (previous?.database !== 'unreachable') log.error({ err: error }, 'health: database ping failed');
          return 'unreachable' as const;
        },
      ),
      Promise.all(
        [...deps.checks.entries()].map(async ([name, run]): Promise<[string, ComponentHealth]> => {
          try {
            return [name, await run()];
          } catch (error) {
            if (previous?.components[name]?.detail !== 'check failed') {
              log.error({ err: error, component: name }, 'health: component check failed');
            }
            return [name, { ok: false, detail: 'check failed' }];
          }
        }),
      ),
    ]);
    const results = checked.map(([, result]) => result);
    const healthy = database === 'ok' && results.every((component) => component.ok);
    const degraded = results.some((component) => component.degraded);
    return {
      status: healthy ? (degraded ? 'degraded' : 'ok') : 'down',
      database,
      components: Object.fromEntries(checked),
      takenAt,
    };
  }

  function keep(snapshot: HealthSnapshot): HealthSnapshot {
    if (!latest || snapshot.takenAt >= latest.takenAt) latest = snapshot;
    return snapshot;
  }

  return {
    /** The state a request is answered with; `log` is the request's, for a live pass's failures. */
    async read(log: Log): Promise<HealthReading> {
      if (deps.intervalMs === 0) {
        const snapshot = await check(log, null);
        return { snapshot, ageMs: 0, source: 'live' };
      }
      const fresh = latest;
      if (fresh && clock() - fresh.takenAt <= staleAfterMs) {
        return { snapshot: fresh, ageMs: clock() - fresh.takenAt, source: 'snapshot' };
      }
      if (!livePass) {
        if (fresh)
          log.warn({ ageMs: Math.round(clock() - fresh.takenAt) }, 'health: snapshot stale, checking live');
        livePass = check(log, null)
          .then(keep)
          .finally(() => {
            livePass = null;
          });
      }
      const snapshot = await livePass;
      return { snapshot, ageMs: clock() - snapshot.takenAt, source: 'live' };
    },

    /** The refresher: a pass now, then one every intervalMs after the previous ended; stop() waits for a pass. */
    start(): Job {
      let stopping = false;
      let timer: NodeJS.Timeout | null = null;
      let current: Promise<void> | null = null;
      const pass = () => {
        timer = null;
        current = check(deps.log, latest)
          .then(keep)
          .then(
            () => undefined,
            (error: unknown) => deps.log.error({ err: error }, 'health: refresh failed'),
          )
          .finally(() => {
            current = null;
            // Unreferenced: a refresher alone never keeps the process alive.
            if (!stopping) timer = setTimeout(pass, deps.intervalMs).unref();
          });
      };
      pass();
      return {
        name: 'health-refresh',
        async stop() {
          stopping = true;
          if (timer) clearTimeout(timer);
          timer = null;
          if (current) await current;
        },
      };
    },
  };
}

export type HealthMonitor = ReturnType<typeof createHealthMonitor>;
