import { API } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** GET /health: 200 after a database ping and when every registered component is healthy, else 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(API.health, async (request, reply) => {
    let database = 'ok';
    try {
      await ctx.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health: database ping failed');
      database = 'unreachable';
    }
    const components = Object.fromEntries([...ctx.health.entries()].map(([name, check]) => [name, check()]));
    const healthy = database === 'ok' && Object.values(components).every((component) => component.ok);
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      database,
      engine: ctx.database.engine,
      components,
    });
  });
};
