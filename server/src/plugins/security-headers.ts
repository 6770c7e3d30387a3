import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's options for this service: its defaults, with the content security policy the web build allows. */
export function helmetOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // No inline styles: the web build serves every style sheet as a file, and the libraries that add
        // styles at run time adopt constructed style sheets instead (web/vite.config.ts); React's style props
        // go through the CSSOM, which the policy does not govern.
        'style-src': ["'self'"],
        'upgrade-insecure-requests': publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // The SPA and the API share an origin; cross-origin isolation headers would only block avatars later.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers Helmet's middleware sets for `options`, found once by running it against a response that only
 * records them. Helmet's headers here depend on nothing of the request (no nonce, no directive computed per
 * request), so every response can get the same list.
 */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Helmet's security headers on every response. Computed once at start (securityHeaders): @fastify/helmet
 * built Helmet's middleware anew for each request, parsing the policy again every time, about 3 % of an
 * order's CPU in the server.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { helmet: HelmetOptions }) => {
  const headers = securityHeaders(options.helmet);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
