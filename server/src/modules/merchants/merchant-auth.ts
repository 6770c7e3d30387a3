// The merchant API's Bearer key check (merchant/v1) with the per-merchant request limit and the idempotency scope.
import { MERCHANT_TEXT } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ProblemError } from '../../lib/problem.ts';

/** The merchant a merchant/v1 request authenticated as, by its API key. */
export interface MerchantRequestPrincipal {
  /** The merchant's user id: every order and balance call acts on this merchant only. */
  id: string;
  /** The API key used (for logs; revoking it stops the next request). */
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by merchantKeyAuth on merchant/v1 routes. */
    merchant?: MerchantRequestPrincipal;
  }
}

/** One 401 for a missing, malformed, unknown or revoked key, so the answer tells nothing about which it was. */
export const merchantUnauthorized = () => new ProblemError(401, 'unauthorized', MERCHANT_TEXT.unauthorized);

/** The authenticated merchant of a merchant/v1 request (a route without merchantKeyAuth answers 401). */
export function currentMerchant(request: FastifyRequest): MerchantRequestPrincipal {
  if (!request.merchant) throw merchantUnauthorized();
  return request.merchant;
}

/** The Idempotency-Key scope of a merchant/v1 POST: keys are the merchant's own, whichever of its API keys sent them. */
export const merchantIdempotencyScope = (request: FastifyRequest) =>
  `merchant:${currentMerchant(request).id}`;

/**
 * The `onRequest` hooks of the merchant API routes: the Bearer API key, then the per-merchant request limit
 * (MERCHANT_RATE_LIMIT_PER_MIN), both before the body is read, so an unauthenticated or limited request
 * costs no parsing and changes nothing. Call it once per plugin and give the same array to every route:
 * the limit is one counter store, keyed by the authenticated merchant (never by anything the client
 * chooses, such as its address), shared by the routes that use it.
 *
 *     const onRequest = merchantKeyAuth(app, ctx);
 *     app.post(API.merchant.orders, { onRequest, ...idempotent(ctx.idempotency, merchantIdempotencyScope), … }, …)
 */
export function merchantKeyAuth(app: FastifyInstance, ctx: AppContext): onRequestHookHandler[] {
  const { merchantKeys, config } = ctx;

  async function requireMerchantKey(request: FastifyRequest, reply: FastifyReply) {
    const principal = await merchantKeys.authenticate(request.headers.authorization);
    if (!principal) {
      reply.header('www-authenticate', 'Bearer');
      throw merchantUnauthorized();
    }
    request.merchant = { id: principal.merchantId, keyId: principal.keyId };
  }

  const perMerchantLimit = app.rateLimit({
    max: config.MERCHANT_RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `merchant:${currentMerchant(request).id}`,
  });
  return [requireMerchantKey, perMerchantLimit];
}
