import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The whole app with REDIS_URL pointing where nothing listens: the limits still answer (per process), no
// request fails with 500, and /health says the instance is degraded and why.
const HEALTH_TOKEN = 'redis-down-health-token';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    REDIS_URL: 'redis://127.0.0.1:1',
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
    HEALTH_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limits with Redis unreachable', () => {
  it('count per process, never answer 500, and show redis degraded in /health', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.auth.register}`,
        payload: { email: 'not-an-email' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);

    const health = await t.app.inject({
      url: `${t.prefix}${API.health}`,
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      components: { redis: { ok: true, degraded: true } },
    });
  });
});
