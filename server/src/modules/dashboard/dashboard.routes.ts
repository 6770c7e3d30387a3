/** Use cases: GET the trader dashboard, its chart (get-data-grafic) and its terminals list (HTTP only). */
import { API, chartQuerySchema, chartResponseSchema, dashboardResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';
import { createDashboardService, isKnownTimeZone, UNKNOWN_TIME_ZONE } from './dashboard.service.ts';

/**
 * The chart's query with the zone checked before any SQL: an IANA name the runtime knows (an unknown one is a
 * field error under `tz`, as the range's is under `range`).
 */
const chartQuery = chartQuerySchema.extend({
  tz: chartQuerySchema.shape.tz.refine(
    (zone) => zone === undefined || isKnownTimeZone(zone),
    UNKNOWN_TIME_ZONE,
  ),
});

/** Spec §7 Dashboard: the home page's answer and its Transaction Summary chart, both for the signed-in user. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dashboard = createDashboardService(ctx);

  app.get(
    API.dashboard,
    { onRequest: app.requireUser, schema: { response: { 200: dashboardResponse } } },
    async (request) => dashboard.forUser(currentUser(request).id),
  );

  app.get(
    API.dashboardChart,
    {
      onRequest: app.requireUser,
      schema: { querystring: chartQuery, response: { 200: chartResponseSchema } },
    },
    async (request) => dashboard.chart(currentUser(request), request.query),
  );
};
