import {
  API,
  DISPUTE_MESSAGES,
  disputeBlockBody,
  disputeDetailMessage,
  disputeDetailResponse,
  disputeListQuery,
  disputeListResponse,
  disputeResolveBody,
  disputeResolveResponse,
  disputeSchema,
  disputeUserRoleResponse,
  supportDisputeBody,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Spec §7 Disputes (session): role, list, detail, resolve, create by support, and support's block/unblock.
 * A trader or merchant without a linked Telegram account gets 400 from every api/v1/disputes call.
 */
export const disputesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { disputes } = ctx;
  const onRequest = app.requireUser;

  app.get(
    API.disputes.userRole,
    { onRequest, schema: { response: { 200: disputeUserRoleResponse } } },
    async (request) => disputes.userRole(currentUser(request)),
  );

  app.get(
    API.disputes.list,
    { onRequest, schema: { querystring: disputeListQuery, response: { 200: disputeListResponse } } },
    async (request) => disputes.list(currentUser(request), request.query),
  );

  app.get(
    API.disputes.detail(':id'),
    { onRequest, schema: { params: idParams, response: { 200: disputeDetailResponse } } },
    async (request) => disputes.detail(currentUser(request), request.params.id),
  );

  app.post(
    API.disputes.resolve(':id'),
    {
      onRequest,
      schema: { params: idParams, body: disputeResolveBody, response: { 200: disputeResolveResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      await disputes.requireRole(user);
      const dispute = await disputes.resolve(user, request.params.id, request.body);
      return { detail: DISPUTE_MESSAGES.resolved, status: dispute.status };
    },
  );

  app.post(
    API.disputes.block,
    { onRequest, schema: { body: disputeBlockBody, response: { 200: disputeDetailMessage } } },
    async (request) => disputes.block(currentUser(request), request.body.dispute_id),
  );

  app.post(
    API.disputes.unblock,
    { onRequest, schema: { body: disputeBlockBody, response: { 200: disputeDetailMessage } } },
    async (request) => disputes.unblock(currentUser(request), request.body.dispute_id),
  );

  // Its own scope, so multipart parsing exists on this route only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fields: 5, fieldSize: 4096, files: 10, headerPairs: 50 },
    });
    scope.post(
      API.disputes.createBySupport,
      { onRequest, schema: { response: { 201: disputeSchema } } },
      async (request, reply) => {
        const user = currentUser(request);
        await disputes.requireRole(user);
        if (user.role !== 'support') throw forbidden(DISPUTE_MESSAGES.noRights);
        const fields: Record<string, string> = {};
        if (request.isMultipart()) {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              // Evidence files are stored by their own upload route (not built yet): refuse rather than drop them.
              part.file.resume();
              throw badRequest(DISPUTE_MESSAGES.filesNotYet);
            }
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        } else if (request.body && typeof request.body === 'object') {
          Object.assign(fields, request.body);
        }
        const parsed = supportDisputeBody.safeParse(fields);
        if (!parsed.success) throw badRequest(DISPUTE_MESSAGES.invalidData);
        const created = await disputes.openBySupport(user, {
          transactionId: parsed.data.transaction_id,
          note: parsed.data.note,
        });
        return reply.status(201).send(await disputes.item(user, created.id));
      },
    );
  });
};
