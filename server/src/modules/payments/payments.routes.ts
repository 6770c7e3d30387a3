/** Use cases: spec §7 Payments routes: create, list, edit, switch, delete methods; banks (HTTP only). */
import {
  API,
  banksResponse,
  paymentCreateErrorResponse,
  paymentCreateRequest,
  paymentCreateResponse,
  paymentLimitsQuery,
  paymentLimitsRequest,
  paymentLimitsResponse,
  paymentLimitsSaveResponse,
  paymentListQuery,
  paymentListResponse,
  paymentMessageResponse,
  paymentUpdateRequest,
  toPaymentCreateError,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string() });

/** Spec §7 Payments, at exactly its paths; every route needs a session and sees only the caller's methods. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { payments } = ctx;
  // onRequest, not preHandler: an anonymous caller is refused before its body is parsed or validated.
  const onRequest = app.requireUser;

  app.get(API.payments.banks, { onRequest, schema: { response: { 200: banksResponse } } }, async () => ({
    results: await payments.listBanks(),
  }));

  app.get(
    API.payments.list,
    { onRequest, schema: { querystring: paymentListQuery, response: { 200: paymentListResponse } } },
    async (request) => payments.list(currentUser(request), request.query),
  );

  app.post(
    API.payments.create,
    {
      onRequest,
      // Every refusal answers in the spec §7 create shape the add-payment toast reads, not the bare §8 body.
      config: { errorBody: toPaymentCreateError },
      schema: {
        body: paymentCreateRequest,
        response: { 201: paymentCreateResponse, '4xx': paymentCreateErrorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await payments.create(currentUser(request), request.body)),
  );

  app.patch(
    API.payments.update(':id'),
    {
      onRequest,
      schema: { params: idParams, body: paymentUpdateRequest, response: { 200: paymentMessageResponse } },
    },
    async (request) => payments.update(currentUser(request), request.params.id, request.body),
  );

  app.get(
    API.payments.limits,
    { onRequest, schema: { querystring: paymentLimitsQuery, response: { 200: paymentLimitsResponse } } },
    async (request) => payments.getLimits(currentUser(request), request.query.payment_id),
  );

  app.post(
    API.payments.limits,
    { onRequest, schema: { body: paymentLimitsRequest, response: { 200: paymentLimitsSaveResponse } } },
    async (request) => payments.setLimits(currentUser(request), request.body),
  );
};
