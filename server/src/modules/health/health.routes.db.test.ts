import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRate } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { ComponentHealth } from './health-snapshot.ts';

// GET /health answers from the snapshot this instance's refresher keeps (HEALTH_REFRESH_MS; the other test
// files run with 0, every request checking live): the refresher's passes follow a component's changes, a
// request does not run the checks itself, a stale snapshot is checked live instead, and app.close() stops it.
const HEALTH_TOKEN = 'health-snapshot-test-token';
const REFRESH_MS = 50;

/** A component whose answer the test sets, counting its checks; `hangNext` makes the next check never end. */
function probe() {
  const state = { answer: { ok: true, detail: 'fine' } as ComponentHealth, calls: 0, hangNext: false };
  const hung: (() => void)[] = [];
  const check = () => {
    state.calls += 1;
    if (state.hangNext) {
      state.hangNext = false;
      return new Promise<ComponentHealth>((resolve) => hung.push(() => resolve(state.answer)));
    }
    return state.answer;
  };
  const release = () => {
    for (const resume of hung.splice(0)) resume();
  };
  return { state, check, release };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
const component = probe();
beforeAll(async () => {
  // A fresh rate and no free-space floor: every component but the probe is ok, whatever this machine's disk.
  t = await createTestApp({ HEALTH_TOKEN, HEALTH_REFRESH_MS: String(REFRESH_MS), DISK_MIN_FREE_MB: '0' });
  await setRate(t);
  t.ctx.health.set('probe', component.check);
  await t.app.ready();
});
afterAll(async () => {
  component.release();
  await t?.close();
});

const health = async (token?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `${t.prefix}${API.health}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { code: response.statusCode, body: response.json() };
};

/** Reads /health (with details) until `done` holds, for up to 3 s. */
async function healthUntil(done: (body: Record<string, unknown>) => boolean) {
  const until = Date.now() + 3000;
  for (;;) {
    const { body } = await health(HEALTH_TOKEN);
    if (done(body) || Date.now() > until) return body;
    await sleep(REFRESH_MS / 2);
  }
}

describe('GET /health from the refresher', () => {
  it('answers the newest pass with its age, without running the checks per request', async () => {
    // The first pass may predate the rate and the probe (the app can be ready before beforeAll set them).
    const answered = await healthUntil(
      (body) => body.source === 'snapshot' && body.status === 'ok' && 'probe' in (body.components as object),
    );
    expect(answered).toMatchObject({
      status: 'ok',
      database: 'ok',
      source: 'snapshot',
      components: { probe: { ok: true, detail: 'fine' } },
    });
    expect(answered.age_ms).toBeGreaterThanOrEqual(0);
    expect(answered.age_ms).toBeLessThanOrEqual(5 * REFRESH_MS);
    expect(await health()).toEqual({ code: 200, body: { status: 'ok' } });

    // Forty requests at once cost at most the passes the refresher makes meanwhile, not forty checks.
    const before = component.state.calls;
    const burst = await Promise.all(Array.from({ length: 40 }, () => health()));
    expect(burst.every((reply) => reply.code === 200)).toBe(true);
    expect(component.state.calls - before).toBeLessThan(10);

    // A component going down shows within a few passes, as 503.
    component.state.answer = { ok: false, detail: 'gone' };
    const down = await healthUntil((body) => body.status === 'down');
    expect(down).toMatchObject({ status: 'down', components: { probe: { ok: false, detail: 'gone' } } });
    expect((await health()).code).toBe(503);
    component.state.answer = { ok: true, detail: 'fine' };
    expect(await healthUntil((body) => body.status === 'ok')).toMatchObject({ status: 'ok' });
  });

  it('checks live and says so when the snapshot is stale (the refresher is stuck)', async () => {
    component.state.hangNext = true;
    // The refresher's pass now waits on the probe; after five intervals its last snapshot is stale.
    await sleep(8 * REFRESH_MS);
    component.state.answer = { ok: true, degraded: true, detail: 'slow' };
    const live = await health(HEALTH_TOKEN);
    expect(live.code).toBe(200);
    expect(live.body).toMatchObject({
      status: 'degraded',
      source: 'live',
      components: { probe: { ok: true, degraded: true, detail: 'slow' } },
    });
    expect(live.body.age_ms).toBeLessThan(5 * REFRESH_MS);

    // The stuck pass ends; the refresher goes on and the answers come from its snapshot again.
    component.release();
    component.state.answer = { ok: true, detail: 'fine' };
    expect(await healthUntil((body) => body.source === 'snapshot' && body.status === 'ok')).toMatchObject({
      status: 'ok',
      source: 'snapshot',
    });
  });

  it('stops refreshing when the app closes', async () => {
    const other = await createTestApp({ HEALTH_REFRESH_MS: String(REFRESH_MS) });
    const counted = probe();
    other.ctx.health.set('probe', counted.check);
    await other.app.ready();
    const until = Date.now() + 3000;
    while (counted.state.calls < 2 && Date.now() < until) await sleep(REFRESH_MS);
    expect(counted.state.calls).toBeGreaterThan(1);
    await other.close();
    const atClose = counted.state.calls;
    await sleep(4 * REFRESH_MS);
    expect(counted.state.calls).toBe(atClose);
  });
});
