/** Use cases: the operator console's code request and audit log (HTTP only; the service decides who may). */
import { ADMIN_MESSAGES, API, adminAuditPage, adminAuditQuery, adminOtpBody } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    API.admin.otp,
    {
      onRequest: app.requireUser,
      schema: { body: adminOtpBody, response: { 200: z.object({ detail: z.string() }) } },
    },
    async (request) => {
      await ctx.admin.sendCode(currentUser(request), request.body.action, request.ip);
      return { detail: ADMIN_MESSAGES.otpSent };
    },
  );

  app.get(
    API.admin.audit,
    {
      onRequest: app.requireUser,
      schema: { querystring: adminAuditQuery, response: { 200: adminAuditPage } },
    },
    async (request) => ctx.admin.audit(currentUser(request), request.query),
  );
};
