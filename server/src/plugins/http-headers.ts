import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser features this product never uses, switched off for every page and answer. Only names Chromium
 * knows: an unknown one is reported as an error in the console of every visit.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** Headers every answer carries; API answers (`api`) are never stored by a browser or a proxy. */
export function baseHeaders(api: boolean): Record<string, string> {
  return {
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    ...(api ? { 'cache-control': 'no-store' } : {}),
  };
}

/** True for a URL under the API prefix (the prefix itself, a path below it, or either with a query). */
export function isApiUrl(url: string, apiPrefix: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === apiPrefix || path.startsWith(`${apiPrefix}/`);
}

const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Request ids are always ours (a random UUID): a client-sent X-Request-Id could otherwise forge or collide
 * with the id of someone else's request in the logs. A well-formed client id is logged beside ours as
 * `clientReqId`, so a caller's trace can still be followed.
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  childLoggerFactory(
    logger: FastifyBaseLogger,
    bindings: Record<string, unknown>,
    options: object,
    raw: IncomingMessage,
  ): FastifyBaseLogger {
    const incoming = raw.headers['x-request-id'];
    const clientReqId = typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : null;
    return logger.child(clientReqId ? { ...bindings, clientReqId } : bindings, options);
  },
};

/** The answer header naming the instance that answered. */
export const SERVED_BY_HEADER = 'x-served-by';

/** This process's name in X-Served-By: INSTANCE_ID when set, else `<hostname>:<pid>` (unique per process). */
export function instanceName(instanceId: string | undefined): string {
  return instanceId ?? `${os.hostname()}:${process.pid}`;
}

/**
 * Answer headers: our request id on every answer, Permissions-Policy everywhere, and `Cache-Control:
 * no-store` on everything under the API prefix, errors included (sessions, balances and codes must not
 * sit in a cache). X-Served-By names the instance on every answer, in the instance's own words: a load or a
 * bug report behind any load balancer can tell the instances apart without the balancer's help.
 */
export const httpHeadersPlugin = fp(
  async (app: FastifyInstance, options: { apiPrefix: string; servedBy: string }) => {
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      reply.header(SERVED_BY_HEADER, options.servedBy);
      reply.headers(baseHeaders(isApiUrl(request.url, options.apiPrefix)));
    });
  },
);
