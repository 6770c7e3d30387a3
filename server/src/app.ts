import fs from 'node:fs';
import path from 'node:path';
import { HTTP_ERROR_TEXT, TOO_MANY_REQUESTS } from '@app/shared';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { isProblemUrl, PROBLEM_CONTENT_TYPE, problemBody } from './lib/problem.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminOpsRoutes } from './modules/admin/admin-ops.routes.ts';
import { adminUsersRoutes } from './modules/admin/admin-users.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { publicUser } from './modules/auth/auth.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { disputesRoutes } from './modules/disputes/disputes.routes.ts';
import { merchantDisputesRoutes } from './modules/disputes/merchant-disputes.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homesRoutes } from './modules/homes/homes.routes.ts';
import { displayNameRoutes } from './modules/merchants/display-name.routes.ts';
import { merchantDocsRoutes } from './modules/merchants/merchant-docs.routes.ts';
import { merchantKeysRoutes } from './modules/merchants/merchant-keys.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { merchantOrdersRoutes } from './modules/orders/merchant-orders.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { deviceRoutes } from './modules/terminals/device.routes.ts';
import { hookRoutes } from './modules/terminals/hooks.routes.ts';
import { terminalsRoutes } from './modules/terminals/terminals.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { httpHeadersPlugin, instanceName, isApiUrl, requestIdOptions } from './plugins/http-headers.ts';
import { httpMetricsPlugin } from './plugins/http-metrics.ts';
import { refusingNulCharacters } from './plugins/nul-characters.ts';
import { originGuardPlugin } from './plugins/origin-guard.ts';
import { createSharedRateLimits } from './plugins/rate-limit-store.ts';
import { RouteLogController, requestLogPlugin } from './plugins/request-log.ts';
import { helmetOptions, securityHeadersPlugin } from './plugins/security-headers.ts';
import { SESSION_COOKIE, sessionPlugin } from './plugins/session.ts';
import { SERVER_ROOT } from './server-root.ts';
import { loadSpaHtml } from './web/home-page.ts';
import { encodePage, signedInPageHtml } from './web/signed-in-page.ts';
import { loadSpaIndex } from './web/spa-index.ts';

const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/** A path naming a file (an asset, the favicon): never a client route. */
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i;

/** A source map, or a compressed copy of one that a build step may have made. */
const isSourceMap = (pathName: string) => /\.map(\.br|\.gz)?$/i.test(pathName);

/** The API modules, each registered under API_PREFIX. Add a module here. */
const API_MODULES = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  accountRoutes,
  referralsRoutes,
  paymentsRoutes,
  dashboardRoutes,
  walletRoutes,
  deviceRoutes,
  hookRoutes,
  terminalsRoutes,
  webhooksRoutes,
  merchantKeysRoutes,
  displayNameRoutes,
  merchantDocsRoutes,
  merchantOrdersRoutes,
  ordersRoutes,
  disputesRoutes,
  merchantDisputesRoutes,
  homesRoutes,
  telegramRoutes,
  adminRoutes,
  adminUsersRoutes,
  adminOpsRoutes,
];

/**
 * Builds the HTTP application: the API under API_PREFIX and, when the web app is built, the SPA with a
 * history fallback for every client route. Starts no timers or workers; main.ts does that. `onRoute` sees
 * every route as it is registered (tests read the route table with its schemas from it).
 */
export async function buildApp(
  ctx: AppContext,
  options: { serveWeb?: boolean; onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    logController: new RouteLogController(),
    ...requestIdOptions,
    // X-Forwarded-For is believed only from the configured proxies; otherwise a client could choose its IP.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
    // The router's and Node's parser's own refusals (bad URL, long parameter, oversized headers) in the
    // spec §8 shape instead of Fastify's English bodies that quote the request.
    frameworkErrors: frameworkErrorHandler(config.API_PREFIX),
    clientErrorHandler,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(refusingNulCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  // First: every later hook's and handler's log lines then carry the route (and, once known, the caller).
  await app.register(requestLogPlugin);
  await app.register(httpMetricsPlugin, { metrics: ctx.metrics });
  await app.register(errorHandlerPlugin, { apiPrefix: config.API_PREFIX });
  await app.register(httpHeadersPlugin, {
    apiPrefix: config.API_PREFIX,
    servedBy: instanceName(config.INSTANCE_ID),
  });
  await app.register(securityHeadersPlugin, { helmet: helmetOptions(config.PUBLIC_URL) });
  await app.register(cookie);
  // With REDIS_URL every limit (per IP on the auth routes, per terminal, per merchant, the payer page, the
  // avatar upload) counts in Redis, shared by every instance; without it each process counts its own.
  const shared = config.REDIS_URL
    ? createSharedRateLimits({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, log: ctx.log })
    : null;
  if (shared) {
    ctx.health.set('redis', shared.healthCheck);
    app.addHook('onClose', async () => shared.close());
  }
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.store } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TOO_MANY_REQUESTS,
      retryAfter: context.after,
    }),
  });
  await app.register(originGuardPlugin, { allowedOrigins: [config.publicOrigin] });
  await app.register(sessionPlugin, { auth: ctx.auth, secure: config.COOKIE_SECURE });

  await app.register(
    async (api) => {
      // JSON above 1 kB leaves compressed (br or gzip, as the client accepts); only API answers, the SPA's
      // files are compressed once at build time.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
      for (const module of API_MODULES) await api.register(module, { ctx });
    },
    { prefix: config.API_PREFIX },
  );

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  // Decided once: the SPA is served when it was built before the server started.
  const serveWeb = (options.serveWeb ?? true) && fs.existsSync(path.join(webDist, 'index.html'));
  const spaIndex = serveWeb ? loadSpaIndex(webDist) : null;
  if (serveWeb) {
    // A page load with a live session gets its HTML with the session check's answer inline (and, on `/`, the
    // home page's route chunks preloaded): web/signed-in-page.ts. Anonymous loads get the static file.
    const spa = loadSpaHtml(webDist);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (isApiUrl(pathname, config.API_PREFIX) || FILE_PATH.test(pathname)) return;
      const user = await ctx.auth.resolveSession(token);
      if (!user) return;
      const page = encodePage(
        await signedInPageHtml(spa, pathname, { user: publicUser(user) }),
        String(request.headers['accept-encoding'] ?? ''),
      );
      // The page names its user: never stored by a cache, and never the same for another cookie.
      reply
        .header('cache-control', 'no-store')
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    });
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // web/dist holds a .br and a .gz beside each file (made at build): sent as the client accepts.
      preCompressed: true,
      // Source maps are for error reports only, never public, even if one lands in dist.
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiUrl(request.url, config.API_PREFIX);
    const isPage = !isApi && !isSourceMap(request.url.split('?', 1)[0] ?? '');
    if (isPage && spaIndex && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: every client route gets the SPA, which shows its own 404 for unknown paths.
      return spaIndex.send(request, reply);
    }
    if (isProblemUrl(request.url, config.API_PREFIX)) {
      return reply.status(404).type(PROBLEM_CONTENT_TYPE).send(problemBody(404, 'not-found'));
    }
    return reply.status(404).send({ detail: HTTP_ERROR_TEXT.notFound });
  });

  return app;
}
