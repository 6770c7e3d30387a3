// The merchant's shop name routes (issue 25): read and set what the payer page shows.
import { API, merchantDisplayNameBody, merchantDisplayNameResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';
import { createDisplayNameService } from './display-name.service.ts';

/** Settings #api's shop name (session; merchants only, others 400 {detail} as the other #api calls). */
export const displayNameRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createDisplayNameService({ database: ctx.database, now: ctx.now });
  const onRequest = app.requireUser;

  app.get(
    API.merchantSettings.displayName,
    { onRequest, schema: { response: { 200: merchantDisplayNameResponse } } },
    async (request) => service.get(currentUser(request).id),
  );

  app.put(
    API.merchantSettings.displayName,
    { onRequest, schema: { body: merchantDisplayNameBody, response: { 200: merchantDisplayNameResponse } } },
    async (request) => service.set(currentUser(request).id, request.body.display_name),
  );
};
