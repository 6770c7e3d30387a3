import { API, dashboardResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';
import { createDashboardService } from './dashboard.service.ts';

/** GET /api/account/dashboard/ (spec §7 Dashboard): profile with balances, last transactions, terminals. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dashboard = createDashboardService(ctx);

  app.get(
    API.dashboard,
    { onRequest: app.requireUser, schema: { response: { 200: dashboardResponse } } },
    async (request) => dashboard.forUser(currentUser(request).id),
  );
};
