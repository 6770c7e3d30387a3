import { HTTP_ERROR_TEXT } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by pages of another site: a present Origin must be PUBLIC_URL's,
 * and the browser's own Sec-Fetch-Site must not say cross-site. Non-browser clients send neither.
 */
export const originGuardPlugin = fp(async (app: FastifyInstance, options: { allowedOrigins: string[] }) => {
  const allowed = new Set(options.allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreignOrigin = origin !== undefined && !allowed.has(origin);
    if (foreignOrigin || fetchSite === 'cross-site') {
      request.log.warn({ origin, fetchSite }, 'cross-site request refused');
      return reply.status(403).send({ detail: HTTP_ERROR_TEXT.crossSite });
    }
  });
});
