/** Use cases: the Prometheus counters and gauges: HTTP, routing failures, outboxes, jobs. */
import { DEAL_STATUSES } from '@app/shared';
import type { Logger } from 'pino';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { LoopObserver, LoopTick } from '../../jobs/loop-observer.ts';
import type { RatesService } from '../rates/rates.service.ts';
import * as repo from './metrics.repository.ts';

/** Why an order found no method (orders.service createOrder): the label of routing_failures_total. */
export const ROUTING_FAILURE_REASONS = [
  /** No USDT/RUB rate was ever set. */
  'rate_missing',
  /** The rate is older than RATE_MAX_AGE_S. */
  'rate_stale',
  /** The amount is worth less than one micro-USDT at the rate. */
  'amount_too_small',
  /** No method passed the routing policy (mode, bank, limits, rating, balance, terminal, amount collision). */
  'no_method',
  /** Methods passed, but concurrent orders took each one's amount or its trader's balance first. */
  'lost_races',
] as const;
export type RoutingFailureReason = (typeof ROUTING_FAILURE_REASONS)[number];

/** What the orders service reports of routing. */
export interface RoutingMetrics {
  routingRefused(reason: RoutingFailureReason): void;
}

const PREFIX = 'processing_';
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TICK_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60];
/** The route label of a request no route matched: never the raw URL, which the client chooses. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The app's Prometheus metrics, in a registry of its own (a test may build several apps in one process).
 * Requests, jobs and routing report as they happen; pool, outboxes, deals and the rate age are read when
 * scraped.
 */
