import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { loggableUrl } from '../lib/logger.ts';

/**
 * Fastify's request log lines with the route pattern on the first one too ("incoming request" is written
 * before any hook can bind it); give it as the `logController` option. The request itself is logged by the
 * logger's `req` serializer, which keeps a forwarder URL's token out (lib/logger.ts); the one line Fastify
 * writes with the raw URL in its text, for a route not found, is written here with the loggable URL.
 */
export class RouteLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request, route: request.routeOptions.url ?? null }, 'incoming request');
  }

  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${loggableUrl(request.raw.url ?? '')} not found`);
  }
}

/** Who a request acted as, for its log lines: ids only, never a token, cookie or key. */
function principalOf(request: FastifyRequest): Record<string, string> | null {
  if (request.user) return { userId: request.user.id };
  if (request.merchant) return { merchantId: request.merchant.id, keyId: request.merchant.keyId };
  if (request.terminal) return { terminalId: request.terminal.id, userId: request.terminal.userId };
  if (request.hookTerminal) {
    return { terminalId: request.hookTerminal.id, userId: request.hookTerminal.userId };
  }
  return null;
}

/** pino's in-place extension of a logger's bindings (absent on Fastify's no-op logger). */
type ExtensibleLogger = { setBindings?: (bindings: Record<string, unknown>) => void };

/**
 * Adds `bindings` to the request's log lines. The request's logger is its own (Fastify makes a child per
 * request), so its bindings are extended in place: a child of it on every hook cost twice as much per request.
 */
function bind(request: FastifyRequest, reply: FastifyReply, bindings: Record<string, string | null>) {
  const own = request.log as ExtensibleLogger;
  if (typeof own.setBindings === 'function' && reply.log === request.log) {
    own.setBindings(bindings);
    return;
  }
  const log = request.log.child(bindings);
  request.log = log;
  reply.log = log;
}

/**
 * Every log line of a request (Fastify's own "request completed" and error lines included) carries its
 * request id (reqId, from the request-id options), its route pattern (`route`, from the first hook on) and,
 * once authentication has run, who it acted as: `userId` for a session, `merchantId`/`keyId` for a merchant
 * API key, `terminalId`/`userId` for a device. Authentication is each route's own onRequest hook, so the
 * principal is bound in preParsing, the first step after every onRequest hook.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    bind(request, reply, { route: request.routeOptions.url ?? null });
  });
  app.addHook('preParsing', async (request, reply) => {
    const principal = principalOf(request);
    if (principal) bind(request, reply, principal);
  });
});
