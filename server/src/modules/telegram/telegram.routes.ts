/** Use cases: the Telegram settings routes (key, accounts, disconnect) and the bot's webhook. */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  API,
  disconnectTelegramBody,
  telegramAccountsResponse,
  telegramKeyResponse,
  telegramMessageResponse,
  telegramRefreshResponse,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import type { AppContext } from '../../context.ts';
import type { ErrorBody } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';

/** The disconnect is a button, not a form: a refusal of its body leaves as a pop-up {detail}. */
const asDetail = (body: ErrorBody) => {
  if (typeof body === 'string') return { detail: body };
  const { request_id: requestId, ...rest } = body;
  const detail = Object.values(rest).flat().join(' ');
  return requestId === undefined ? { detail } : { detail, request_id: requestId };
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The webhook's secret header against TELEGRAM_WEBHOOK_SECRET, in constant time. */
function secretMatches(header: unknown, secret: string | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  return timingSafeEqual(digest(header), digest(secret));
}

/**
 * Spec §7 Settings, the Telegram connection (session routes), and the bot's webhook when
 * TELEGRAM_WEBHOOK_URL is set (no session: Telegram proves itself with the secret token header).
 */
export const telegramRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { telegram } = ctx;
  const onRequest = app.requireUser;

  app.get(
    API.telegram.key,
    { onRequest, schema: { response: { 200: telegramKeyResponse } } },
    async (request) => telegram.getKey(currentUser(request).id),
  );

  app.post(
    API.telegram.refreshKey,
    { onRequest, schema: { response: { 200: telegramRefreshResponse } } },
    async (request) => telegram.refreshKey(currentUser(request).id),
  );

  app.get(
    API.telegram.accounts,
    { onRequest, schema: { response: { 200: telegramAccountsResponse } } },
    async (request) => telegram.listAccounts(currentUser(request).id),
  );

  app.put(
    API.telegram.accounts,
    {
      onRequest,
      config: { errorBody: asDetail },
      schema: { body: disconnectTelegramBody, response: { 200: telegramMessageResponse } },
    },
    async (request) => telegram.disconnect(currentUser(request).id, request.body.telegram_id),
  );

  const bot = ctx.telegramBot;
  if (bot && ctx.config.TELEGRAM_WEBHOOK_URL) {
    app.post(API.telegram.webhook, { bodyLimit: 1_048_576 }, async (request, reply) => {
      if (
        !secretMatches(request.headers['x-telegram-bot-api-secret-token'], ctx.config.TELEGRAM_WEBHOOK_SECRET)
      ) {
        return reply.status(401).send({ detail: 'Неверный секретный токен' });
      }
      const update = request.body as Update;
      if (typeof update?.update_id !== 'number')
        return reply.status(400).send({ detail: 'Некорректное обновление' });
      try {
        await bot.handle(update);
      } catch (error) {
        // getMe failed: Telegram retries the update later.
        request.log.warn({ err: error }, 'telegram webhook update not handled');
        return reply.status(503).send({ detail: 'Бот временно недоступен' });
      }
      return { ok: true };
    });
  }
};
