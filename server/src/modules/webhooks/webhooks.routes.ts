/** Use cases: the merchant's webhook settings, event list and resend routes. */
import {
  API,
  updateWebhookBody,
  updateWebhookResponse,
  webhookEventSchema,
  webhookEventsQuery,
  webhookEventsResponse,
  webhookSecretResponse,
  webhookSettingsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ErrorBody } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The delivery log and resend are no forms: their callers show a pop-up, so any refusal (a bad limit or
 * cursor included) leaves as {detail: text}. The URL form keeps field arrays ({url: [...]}).
 */
const asDetail = (body: ErrorBody) => {
  if (typeof body === 'string') return { detail: body };
  const { request_id: requestId, ...rest } = body;
  const detail = Object.values(rest).flat().join(' ');
  return requestId === undefined ? { detail } : { detail, request_id: requestId };
};

/**
 * The merchant's webhook settings in the web app (Settings #api): URL, signing secret, the delivery log and
 * resend. Session routes (checked on request, before any body is read); the service refuses non-merchants
 * with a 400 {detail} and touches only the caller's own events.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { webhooks } = ctx;
  const onRequest = app.requireUser;
  const detail = { errorBody: asDetail };

  app.get(
    API.merchantSettings.webhook,
    { onRequest, schema: { response: { 200: webhookSettingsSchema } } },
    async (request) => webhooks.getSettings(currentUser(request).id),
  );

  app.put(
    API.merchantSettings.webhook,
    { onRequest, schema: { body: updateWebhookBody, response: { 200: updateWebhookResponse } } },
    async (request) => webhooks.updateUrl(currentUser(request).id, request.body.url),
  );

  app.post(
    API.merchantSettings.webhookSecret,
    { onRequest, config: detail, schema: { response: { 200: webhookSecretResponse } } },
    async (request) => webhooks.rotateSecret(currentUser(request).id),
  );

  app.get(
    API.merchantSettings.webhookEvents,
    {
      onRequest,
      config: detail,
      schema: { querystring: webhookEventsQuery, response: { 200: webhookEventsResponse } },
    },
    async (request) => webhooks.listEvents(currentUser(request).id, request.query),
  );

  app.post(
    API.merchantSettings.resendEvent(':id'),
    { onRequest, config: detail, schema: { params: idParams, response: { 200: webhookEventSchema } } },
    async (request) => webhooks.resendEvent(currentUser(request).id, request.params.id),
  );
};
