/** Use cases: spec §7 Terminals routes: connect, verify, list, details, rename, delete, payments (HTTP only). */
import {
  API,
  connectPaymentsBody,
  connectRequestResponse,
  forwarderSetupResponse,
  terminalListItemSchema,
  terminalListQuery,
  terminalListResponse,
  terminalPaymentsQuery,
  terminalPaymentsResponse,
  terminalStatusBody,
  unbindBody,
  updateNameBody,
  updateNameResponse,
  verifyRequestBody,
  verifyRequestResponse,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ErrorBody } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string() });
const message = z.object({ message: z.string() });

/** Every message of an error body, in order: a plain string, {detail}, {error} or field arrays. */
function messagesOf(body: ErrorBody): string[] {
  if (typeof body === 'string') return [body];
  const messages: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'request_id') continue;
    messages.push(...(Array.isArray(value) ? value : [value]));
  }
  return messages;
}

/** The request id a 5xx body carries, kept whatever the shape (it ties the answer to the log). */
const requestIdOf = (body: ErrorBody) =>
  typeof body !== 'string' && typeof body.request_id === 'string' ? { request_id: body.request_id } : {};

/**
 * Routes whose callers read `detail` (the list, rename, unbind, the terminal's payments): every refusal,
 * a validation failure included, becomes {detail: text}.
 */
const asDetail = (body: ErrorBody) => ({ detail: messagesOf(body).join(' '), ...requestIdOf(body) });

/** Routes whose callers read `error` (unassigned payments, connect-payments; spec §7): {error: text}. */
const asError = (body: ErrorBody) => ({ error: messagesOf(body).join(' '), ...requestIdOf(body) });

/**
 * Issue 9 "Pairing" and "Terminals page and lists", at exactly the spec §7 paths (plus the status switch).
 * Every route needs a session (checked on request, before the body is parsed) and touches only the caller's
 * terminals and methods. Terminals are open to every signed-in user, like the payment methods they serve
 * (spec §6 keeps no signed-in screen but the lead ones from anybody).
 */
export const terminalsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { terminals } = ctx;
  const onRequest = app.requireUser;
  const detail = { errorBody: asDetail };
  const error = { errorBody: asError };

  app.get(
    API.terminals.list,
    {
      onRequest,
      config: detail,
      schema: { querystring: terminalListQuery, response: { 200: terminalListResponse } },
    },
    async (request) => terminals.list(currentUser(request), request.query),
  );

  app.post(
    API.terminals.connectRequest,
    { onRequest, schema: { response: { 200: connectRequestResponse } } },
    async (request) => terminals.connectRequest(currentUser(request), request.ip),
  );

  app.post(
    API.terminals.verifyRequest,
    {
      onRequest,
      schema: {
        body: verifyRequestBody,
        // The QR's pairing data, or with `app` a forwarder's setup data (issue 24).
        response: { 200: z.union([verifyRequestResponse, forwarderSetupResponse]) },
      },
    },
    async (request) => {
      const { terminal_id, otp, app } = request.body;
      return app
        ? terminals.verifyForwarder(currentUser(request), { terminal_id, otp, app })
        : terminals.verifyRequest(currentUser(request), { terminal_id, otp });
    },
  );

  app.post(
    API.terminals.hookUrl(':id'),
    { onRequest, config: detail, schema: { params: idParams, response: { 200: forwarderSetupResponse } } },
    async (request) => terminals.renewHookUrl(currentUser(request), request.params.id),
  );

  app.patch(
    API.terminals.updateName(':id'),
    {
      onRequest,
      config: detail,
      schema: { params: idParams, body: updateNameBody, response: { 200: updateNameResponse } },
    },
    async (request) => terminals.rename(currentUser(request), request.params.id, request.body.name),
  );

  app.delete(
    API.terminals.remove(':id'),
    { onRequest, config: detail, schema: { params: idParams } },
    async (request, reply) => {
      await terminals.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    API.terminals.status(':id'),
    {
      onRequest,
      config: detail,
      schema: { params: idParams, body: terminalStatusBody, response: { 200: terminalListItemSchema } },
    },
    async (request) => terminals.setEnabled(currentUser(request), request.params.id, request.body.enabled),
  );

  app.get(
    API.terminals.payments(':id'),
    {
      onRequest,
      config: detail,
      schema: {
        params: idParams,
        querystring: terminalPaymentsQuery,
        response: { 200: terminalPaymentsResponse },
      },
    },
    async (request) => terminals.terminalPayments(currentUser(request), request.params.id, request.query),
  );

  app.get(
    API.terminals.unassigned,
    {
      onRequest,
      config: error,
      schema: { querystring: terminalPaymentsQuery, response: { 200: terminalPaymentsResponse } },
    },
    async (request) => terminals.unassignedPayments(currentUser(request), request.query),
  );

  app.patch(
    API.terminals.connectPayments(':id'),
    {
      onRequest,
      config: error,
      schema: { params: idParams, body: connectPaymentsBody, response: { 200: message } },
    },
    async (request) =>
      terminals.connectPayments(currentUser(request), request.params.id, request.body.payment_ids),
  );

  app.post(
    API.terminals.unbind(':id'),
    { onRequest, config: detail, schema: { params: idParams, body: unbindBody, response: { 200: message } } },
    async (request) => terminals.unbind(currentUser(request), request.params.id, request.body.payment_id),
  );
};
