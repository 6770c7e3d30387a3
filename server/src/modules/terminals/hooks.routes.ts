/** Use case: device/v1/hooks/{token}: POST, GET, PUT and PATCH from forwarder apps (HTTP only). */
import { API, deviceHookResponse } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unauthorizedProblem } from '../../lib/problem.ts';
import type { HookTerminal } from './hooks.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The forwarder terminal a hook URL's token named (set by requireHookToken). */
    hookTerminal?: HookTerminal;
  }
}

/**
 * The largest request a forwarder app sends is one SMS or push in its template (4 kB of text, escaped as
 * \uXXXX at worst six bytes a character, plus the fields); beyond it the answer is 413 before anything is read.
 */
export const HOOK_BODY_LIMIT = 64 * 1024;

function currentHookTerminal(request: FastifyRequest): HookTerminal {
  if (!request.hookTerminal) throw unauthorizedProblem();
  return request.hookTerminal;
}

/**
 * `POST|GET|PUT|PATCH device/v1/hooks/{token}`: where a forwarder app on the trader's phone sends the bank's
 * SMS and pushes (docs/terminal-apps.md). The token in the path is the credential: it is checked before the
 * body is read, and it never reaches a log line or a metric (they carry the route pattern; the logger's
 * request serializer shortens the path). Bodies are kept as raw bytes, whatever their content type, because
 * SMS Gateway signs the exact bytes and the apps send JSON, forms, text/plain, chunked or no content type.
 */
export const hookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { hooks, config } = ctx;

  // onRequest: one 401 for a missing, malformed, unknown or revoked token, before the body is read.
  async function requireHookToken(request: FastifyRequest) {
    const { token } = request.params as { token?: string };
    const terminal = token ? await hooks.authenticate(token) : null;
    if (!terminal) throw unauthorizedProblem();
    request.hookTerminal = terminal;
  }

  // The device API's limit, counted per terminal (not per IP: a phone's address changes) in the same
  // counter as its device routes would be; a refused request is answered before its body is read.
  const perTerminalLimit = app.rateLimit({
    max: config.DEVICE_RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `device:${currentHookTerminal(request).id}`,
  });

  // This plugin's own parsers (Fastify scopes them to it): every body as its raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // One route per method (not one route with a list): every tool that reads the route table (the OpenAPI
  // document, the authorization matrix, the contract fuzz) sees one method per route.
  for (const method of ['POST', 'GET', 'PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: API.device.hook(':token'),
      // A HEAD would run the GET handler with no fields: there is nothing for it to do.
      exposeHeadRoute: false,
      onRequest: [requireHookToken, perTerminalLimit],
      bodyLimit: HOOK_BODY_LIMIT,
      schema: { response: { 200: deviceHookResponse } },
      handler: async (request) => {
        const queryAt = request.url.indexOf('?');
        return hooks.receive(currentHookTerminal(request), {
          method: request.method,
          headers: request.headers,
          query: queryAt === -1 ? '' : request.url.slice(queryAt + 1),
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
        });
      },
    });
  }
};
