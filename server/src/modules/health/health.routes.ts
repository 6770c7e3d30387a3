/** Use case: GET /health (database ping and the registered components, from the refresher's snapshot). */
import { API } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { bearerMatches } from '../../lib/bearer-token.ts';
import { createHealthMonitor } from './health-snapshot.ts';

/**
 * GET /health: 200 {status:'ok'} when the database answered its ping and every registered component is
 * healthy, 200 {status:'degraded'} when one serves impaired (no fresh USDT/RUB rate: orders refused), else 503
 * {status:'down'}. The checks run in this instance's refresher every HEALTH_REFRESH_MS (health-snapshot.ts),
 * which starts and stops with the app; the answer is its newest pass, checked live instead when that is stale.
 * Only a caller with `Authorization: Bearer <HEALTH_TOKEN>` also sees the details (database, engine,
 * components, the state's age in ms and whether it came from the snapshot): they tell an attacker which engine
 * and workers run.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const monitor = createHealthMonitor({
    database: ctx.database,
    checks: ctx.health,
    log: ctx.log,
    intervalMs: ctx.config.HEALTH_REFRESH_MS,
  });
  let refresher: Job | null = null;
  if (ctx.config.HEALTH_REFRESH_MS > 0) {
    app.addHook('onReady', async () => {
      refresher = monitor.start();
    });
    app.addHook('onClose', async () => {
      await refresher?.stop();
    });
  }

  app.get(API.health, async (request, reply) => {
    const { snapshot, ageMs, source } = await monitor.read(request.log);
    const { status, database, components } = snapshot;
    reply.status(status === 'down' ? 503 : 200);
    if (!bearerMatches(request.headers.authorization, ctx.config.HEALTH_TOKEN)) return { status };
    return { status, database, engine: ctx.database.engine, components, age_ms: Math.round(ageMs), source };
  });
};
