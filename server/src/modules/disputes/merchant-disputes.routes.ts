import { API, merchantDisputeBody, merchantDisputeSchema } from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMerchant, merchantIdempotencyScope, merchantKeyAuth } from '../merchants/merchant-auth.ts';

const idParams = z.object({ id: z.string().max(100) });
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends exactly the bytes stored with the idempotency key, so a replay and the first answer are the same. */
const sendStored = (reply: FastifyReply, body: string) =>
  reply.status(201).header('content-type', JSON_TYPE).send(body);

/**
 * POST merchant/v1/orders/{id}/disputes: the merchant opens a dispute (JSON {reason}; evidence files come with
 * their upload route). Bearer key, per-merchant limit, Idempotency-Key and problem details as the order routes;
 * the answer is stored with its key inside the dispute's own transaction.
 */
export const merchantDisputesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { disputes, idempotency } = ctx;
  const onRequest = merchantKeyAuth(app, ctx);
  const idempotentPost = idempotent(idempotency, merchantIdempotencyScope);

  app.post(
    API.merchant.disputes(':id'),
    {
      onRequest,
      ...idempotentPost,
      schema: { params: idParams, body: merchantDisputeBody, response: { 201: merchantDisputeSchema } },
    },
    async (request, reply) => {
      const claim = request.idempotencyClaim;
      let body = '';
      await disputes.openByMerchant(currentMerchant(request).id, request.params.id, request.body, {
        inTransaction: async (tx, dispute) => {
          body = JSON.stringify(disputes.toMerchantDispute(dispute));
          if (!claim) return;
          await idempotency.complete(
            claim.scope,
            claim.key,
            { statusCode: 201, body, headers: { 'content-type': JSON_TYPE } },
            tx,
          );
          claim.settled = true;
        },
      });
      return sendStored(reply, body);
    },
  );
};
