import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedRateLimits, type SharedRateLimits } from './rate-limit-store.ts';

// A Redis server for these tests (the machine's, like the PostgreSQL one); a closed port for the outage.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NOBODY_LISTENS = 'redis://127.0.0.1:1';

const opened: { app: FastifyInstance; limits: SharedRateLimits | null }[] = [];

afterEach(async () => {
  for (const { app, limits } of opened.splice(0)) {
    await app.close();
    limits?.close();
  }
});

/** An "instance": one app with a per-IP route limit of 3 and a per-caller limiter of 4, like device/merchant. */
async function instance(limits: SharedRateLimits | null) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, ...(limits ? { store: limits.store } : {}) });
  app.post('/login', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: 1 }));
  const perCaller = app.rateLimit({
    max: 4,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `caller:${String(request.headers['x-caller'])}`,
  });
  app.get('/a', { onRequest: [perCaller] }, async () => ({ ok: 1 }));
  app.get('/b', { onRequest: [perCaller] }, async () => ({ ok: 1 }));
  await app.ready();
  opened.push({ app, limits });
  return app;
}

const sharedLimits = (url: string, prefix: string) =>
  createSharedRateLimits({ url, prefix, log: pino({ level: 'silent' }) });

async function waitReady(limits: SharedRateLimits) {
  for (let i = 0; i < 100; i++) {
    const health = await limits.healthCheck();
    if (!('degraded' in health && health.degraded)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis never became ready');
}

describe('rate limits across instances', () => {
  it('with Redis, two instances share one count per IP and per authenticated caller', async () => {
    const prefix = `test:rl:${randomBytes(6).toString('hex')}:`;
    const limits = [sharedLimits(REDIS_URL, prefix), sharedLimits(REDIS_URL, prefix)];
    await Promise.all(limits.map(waitReady));
    const apps = [await instance(limits[0]!), await instance(limits[1]!)];

    const logins = [];
    for (let i = 0; i < 6; i++)
      logins.push((await apps[i % 2]!.inject({ method: 'POST', url: '/login' })).statusCode);
    expect(logins).toEqual([200, 200, 200, 429, 429, 429]);

    // One caller over two routes and two instances: one counter (4); another caller has its own.
    const calls = [];
    for (let i = 0; i < 6; i++) {
      const url = i % 3 === 0 ? '/a' : '/b';
      calls.push((await apps[i % 2]!.inject({ url, headers: { 'x-caller': 't1' } })).statusCode);
    }
    expect(calls).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await apps[1]!.inject({ url: '/a', headers: { 'x-caller': 't2' } })).statusCode).toBe(200);
  });

  it('a second limit on a route that already has one (createRateLimit: the plugin runs one limiter hook per request) counts in Redis too', async () => {
    const prefix = `test:rl:${randomBytes(6).toString('hex')}:`;
    const limits = [sharedLimits(REDIS_URL, prefix), sharedLimits(REDIS_URL, prefix)];
    await Promise.all(limits.map(waitReady));
    /** Like merchant/v1's dispute opening: the per-caller limit, then a smaller per-caller upload limit. */
    async function uploadsInstance(shared: SharedRateLimits) {
      const app = Fastify();
      await app.register(rateLimit, { global: false, store: shared.store });
      const caller = (request: FastifyRequest) => String(request.headers['x-caller']);
      const perCaller = app.rateLimit({ max: 100, timeWindow: '1 minute', keyGenerator: caller });
      const uploads = app.createRateLimit({
        max: 2,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `upload:${caller(request)}`,
      });
      const perCallerUploads = async (request: FastifyRequest) => {
        const counted = await uploads(request);
        if (!counted.isAllowed && counted.isExceeded)
          throw Object.assign(new Error('limited'), { statusCode: 429 });
      };
      app.post('/upload', { onRequest: [perCaller, perCallerUploads] }, async () => ({ ok: 1 }));
      await app.ready();
      opened.push({ app, limits: shared });
      return app;
    }
    const apps = [await uploadsInstance(limits[0]!), await uploadsInstance(limits[1]!)];
    const uploads = [];
    for (let i = 0; i < 4; i++)
      uploads.push(
        (await apps[i % 2]!.inject({ method: 'POST', url: '/upload', headers: { 'x-caller': 'm1' } }))
          .statusCode,
      );
    expect(uploads).toEqual([200, 200, 429, 429]);
  });

  it('without Redis, each process counts its own', async () => {
    const apps = [await instance(null), await instance(null)];
    const logins = [];
    for (let i = 0; i < 6; i++)
      logins.push((await apps[i % 2]!.inject({ method: 'POST', url: '/login' })).statusCode);
    expect(logins).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('when Redis is unreachable, requests are still answered and limited per process, /health degraded', async () => {
    const limits = sharedLimits(NOBODY_LISTENS, 'test:rl:down:');
    const app = await instance(limits);
    const logins = [];
    for (let i = 0; i < 5; i++) logins.push((await app.inject({ method: 'POST', url: '/login' })).statusCode);
    expect(logins).toEqual([200, 200, 200, 429, 429]);
    const health = await limits.healthCheck();
    expect(health).toMatchObject({ ok: true, degraded: true });
  });
});
