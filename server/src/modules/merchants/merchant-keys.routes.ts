// Settings routes of a merchant's API keys: list, create, revoke.
import { API, apiKeysResponse, createApiKeyBody, createApiKeyResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string() });

/**
 * The merchant's API keys in Settings #api (session; merchants only, a trader gets 400 {detail}): list,
 * create (the key appears only in this answer), revoke.
 */
export const merchantKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { merchantKeys } = ctx;
  const onRequest = app.requireUser;

  app.get(
    API.merchantSettings.keys,
    { onRequest, schema: { response: { 200: apiKeysResponse } } },
    async (request) => ({ results: await merchantKeys.listKeys(currentUser(request).id) }),
  );

  app.post(
    API.merchantSettings.keys,
    { onRequest, schema: { body: createApiKeyBody, response: { 201: createApiKeyResponse } } },
    async (request, reply) =>
      reply.status(201).send(await merchantKeys.createKey(currentUser(request).id, request.body.name)),
  );

  app.delete(
    API.merchantSettings.key(':id'),
    { onRequest, schema: { params: idParams } },
    async (request, reply) => {
      await merchantKeys.revokeKey(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};
