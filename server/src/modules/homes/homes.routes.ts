/** Use cases: GET the merchant's home and support's dispute queue (HTTP only). */
import { API, merchantHomeQuery, merchantHomeResponse, supportQueueResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';
import { isKnownTimeZone, UNKNOWN_TIME_ZONE } from '../dashboard/dashboard.service.ts';
import { createHomesService } from './homes.service.ts';

/** The zone checked before any SQL, as the dashboard chart's. */
const homeQuery = merchantHomeQuery.extend({
  tz: merchantHomeQuery.shape.tz.refine(
    (zone) => zone === undefined || isKnownTimeZone(zone),
    UNKNOWN_TIME_ZONE,
  ),
});

/** Issue 25: the merchant's home and support's dispute queue (session; one role each, others 403). */
export const homesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const homes = createHomesService({ database: ctx.database, ledger: ctx.ledger, now: ctx.now });

  app.get(
    API.merchantSettings.home,
    {
      onRequest: app.requireUser,
      schema: { querystring: homeQuery, response: { 200: merchantHomeResponse } },
    },
    async (request) => homes.merchantHome(currentUser(request), request.query),
  );

  app.get(
    API.supportHome.queue,
    { onRequest: app.requireUser, schema: { response: { 200: supportQueueResponse } } },
    async (request) => homes.supportQueue(currentUser(request)),
  );
};
