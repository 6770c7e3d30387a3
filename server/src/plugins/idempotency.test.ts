import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.ts';
import { idempotent } from './idempotency.ts';

/** An in-memory stand-in that records what the hooks asked of it. */
function recordingService() {
  const calls: string[] = [];
  const service: IdempotencyService = {
    begin: async () => ({ kind: 'new' }),
    complete: async (_scope, key, answer) => {
      calls.push(`complete ${key} ${answer.statusCode}`);
    },
    release: async (_scope, key) => {
      calls.push(`release ${key}`);
    },
    purgeExpired: async () => 0,
    beginIn: async () => ({ kind: 'new' }),
    completeWrite: () => {
      throw new Error('not used by these hooks');
    },
    claimPartIn: () => {
      throw new Error('not used by these hooks');
    },
    storeRefusal: async (request, answer) => {
      calls.push(`store ${request.key} ${answer.statusCode}`);
    },
  };
  return { service, calls };
}

describe('idempotent POST hooks', () => {
  it('release the key on a 5xx even when the route had stored its answer in a transaction that then failed', async () => {
    const { service, calls } = recordingService();
    const app = Fastify();
    app.post('/orders', { ...idempotent(service, () => 'merchant:m') }, async (request) => {
      // As a route storing its answer in its transaction does: the answer written inside the order's transaction…
      await service.complete('merchant:m', 'k', { statusCode: 201, body: '{}', headers: {} });
      request.idempotencyClaim!.settled = true;
      // …which then does not commit (a lost connection, a failed COMMIT): nothing was stored after all.
      throw new Error('commit failed');
    });
    const response = await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'idempotency-key': 'k' },
      payload: { amount: '1.00' },
    });
    expect(response.statusCode).toBe(500);
    // The release only drops a claim without an answer, so after a real commit it changes nothing.
    expect(calls).toEqual(['complete k 201', 'release k']);
    await app.close();
  });

  it('store a 4xx answer so that the same key replays it', async () => {
    const { service, calls } = recordingService();
    const app = Fastify();
    app.post('/orders', { ...idempotent(service, () => 'merchant:m') }, async (_request, reply) =>
      reply.status(422).send({ detail: 'no method' }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'idempotency-key': 'k' },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(calls).toEqual(['complete k 422']);
    await app.close();
  });
});
