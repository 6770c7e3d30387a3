// The lead's referral routes (spec §7 Referrals): list (the lead check), create, detail.
import {
  API,
  createReferralRequest,
  createReferralResponse,
  referralDetailResponse,
  referralListQuery,
  referralListResponse,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

/**
 * Spec §7 Referrals. The list's GET is also the lead check (spec §6): a lead gets the page, everyone else 451
 * (requireLead, on request, before any body is read), on all three routes.
 */
export const referralsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { referrals } = ctx;
  const lead = { onRequest: app.requireLead };

  app.get(
    API.referrals.list,
    { ...lead, schema: { querystring: referralListQuery, response: { 200: referralListResponse } } },
    async (request) => referrals.list(currentUser(request), request.query.page),
  );

  app.post(
    API.referrals.create,
    { ...lead, schema: { body: createReferralRequest, response: { 201: createReferralResponse } } },
    async (request, reply) => {
      const created = await referrals.create(currentUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    API.referrals.detail(':id'),
    {
      ...lead,
      schema: { params: z.object({ id: z.string() }), response: { 200: referralDetailResponse } },
    },
    async (request) => referrals.detail(currentUser(request), request.params.id),
  );
};
