import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MetricsService, UNMATCHED_ROUTE } from '../modules/metrics/metrics.service.ts';

/**
 * Counts and times every answered request by its route pattern (`/backend/deals/:id`, never the raw URL,
 * whose ids and query the client chooses), method and status.
 */
export const httpMetricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: Pick<MetricsService, 'observeRequest'> }) => {
    app.addHook('onResponse', async (request, reply) => {
      options.metrics.observeRequest({
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        statusCode: reply.statusCode,
        durationMs: reply.elapsedTime,
      });
    });
  },
);