export function createMetricsService(deps: {
  database: Database;
  rates: Pick<RatesService, 'current'>;
  log: Logger;
  now: () => Date;
}) {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered 4xx or 5xx, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });

  const pool = deps.database.raw;
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections: open (total) and idle.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting`,
    help: 'Queries waiting for a free pool connection.',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });

  const jobLastTick = new Gauge({
    name: `${PREFIX}job_last_tick_timestamp_seconds`,
    help: 'When the job last finished a pass (holding the lease or standing by), Unix seconds.',
    labelNames: ['job'] as const,
    registers,
  });
  const jobTickDuration = new Histogram({
    name: `${PREFIX}job_tick_duration_seconds`,
    help: 'How long one pass of the job took (lease, then work or standby).',
    labelNames: ['job'] as const,
    buckets: TICK_BUCKETS,
    registers,
  });
  const jobTicks = new Counter({
    name: `${PREFIX}job_ticks_total`,
    help: 'Passes of the job: ok (held the lease, worked), standby (another instance holds it), error.',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobLeaseHeld = new Gauge({
    name: `${PREFIX}job_lease_held`,
    help: '1 while this instance holds the job lease (runs the job), else 0.',
    labelNames: ['job'] as const,
    registers,
  });
  // Per job: the end of the last pass that did not fail (or the start, before the first).
  const lastGoodAt = new Map<string, number>();
  new Gauge({
    name: `${PREFIX}job_lag_seconds`,
    help: 'Seconds since the job last finished a pass without error on this instance (since start before the first).',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      const at = Date.now();
      for (const [job, since] of lastGoodAt) this.set({ job }, Math.max(0, (at - since) / 1000));
    },
  });

  const loops: LoopObserver = {
    loopStarted(name, startedAt) {
      lastGoodAt.set(name, startedAt);
      jobLeaseHeld.set({ job: name }, 0);
    },
    tickEnded(name, tick: LoopTick) {
      jobLastTick.set({ job: name }, tick.endedAt / 1000);
      jobTickDuration.observe({ job: name }, tick.durationMs / 1000);
      jobTicks.inc({ job: name, outcome: tick.ok ? (tick.leased ? 'ok' : 'standby') : 'error' });
      jobLeaseHeld.set({ job: name }, tick.leased ? 1 : 0);
      if (tick.ok) lastGoodAt.set(name, tick.endedAt);
    },
    loopStopped(name) {
      // A stopped job has no lag and holds nothing; its counters stay.
      lastGoodAt.delete(name);
      jobLeaseHeld.remove({ job: name });
      jobLastTick.remove({ job: name });
    },
  };

  const routingFailures = new Counter({
    name: `${PREFIX}routing_failures_total`,
    help: 'Merchant orders refused because no method could take them, by reason.',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of ROUTING_FAILURE_REASONS) routingFailures.inc({ reason }, 0);

  const queryFailures = new Counter({
    name: `${PREFIX}metrics_query_failures_total`,
    help: 'Scrape-time database reads that failed or timed out, by metric family (left out of that scrape).',
    labelNames: ['family'] as const,
    registers,
  });
  const outboxPending = new Gauge({
    name: `${PREFIX}outbox_pending`,
    help: `Rows waiting in each outbox (counted up to ${repo.OUTBOX_COUNT_CAP}).`,
    labelNames: ['outbox'] as const,
    registers,
  });
  const deals = new Gauge({
    name: `${PREFIX}deals`,
    help: 'Deals by status.',
    labelNames: ['status'] as const,
    registers,
  });
  const rateAge = new Gauge({
    name: `${PREFIX}rate_age_seconds`,
    help: 'Seconds since the USDT/RUB rate was last set or confirmed by its source (absent when none was ever set).',
    registers,
  });

  /** One family's database read: on failure the family is left empty for this scrape, never stale. */
  async function readFamily(family: string, gauge: Gauge, read: () => Promise<void>) {
    try {
      await read();
    } catch (error) {
      gauge.reset();
      queryFailures.inc({ family });
      deps.log.warn({ err: error, family }, 'metrics: scrape-time read failed');
    }
  }

  async function readDatabaseFamilies() {
    // One after the other: a scrape takes at most one pool connection.
    await readFamily('outbox_pending', outboxPending, async () => {
      const rows = await repo.outboxDepths(deps.database.db);
      outboxPending.reset();
      for (const row of rows) outboxPending.set({ outbox: row.outbox }, row.pending);
    });
    await readFamily('deals', deals, async () => {
      const rows = await repo.dealsByStatus(deps.database.db);
      deals.reset();
      for (const status of DEAL_STATUSES) deals.set({ status }, 0);
      for (const row of rows) deals.set({ status: row.status }, row.count);
    });
    await readFamily('rate_age', rateAge, async () => {
      const rate = await deps.rates.current();
      rateAge.reset();
      if (rate) rateAge.set(Math.max(0, (deps.now().getTime() - rate.checkedAt.getTime()) / 1000));
    });
  }

  // Concurrent scrapes share one round of reads.
  let reading: Promise<void> | null = null;
  let processMetrics = false;

  return {
    registry,
    contentType: registry.contentType,
    loops,

    /** Records one answered request; `route` is the matched pattern (UNMATCHED_ROUTE when none matched). */
    observeRequest(input: { route: string; method: string; statusCode: number; durationMs: number }) {
      const statusClass = `${Math.floor(input.statusCode / 100)}xx`;
      const labels = { route: input.route, method: input.method, status_class: statusClass };
      requests.inc(labels);
      duration.observe(labels, input.durationMs / 1000);
      if (input.statusCode >= 400) {
        errors.inc({ route: input.route, method: input.method, status: String(input.statusCode) });
      }
    },

    routingRefused(reason: RoutingFailureReason) {
      routingFailures.inc({ reason });
    },

    /**
     * Adds Node's and the process's own metrics (event loop lag, heap, CPU, handles). Once per app, and only
     * where metrics are served: the event loop monitor it starts cannot be stopped.
     */
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },

    /** The exposition in Prometheus text format, the database families read now. */
    async scrape(): Promise<string> {
      reading ??= readDatabaseFamilies().finally(() => {
        reading = null;
      });
      await reading;
      return registry.metrics();
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
