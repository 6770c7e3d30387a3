import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties, insertDealsAt } from '../../../test/deal-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRow, selectRows } from '../../db/rows.ts';
import { startWorkers } from '../../workers.ts';
import { OUTBOXES } from './metrics.repository.ts';

const TOKEN = 'metrics-token-0123456789';

interface Sample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
}
interface Family {
  name: string;
  type: string;
  metrics: Sample[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

async function scrapeText(): Promise<string> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `${t.prefix}${API.metrics}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/** An exposition parsed by a Prometheus text parser, by family name. */
const familiesOf = (text: string): Map<string, Family> =>
  new Map((parsePrometheusTextFormat(text) as Family[]).map((family) => [family.name, family]));

const scrape = async () => familiesOf(await scrapeText());

const matches = (sample: Sample, labels: Record<string, string>) =>
  Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value);

/** A counter's or gauge's value for the labels (0 when the series is absent). */
function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.get(name);
  if (!family) throw new Error(`family ${name} missing`);
  const sample = family.metrics.find((candidate) => matches(candidate, labels));
  return sample ? Number(sample.value) : 0;
}

/**
 * A histogram series' observation count (its +Inf bucket). The parser merges every series of a histogram
 * family into one, so only that series' lines are handed to it.
 */
function histogramCount(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith(`${name}_bucket{`) && wanted.every((label) => line.includes(label)));
  if (lines.length === 0) return 0;
  const [family] = parsePrometheusTextFormat(`# TYPE ${name} histogram\n${lines.join('\n')}\n`) as Family[];
  return Number(family?.metrics[0]?.buckets?.['+Inf'] ?? 0);
}

describe('GET /metrics', () => {
  it('answers 401 with WWW-Authenticate without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.metrics}`,
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('http_requests_total');
    }
  });

  it('exposes every family, Node’s own included', async () => {
    await setRate(t);
    const families = await scrape();
    const expected: Record<string, string> = {
      http_requests_total: 'COUNTER',
      http_request_duration_seconds: 'HISTOGRAM',
      http_request_errors_total: 'COUNTER',
      processing_db_pool_connections: 'GAUGE',
      processing_db_pool_waiting: 'GAUGE',
      processing_job_lag_seconds: 'GAUGE',
      processing_job_last_tick_timestamp_seconds: 'GAUGE',
      processing_job_tick_duration_seconds: 'HISTOGRAM',
      processing_job_ticks_total: 'COUNTER',
      processing_job_lease_held: 'GAUGE',
      processing_outbox_pending: 'GAUGE',
      processing_deals: 'GAUGE',
      processing_routing_failures_total: 'COUNTER',
      processing_rate_age_seconds: 'GAUGE',
      processing_metrics_query_failures_total: 'COUNTER',
      nodejs_eventloop_lag_seconds: 'GAUGE',
      process_cpu_seconds_total: 'COUNTER',
    };
    for (const [name, type] of Object.entries(expected)) expect(families.get(name)?.type, name).toBe(type);
    expect(sampleValue(families, 'processing_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    for (const outbox of OUTBOXES) {
      expect(families.get('processing_outbox_pending')?.metrics.map((m) => m.labels?.outbox)).toContain(
        outbox.name,
      );
    }
    const age = sampleValue(families, 'processing_rate_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(sampleValue(families, 'processing_metrics_query_failures_total', { family: 'deals' })).toBe(0);
  });

  it('counts and times a request under its route pattern, never its raw URL', async () => {
    const route = `${t.prefix}${API.merchant.order(':id')}`;
    const labels = { route, method: 'GET', status_class: '4xx' };
    const beforeText = await scrapeText();
    const beforeMap = familiesOf(beforeText);
    const { key } = await merchantWithKey(t);
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.merchant.order(id)}?probe=${i}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.statusCode).toBe(404);
    }
    const lost = `/no-such-path-${randomUUID()}`;
    expect((await t.app.inject({ method: 'GET', url: `${t.prefix}${lost}` })).statusCode).toBe(404);

    const afterText = await scrapeText();
    const after = familiesOf(afterText);
    expect(
      sampleValue(after, 'http_requests_total', labels) -
        sampleValue(beforeMap, 'http_requests_total', labels),
    ).toBe(3);
    expect(
      histogramCount(afterText, 'http_request_duration_seconds', labels) -
        histogramCount(beforeText, 'http_request_duration_seconds', labels),
    ).toBe(3);
    const errorLabels = { route, method: 'GET', status: '404' };
    expect(
      sampleValue(after, 'http_request_errors_total', errorLabels) -
        sampleValue(beforeMap, 'http_request_errors_total', errorLabels),
    ).toBe(3);
    const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx' };
    expect(sampleValue(after, 'http_requests_total', unmatched)).toBeGreaterThan(
      sampleValue(beforeMap, 'http_requests_total', unmatched),
    );
    expect(afterText).not.toContain(id);
    expect(afterText).not.toContain(lost);
    expect(afterText).not.toContain('probe');
  });

