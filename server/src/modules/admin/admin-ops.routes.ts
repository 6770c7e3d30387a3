/**
 * Use cases: the console's operations routes (HTTP only; the service decides who may): withdrawals queue and
 * decisions, bank directory, rate, webhooks, bank notifications, overview and ledger-verify.
 */
import {
  API,
  adminApproveBody,
  adminBank,
  adminBankCreateBody,
  adminBankPatchBody,
  adminLedgerVerification,
  adminMarkSentBody,
  adminNotificationStats,
  adminNotificationStatsQuery,
  adminOverview,
  adminRate,
  adminRateBody,
  adminRatingRecompute,
  adminRejectBody,
  adminUnparsedPage,
  adminWebhookEvent,
  adminWebhooksPage,
  adminWebhooksQuery,
  adminWithdrawal,
  adminWithdrawalsPage,
  adminWithdrawalsQuery,
  pageQueryFields,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

/** A route path with `{id}` where the path helper puts an id (Fastify's `:id`). */
const withId = (path: (id: string) => string) => path(':id');
const idParams = z.object({ id: z.string().max(100) });
const bankParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const unparsedQuery = z.object(pageQueryFields({ defaultSize: 20 }));

export const adminOpsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = { onRequest: app.requireUser };

  app.get(
    API.admin.withdrawals,
    { ...auth, schema: { querystring: adminWithdrawalsQuery, response: { 200: adminWithdrawalsPage } } },
    async (request) => ctx.admin.withdrawals(currentUser(request), request.query),
  );
  app.post(
    withId(API.admin.approveWithdrawal),
    { ...auth, schema: { params: idParams, body: adminApproveBody, response: { 200: adminWithdrawal } } },
    async (request) => ctx.admin.approveWithdrawal(currentUser(request), request.params.id, request.body.otp),
  );
  app.post(
    withId(API.admin.rejectWithdrawal),
    { ...auth, schema: { params: idParams, body: adminRejectBody, response: { 200: adminWithdrawal } } },
    async (request) =>
      ctx.admin.rejectWithdrawal(currentUser(request), request.params.id, request.body.reason),
  );
  app.post(
    withId(API.admin.markWithdrawalSent),
    { ...auth, schema: { params: idParams, body: adminMarkSentBody, response: { 200: adminWithdrawal } } },
    async (request) =>
      ctx.admin.markWithdrawalSent(
        currentUser(request),
        request.params.id,
        request.body.txid,
        request.body.otp,
      ),
  );

  app.get(
    API.admin.banks,
    {
      ...auth,
      schema: { response: { 200: z.object({ count: z.number().int(), results: z.array(adminBank) }) } },
    },
    async (request) => ctx.admin.banks(currentUser(request)),
  );
  app.post(
    API.admin.banks,
    { ...auth, schema: { body: adminBankCreateBody, response: { 201: adminBank } } },
    async (request, reply) => {
      const bank = await ctx.admin.createBank(currentUser(request), request.body);
      return reply.status(201).send(bank);
    },
  );
  app.patch(
    API.admin.bank(':id'),
    { ...auth, schema: { params: bankParams, body: adminBankPatchBody, response: { 200: adminBank } } },
    async (request) => ctx.admin.updateBank(currentUser(request), request.params.id, request.body),
  );

  app.get(API.admin.rate, { ...auth, schema: { response: { 200: adminRate } } }, async (request) =>
    ctx.admin.rate(currentUser(request)),
  );
  app.put(
    API.admin.rate,
    { ...auth, schema: { body: adminRateBody, response: { 200: adminRate } } },
    async (request) => ctx.admin.setRate(currentUser(request), request.body.rub_per_usdt, request.body.otp),
  );

  app.get(
    API.admin.webhooks,
    { ...auth, schema: { querystring: adminWebhooksQuery, response: { 200: adminWebhooksPage } } },
    async (request) => ctx.admin.webhookEvents(currentUser(request), request.query),
  );
  app.post(
    withId(API.admin.retryWebhook),
    { ...auth, schema: { params: idParams, response: { 200: adminWebhookEvent } } },
    async (request) => ctx.admin.retryWebhook(currentUser(request), request.params.id),
  );

  app.get(
    API.admin.unparsedNotifications,
    { ...auth, schema: { querystring: unparsedQuery, response: { 200: adminUnparsedPage } } },
    async (request) => ctx.admin.unparsedNotifications(currentUser(request), request.query),
  );
  app.get(
    API.admin.notificationStats,
    {
      ...auth,
      schema: { querystring: adminNotificationStatsQuery, response: { 200: adminNotificationStats } },
    },
    async (request) => ctx.admin.notificationStats(currentUser(request), request.query.days),
  );

  app.get(API.admin.overview, { ...auth, schema: { response: { 200: adminOverview } } }, async (request) =>
    ctx.admin.overview(currentUser(request)),
  );
  app.get(
    API.admin.ledgerVerify,
    { ...auth, schema: { response: { 200: adminLedgerVerification } } },
    async (request) => ctx.admin.lastLedgerVerification(currentUser(request)),
  );
  app.post(
    API.admin.ratingRecompute,
    { ...auth, schema: { response: { 200: adminRatingRecompute } } },
    async (request) => ctx.admin.recomputeRatings(currentUser(request)),
  );
  app.post(
    API.admin.ledgerVerify,
    { ...auth, schema: { response: { 200: adminLedgerVerification } } },
    async (request) => ctx.admin.verifyLedger(currentUser(request)),
  );
};
