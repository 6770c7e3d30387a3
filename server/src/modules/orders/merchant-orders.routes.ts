/** Use cases: the merchant API's order routes (create, list, get, cancel) and balance. */
import {
  API,
  createOrderBody,
  listOrdersQuery,
  listOrdersResponse,
  merchantBalanceResponse,
  type Order,
  orderSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { answerInTransaction, idempotent } from '../../plugins/idempotency.ts';
import { currentMerchant, merchantIdempotencyScope, merchantKeyAuth } from '../merchants/merchant-auth.ts';

const idParams = z.object({ id: z.string().max(100) });
/** The order as the merchant API answers it. */
const toBody = (order: Order) => order;

/**
 * The merchant API's order routes (docs/merchant-api.md): Bearer key and per-merchant limit on request,
 * Idempotency-Key on every POST. A POST's answer is stored with its key inside the order's own transaction,
 * so an order that exists always replays as created, even if the process died right after committing it.
 * A new order also claims its key in that transaction (its first write), so a process killed mid-order
 * leaves no key in flight: the retry runs at once.
 */
export const merchantOrdersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { orders, idempotency } = ctx;
  const onRequest = merchantKeyAuth(app, ctx);
  const idempotentPost = idempotent(idempotency, merchantIdempotencyScope);
  const claimedInOrder = idempotent(idempotency, merchantIdempotencyScope, { claimInTransaction: true });

  app.post(
    API.merchant.orders,
    { onRequest, ...claimedInOrder, schema: { body: createOrderBody, response: { 201: orderSchema } } },
    async (request, reply) => {
      const answer = answerInTransaction<Order>(request, idempotency, 201, toBody, (order) => ({
        location: `${ctx.config.API_PREFIX}${API.merchant.order(order.id)}`,
      }));
      const { claim, claimPart, write } = answer;
      return answer.respond(reply, () =>
        orders.createOrder(currentMerchant(request).id, request.body, { claim, claimPart, write }),
      );
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
      const answer = answerInTransaction<Order>(request, idempotency, 200, toBody);
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
