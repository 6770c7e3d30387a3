import {
  API,
  createOrderBody,
  listOrdersQuery,
  listOrdersResponse,
  merchantBalanceResponse,
  type Order,
  orderSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMerchant, merchantIdempotencyScope, merchantKeyAuth } from '../merchants/merchant-auth.ts';

const idParams = z.object({ id: z.string().max(100) });
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The merchant API's order routes (docs/merchant-api.md): Bearer key and per-merchant limit on request,
 * Idempotency-Key on every POST. A POST's answer is stored with its key inside the order's own transaction,
 * so an order that exists always replays as created, even if the process died right after committing it.
 */
export const merchantOrdersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { orders, idempotency } = ctx;
  const onRequest = merchantKeyAuth(app, ctx);
  const idempotentPost = idempotent(idempotency, merchantIdempotencyScope);

  /** Stores the answer with the change, then sends exactly those bytes (a replay sends them again). */
  function answerInTransaction(
    request: FastifyRequest,
    statusCode: number,
    extraHeaders: (order: Order) => Record<string, string>,
  ) {
    let body = '';
    let headers: Record<string, string> = {};
    const claim = request.idempotencyClaim;
    return {
      inTransaction: async (tx: Tx, order: Order) => {
        body = JSON.stringify(order);
        headers = { 'content-type': JSON_TYPE, ...extraHeaders(order) };
        if (!claim) return;
        await idempotency.complete(claim.scope, claim.key, { statusCode, body, headers }, tx);
        claim.settled = true;
      },
      send: (reply: FastifyReply) => reply.status(statusCode).headers(headers).send(body),
    };
  }

  app.post(
    API.merchant.orders,
    { onRequest, ...idempotentPost, schema: { body: createOrderBody, response: { 201: orderSchema } } },
    async (request, reply) => {
      const answer = answerInTransaction(request, 201, (order) => ({
        location: `${ctx.config.API_PREFIX}${API.merchant.order(order.id)}`,
      }));
      await orders.createOrder(currentMerchant(request).id, request.body, answer);
      return answer.send(reply);
    },
  );

  app.get(
    API.merchant.orders,
    { onRequest, schema: { querystring: listOrdersQuery, response: { 200: listOrdersResponse } } },
    async (request) => orders.listOrders(currentMerchant(request).id, request.query),
  );

  app.get(
    API.merchant.order(':id'),
    { onRequest, schema: { params: idParams, response: { 200: orderSchema } } },
    async (request) => orders.getOrder(currentMerchant(request).id, request.params.id),
  );

  app.post(
    API.merchant.cancel(':id'),
    { onRequest, ...idempotentPost, schema: { params: idParams, response: { 200: orderSchema } } },
    async (request, reply) => {
      const answer = answerInTransaction(request, 200, () => ({}));
      await orders.cancelOrder(currentMerchant(request).id, request.params.id, answer);
      return answer.send(reply);
    },
  );

  app.get(
    API.merchant.balance,
    { onRequest, schema: { response: { 200: merchantBalanceResponse } } },
    async (request) => orders.merchantBalance(currentMerchant(request).id),
  );
};
