/**
 * Use cases: the console's Users area over HTTP (issue 27) — create an account, search, a user's detail, the
 * PATCH of lead flag, terms and block, rating and balance adjustments, API keys (list, revoke). HTTP only: the
 * admin service decides who may (admins only) and what changes.
 */
import {
  API,
  adminApiKey,
  adminBalanceBody,
  adminCreateUserBody,
  adminRatingBody,
  adminUserDetail,
  adminUserPatchBody,
  adminUsersPage,
  adminUsersQuery,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

const userParams = z.object({ id: z.string() });

export const adminUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { admin } = ctx;
  const onRequest = app.requireUser;

  app.post(
    API.admin.users,
    { onRequest, schema: { body: adminCreateUserBody, response: { 201: adminUserDetail } } },
    async (request, reply) =>
      reply.code(201).send(await admin.createUser(currentUser(request), request.body, request.ip)),
  );

  app.get(
    API.admin.users,
    { onRequest, schema: { querystring: adminUsersQuery, response: { 200: adminUsersPage } } },
    async (request) => admin.listUsers(currentUser(request), request.query),
  );

  app.get(
    API.admin.user(':id'),
    { onRequest, schema: { params: userParams, response: { 200: adminUserDetail } } },
    async (request) => admin.userDetail(currentUser(request), request.params.id),
  );

  app.patch(
    API.admin.user(':id'),
    {
      onRequest,
      schema: { params: userParams, body: adminUserPatchBody, response: { 200: adminUserDetail } },
    },
    async (request) => admin.patchUser(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API.admin.userRating(':id'),
    { onRequest, schema: { params: userParams, body: adminRatingBody, response: { 200: adminUserDetail } } },
    async (request) => admin.adjustRating(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API.admin.userBalance(':id'),
    { onRequest, schema: { params: userParams, body: adminBalanceBody, response: { 200: adminUserDetail } } },
    async (request) => admin.adjustBalance(currentUser(request), request.params.id, request.body),
  );

  app.get(
    API.admin.userApiKeys(':id'),
    {
      onRequest,
      schema: { params: userParams, response: { 200: z.object({ results: z.array(adminApiKey) }) } },
    },
    async (request) => admin.apiKeys(currentUser(request), request.params.id),
  );

  app.post(
    API.admin.revokeApiKey(':id', ':key_id'),
    {
      onRequest,
      schema: {
        params: z.object({ id: z.string(), key_id: z.string() }),
        response: { 200: adminApiKey },
      },
    },
    async (request) => admin.revokeApiKey(currentUser(request), request.params.id, request.params.key_id),
  );
};