  it('reports deals by status, outbox depths and routing refusals as the database has them', async () => {
    const { key, id: merchantId } = await merchantWithKey(t);
    const before = await scrape();
    // A refusal: no method takes an amount this large.
    expect((await postOrder(t, key, { amount: '900000.00' })).statusCode).toBe(422);
    // Two orders routed (pending deals, each with its webhook event in the outbox).
    await routableMethod(t, { balanceUsdt: 1000n * USDT });
    for (const amount of ['1500.00', '1600.00']) {
      expect((await postOrder(t, key, { amount })).statusCode).toBe(201);
    }
    const parties = await dealParties(t, { merchantId });
    await insertDealsAt(t, parties, ['2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z']);
    await t.database.db.execute(
      sql`update deals set status = 'canceled' where id = (select id from deals where status = 'complete' limit 1)`,
    );

    const after = await scrape();
    const rows = await selectRows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, count(*)::int as n from deals group by status`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const deals = after.get('processing_deals')!;
    for (const sample of deals.metrics) {
      const row = rows.find((r) => r.status === sample.labels?.status);
      expect(Number(sample.value), sample.labels?.status).toBe(row ? Number(row.n) : 0);
    }
    for (const row of rows)
      expect(sampleValue(after, 'processing_deals', { status: row.status })).toBe(Number(row.n));

    const pending = await selectRow<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from webhook_events where state = 'pending'`,
    );
    const webhooks = Number(pending!.n);
    expect(webhooks).toBeGreaterThanOrEqual(2);
    expect(sampleValue(after, 'processing_outbox_pending', { outbox: 'webhooks' })).toBe(webhooks);

    const refusals = (families: Map<string, Family>) =>
      sampleValue(families, 'processing_routing_failures_total', { reason: 'no_method' });
    expect(refusals(after) - refusals(before)).toBe(1);
  });

  it('does not exist without METRICS_TOKEN; a missing or a stale rate is counted by its reason', async () => {
    const bare = await createTestApp({ RATE_MAX_AGE_S: '1' });
    try {
      const answer = await bare.app.inject({
        method: 'GET',
        url: `${bare.prefix}${API.metrics}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      const { key } = await merchantWithKey(bare);
      // Read from the app's registry: this app serves no /metrics.
      const reasons = async () => {
        const families = familiesOf(await bare.ctx.metrics.registry.metrics());
        return {
          missing: sampleValue(families, 'processing_routing_failures_total', { reason: 'rate_missing' }),
          stale: sampleValue(families, 'processing_routing_failures_total', { reason: 'rate_stale' }),
        };
      };
      expect(await reasons()).toEqual({ missing: 0, stale: 0 });
      expect((await postOrder(bare, key, {})).statusCode).toBe(422);
      expect(await reasons()).toEqual({ missing: 1, stale: 0 });
      await setRate(bare);
      await bare.database.db.execute(sql`update exchange_rates set checked_at = now() - interval '1 hour'`);
      // The rates service caches its read for a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await postOrder(bare, key, {})).statusCode).toBe(422);
      expect(await reasons()).toEqual({ missing: 1, stale: 1 });
    } finally {
      await bare.close();
    }
  });

  it('shows every started job with its lag, and the lease held by the instance that ticked', async () => {
    const workers = startWorkers(t.ctx);
    try {
      const families = await scrape();
      for (const job of workers.jobs) {
        expect(
          families.get('processing_job_lag_seconds')?.metrics.some((m) => m.labels?.job === job),
          job,
        ).toBe(true);
      }
      // Webhook delivery ticks at once and then every second.
      let ticked = await scrape();
      for (
        let i = 0;
        i < 100 &&
        sampleValue(ticked, 'processing_job_ticks_total', { job: 'webhook-delivery', outcome: 'ok' }) === 0;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ticked = await scrape();
      }
      expect(
        sampleValue(ticked, 'processing_job_ticks_total', { job: 'webhook-delivery', outcome: 'ok' }),
      ).toBeGreaterThan(0);
      expect(sampleValue(ticked, 'processing_job_lease_held', { job: 'webhook-delivery' })).toBe(1);
      expect(
        sampleValue(ticked, 'processing_job_last_tick_timestamp_seconds', { job: 'webhook-delivery' }),
      ).toBeGreaterThan(Date.now() / 1000 - 60);
    } finally {
      await workers.stop();
    }
    const stopped = await scrape();
    expect(stopped.get('processing_job_lag_seconds')?.metrics ?? []).toEqual([]);
  });
});
