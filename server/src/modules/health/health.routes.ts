/** Use case: GET /health (database ping and the registered components). */
import { API } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerMatches } from '../../lib/bearer-token.ts';

/**
 * GET /health: 200 {status:'ok'} after a database ping and when every registered component is healthy,
 * 200 {status:'degraded'} when one serves impaired (no fresh USDT/RUB rate: orders refused), else 503
 * {status:'down'}. Only a caller with `Authorization: Bearer <HEALTH_TOKEN>` also sees the
 * details (database, engine, components): they tell an attacker which engine and workers run.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(API.health, async (request, reply) => {
    let database = 'ok';
    try {
      await ctx.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health: database ping failed');
      database = 'unreachable';
    }
    const checked = await Promise.all(
      [...ctx.health.entries()].map(async ([name, check]) => {
        try {
          return [name, await check()] as const;
        } catch (error) {
          request.log.error({ err: error, component: name }, 'health: component check failed');
          return [name, { ok: false, detail: 'check failed' }] as const;
        }
      }),
    );
    const components = Object.fromEntries(checked);
    const results = checked.map(([, result]) => result);
    const healthy = database === 'ok' && results.every((component) => component.ok);
    const degraded = results.some((component) => 'degraded' in component && component.degraded);
    const status = healthy ? (degraded ? 'degraded' : 'ok') : 'down';
    reply.status(healthy ? 200 : 503);
    if (!bearerMatches(request.headers.authorization, ctx.config.HEALTH_TOKEN)) return { status };
    return { status, database, engine: ctx.database.engine, components };
  });
};
