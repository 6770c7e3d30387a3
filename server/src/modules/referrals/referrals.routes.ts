import { API } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** The lead check (spec §6): 200 for a lead, 451 for everyone else. Referral listing arrives with its issue. */
export const referralsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(API.auth.leadCheck, { onRequest: app.requireLead }, async () => ({ count: 0, results: [] }));
};
