/** Use case: GET /metrics for a Bearer METRICS_TOKEN (HTTP only). */
import { API } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerMatches } from '../../lib/bearer-token.ts';
import { unauthorized } from '../../lib/http-errors.ts';

/**
 * GET /metrics: the Prometheus text exposition, only to `Authorization: Bearer <METRICS_TOKEN>` (401 with
 * `WWW-Authenticate: Bearer` otherwise). Without a configured token the route does not exist (404 like any
 * unknown path), so an instance that exports nothing does not even say it could.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  ctx.metrics.collectProcessMetrics();
  app.get(API.metrics, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    const text = await ctx.metrics.scrape();
    return reply.type(ctx.metrics.contentType).send(text);
  });
};
