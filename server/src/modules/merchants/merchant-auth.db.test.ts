import { MERCHANT_TEXT } from '@app/shared';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import type { AppContext } from '../../context.ts';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { currentMerchant, merchantKeyAuth } from './merchant-auth.ts';

const PROBLEM_TYPE = /^application\/problem\+json/;
const PATH = '/merchant/v1/probe';

/**
 * A throwaway app with the real error format, rate-limit plugin and hook in front of one merchant/v1
 * route (the order routes themselves live in the orders module). The route echoes who it saw.
 */
async function probeApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin, { apiPrefix: ctx.config.API_PREFIX });
  await app.register(rateLimit, { global: false });
  await app.register(
    async (api) => {
      const onRequest = merchantKeyAuth(api, ctx);
      api.post(
        PATH,
        {
          onRequest,
          schema: { body: z.object({ amount: z.string().min(1), nested: z.object({ n: z.number() }) }) },
        },
        async (request) => ({ merchant: currentMerchant(request) }),
      );
      api.get(PATH, { onRequest }, async (request) => ({ merchant: currentMerchant(request) }));
    },
    { prefix: ctx.config.API_PREFIX },
  );
  await app.ready();
  return app;
}

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ MERCHANT_RATE_LIMIT_PER_MIN: '3' });
  app = await probeApp(t.ctx);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function merchantWithKey() {
  const { user } = await insertUser(t, { role: 'merchant' });
  const key = await t.ctx.merchantKeys.createKey(user.id, 'test');
  return { user, key };
}

const url = `/backend${PATH}`;

describe('merchantKeyAuth', () => {
  it('answers 401 problem+json with WWW-Authenticate for a missing, malformed, unknown or revoked key, before reading the body', async () => {
    const { user, key } = await merchantWithKey();
    await t.ctx.merchantKeys.revokeKey(user.id, key.id);
    const cases = [
      undefined,
      'Basic abc',
      'Bearer',
      `Bearer mk_live_${'Z'.repeat(32)}`,
      'Bearer not a key',
      `Bearer ${key.key}`,
    ];
    for (const authorization of cases) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        // Not JSON: a 401 (not a 400) shows the key was checked before the body was parsed.
        payload: '{not json',
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.headers['content-type']).toMatch(PROBLEM_TYPE);
      expect(response.json()).toEqual({
        type: 'urn:processing:problem:unauthorized',
        title: 'Требуется авторизация',
        status: 401,
        detail: MERCHANT_TEXT.unauthorized,
      });
    }
  });

  it('lets a valid key through and tells the route which merchant and key it was', async () => {
    const { user, key } = await merchantWithKey();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ merchant: { id: user.id, keyId: key.id } });
  });

  it('answers validation failures under merchant/v1 with errors keyed by field', async () => {
    const { key } = await merchantWithKey();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key.key}` },
      payload: { amount: '', nested: { n: 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_TYPE);
    const body = response.json();
    expect(body).toMatchObject({ type: 'urn:processing:problem:validation', status: 400 });
    expect(Object.keys(body.errors).sort()).toEqual(['amount', 'nested.n']);
    expect(body.errors.amount).toEqual([expect.any(String)]);
    expect(body.detail).toBe(`amount: ${body.errors.amount[0]}`);
  });

  it('limits each merchant apart (all its keys together), with 429 problem+json and Retry-After', async () => {
    const a = await merchantWithKey();
    const aSecond = await t.ctx.merchantKeys.createKey(a.user.id, 'second');
    const b = await merchantWithKey();
    const get = (key: string, forwardedFor?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${key}`,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      });
    expect((await get(a.key.key, '10.0.0.1')).statusCode).toBe(200);
    expect((await get(aSecond.key, '10.0.0.2')).statusCode).toBe(200);
    expect((await get(a.key.key, '10.0.0.3')).statusCode).toBe(200);
    const refused = await get(aSecond.key, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(refused.json()).toMatchObject({ status: 429, type: 'urn:processing:problem:rate-limited' });
    expect((await get(b.key.key)).statusCode).toBe(200);
    // An unauthenticated request is refused by the key check, not counted against anyone.
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('merchant/v1 problem details in the real app', () => {
  it('answers an unknown merchant/v1 path as a problem', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${t.prefix}/merchant/v1/no-such-thing` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(response.json()).toMatchObject({ status: 404, type: 'urn:processing:problem:not-found' });
  });
});
