import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';
import { API, HTTP_ERROR_TEXT, PAYMENT_TEXT } from '@app/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { removeWebDist, webDistWith } from '../test/web-dist.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import type { Database } from './db/client.ts';
import { PERMISSIONS_POLICY } from './plugins/http-headers.ts';

/** A marker in what the client sends; no answer may repeat it. */
const ECHO = 'echo-marker-7f3a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LATIN_WORD = /[A-Za-z]{3,}/;
const HEALTH_TOKEN = 'health-token-0123456789abcdef';

let t: TestApp;
let lead: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ HEALTH_TOKEN });
  // Without a fresh USDT/RUB rate /health says degraded (orders refused); these tests look at a healthy one.
  await t.ctx.rates.record({ rate: '92.50', source: 'manual' });
  lead = await signedInUser(t, { isLead: true });
});
afterAll(async () => {
  await t.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);

/** The headers every API answer carries, errors included. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(headers['x-request-id']).toMatch(UUID);
}

/** A Fastify-made refusal: the status, {detail} with our Russian text, no echo, the API headers. */
function expectRefusal(
  response: { statusCode: number; body: string; json: () => unknown; headers: Record<string, unknown> },
  status: number,
  detail: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ detail });
  expect(response.body).not.toContain(ECHO);
  expectApiHeaders(response.headers);
}

describe("the framework's own errors", () => {
  it('414: a path parameter over maxParamLength', async () => {
    const response = await inject({
      method: 'PATCH',
      url: `${t.prefix}${API.payments.update(`${ECHO}${'a'.repeat(200)}`)}`,
      headers: { cookie: lead.cookie },
      payload: { is_active: true },
    });
    expectRefusal(response, 414, HTTP_ERROR_TEXT.uriTooLong);
  });

  it('400: a path that is not valid percent-encoding', async () => {
    const response = await inject({
      method: 'GET',
      url: `${t.prefix}/api/v1/payments/${ECHO}%E0%A4%A/update/`,
    });
    expectRefusal(response, 400, HTTP_ERROR_TEXT.badRequest);
  });

  it('415: a body that is not JSON', async () => {
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': `text/${ECHO}` },
      payload: ECHO,
    });
    expectRefusal(response, 415, HTTP_ERROR_TEXT.unsupportedMediaType);
  });

  it('413: a gzip body counts by its unpacked size (no zip bomb past the limit)', async () => {
    const packed = zlib.gzipSync(JSON.stringify({ email: 'a'.repeat(5_000_000) }));
    expect(packed.length).toBeLessThan(100_000);
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: packed,
    });
    expectRefusal(response, 413, HTTP_ERROR_TEXT.bodyTooLarge);
  });

  it('415: a body in an unknown Content-Encoding', async () => {
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': 'application/json', 'content-encoding': ECHO },
      payload: '{}',
    });
    expectRefusal(response, 415, HTTP_ERROR_TEXT.unsupportedMediaType);
  });

  it('413: a body over the limit', async () => {
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ECHO.repeat(80_000) }),
    });
    expectRefusal(response, 413, HTTP_ERROR_TEXT.bodyTooLarge);
  });

  it.each([
    ['malformed', `{"email": "${ECHO}`],
    ['empty', ''],
    ['a forbidden prototype key', `{"__proto__": {"${ECHO}": 1}}`],
  ])('400: %s JSON', async (_name, payload) => {
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectRefusal(response, 400, HTTP_ERROR_TEXT.invalidJson);
  });

  it('404: an unknown API path or method', async () => {
    expectRefusal(
      await inject({ method: 'GET', url: `${t.prefix}/${ECHO}/` }),
      404,
      HTTP_ERROR_TEXT.notFound,
    );
    expectRefusal(
      await inject({ method: 'PUT', url: `${t.prefix}${API.auth.login}` }),
      404,
      HTTP_ERROR_TEXT.notFound,
    );
  });

  it('gives Russian messages, not zod’s English, for a body of the wrong types', async () => {
    const response = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      payload: { email: 5, password: [ECHO] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Record<string, string[]>;
    expect(Object.keys(body).sort()).toEqual(['email', 'password']);
    for (const message of Object.values(body).flat()) {
      expect(message).toMatch(/[А-Яа-я]/);
      expect(message).not.toMatch(LATIN_WORD);
    }
    expect(response.body).not.toContain(ECHO);
    const notAnObject = await inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect((notAnObject.json() as { detail: string }).detail).not.toMatch(LATIN_WORD);
  });
});

describe('errors of the HTTP parser (a real socket)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** One raw request; resolves with the status, headers and body the server wrote. */
  function raw(options: http.RequestOptions) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, agent: false, ...options }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        request.on('error', reject);
        request.end();
      },
    );
  }

  it('431: headers over the size limit', async () => {
    const response = await raw({
      path: `${t.prefix}/health`,
      headers: { 'x-big': `${ECHO}${'a'.repeat(20_000)}` },
    });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({ detail: HTTP_ERROR_TEXT.headersTooLarge });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it('400: a request line the parser refuses', async () => {
    const response = await raw({ path: `${t.prefix}/health`, method: 'NOT-A-METHOD' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: HTTP_ERROR_TEXT.badRequest });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

/** Every route of the app as method and URL, read from Fastify's route tree. */
function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(url);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** The routes anybody may call; every other route needs a session. */
const PUBLIC_PATHS: string[] = [
  API.health,
  API.auth.register,
  API.auth.verifyOtp,
  API.auth.login,
  API.auth.loginVerify,
  API.auth.requestPasswordReset,
  API.auth.passwordReset,
  API.auth.logout,
  // The device API's pairing call and its OpenAPI document; its other calls take a bearer token instead of
  // the session cookie (and are still refused anonymously before the body, checked below).
  API.device.activate,
  API.device.openapi,
  // The merchant API's description: its document, the docs page and the page's style sheet.
  API.merchant.openapi,
  API.merchant.docs,
  API.merchant.docsStyles,
  // The payer page's calls: no session; the deal's random UUID in the payer's link is the only key.
  API.payer.order(':id'),
  API.payer.paid(':id'),
  API.payer.receipt(':id'),
];
/**
 * Routes signed in by a device token or a merchant API key, not a session cookie (their own tests use one:
 * device.routes.db.test.ts, merchants/merchant-auth.db.test.ts).
 */
const isBearerRoute = (url: string) => url.includes('/device/v1/') || url.includes('/merchant/v1/');

describe('authentication before the body', () => {
  const signedInRoutes = () =>
    listRoutes(t.app)
      .filter(
        (route) => route.method !== 'HEAD' && !PUBLIC_PATHS.some((p) => route.url === `${t.prefix}${p}`),
      )
      .map((route) => ({
        ...route,
        url: route.url.replace(/:[a-z_]+/g, '0b8e4a3c-1d2e-4f5a-8b6c-7d8e9f0a1b2c'),
      }));
  const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

  it('finds the signed-in routes', () => {
    const urls = signedInRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain(`POST ${t.prefix}${API.payments.create}`);
    expect(urls).toContain(`POST ${t.prefix}${API.wallet.withdrawRequest}`);
    expect(urls).toContain(`DELETE ${t.prefix}${API.wallet.white}`);
    expect(urls).toContain(`GET ${t.prefix}${API.dashboard}`);
    expect(urls).not.toContain(`POST ${t.prefix}${API.auth.login}`);
    expect(urls.length).toBeGreaterThan(15);
  });

  it('answers 401 to an anonymous caller whatever it sends: malformed JSON, a bad query', async () => {
    for (const route of signedInRoutes()) {
      const withBody = BODY_METHODS.has(route.method);
      const response = await inject({
        method: route.method as InjectOptions['method'],
        url: withBody ? route.url : `${route.url}?page=${ECHO}&payment_id=${ECHO}`,
        ...(withBody ? { headers: { 'content-type': 'application/json' }, payload: `{"${ECHO}": ` } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(JSON.stringify(response.json())).toContain(HTTP_ERROR_TEXT.unauthorized);
      expect(response.body).not.toContain(ECHO);
    }
  });

  it('answers 400 {detail} to a signed-in caller with malformed JSON, without repeating it', async () => {
    for (const route of signedInRoutes().filter((r) => BODY_METHODS.has(r.method) && !isBearerRoute(r.url))) {
      const response = await inject({
        method: route.method as InjectOptions['method'],
        url: route.url,
        headers: { cookie: lead.cookie, 'content-type': 'application/json' },
        payload: `{"${ECHO}": `,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      const expected = route.url.endsWith(API.payments.create)
        ? {
            details: PAYMENT_TEXT.createFailed,
            payment_id: null,
            status: 'error',
            errors: null,
            detail: HTTP_ERROR_TEXT.invalidJson,
          }
        : // The link picker reads `error` (spec §7): connect-payments answers every failure in that field.
          route.url.endsWith('/connect-payments/')
          ? { error: HTTP_ERROR_TEXT.invalidJson }
          : { detail: HTTP_ERROR_TEXT.invalidJson };
      expect(response.json(), `${route.method} ${route.url}`).toEqual(expected);
      expect(response.body).not.toContain(ECHO);
    }
  });
});

describe('headers', () => {
  it('puts Cache-Control: no-store and Permissions-Policy on every API answer, errors included', async () => {
    const answers = await Promise.all([
      inject({ method: 'GET', url: `${t.prefix}/health` }),
      inject({
        method: 'GET',
        url: `${t.prefix}${API.auth.checkUserAuth}`,
        headers: { cookie: lead.cookie },
      }),
      inject({ method: 'GET', url: `${t.prefix}${API.auth.checkUserAuth}` }),
      inject({ method: 'POST', url: `${t.prefix}${API.auth.login}`, payload: {} }),
      inject({ method: 'GET', url: `${t.prefix}/nothing/here/` }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 400, 404]);
    for (const answer of answers) expectApiHeaders(answer.headers);
  });

  it('names the instance in X-Served-By on every answer: INSTANCE_ID, else hostname and pid', async () => {
    const answers = await Promise.all([
      inject({ method: 'GET', url: `${t.prefix}/health` }),
      inject({ method: 'POST', url: `${t.prefix}${API.auth.login}`, payload: {} }),
      inject({ method: 'GET', url: `${t.prefix}/nothing/here/` }),
      inject({ method: 'GET', url: '/no/such/page' }),
    ]);
    for (const answer of answers)
      expect(answer.headers['x-served-by']).toBe(`${os.hostname()}:${process.pid}`);
    const shell = await buildShell({ INSTANCE_ID: 'app-b' }, []);
    try {
      const named = await shell.app.inject({ method: 'GET', url: '/backend/health' });
      expect(named.headers['x-served-by']).toBe('app-b');
    } finally {
      await shell.close();
    }
  });

  it('never takes a client-sent X-Request-Id as ours, and logs it beside ours', async () => {
    const lines: string[] = [];
    const shell = await buildShell({}, lines);
    try {
      const response = await shell.app.inject({
        method: 'GET',
        url: '/backend/health',
        headers: { 'x-request-id': 'someone-elses-request-0001' },
      });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ours = logged.filter((line) => line.reqId === id);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours[0]?.clientReqId).toBe('someone-elses-request-0001');
      expect(logged.some((line) => line.reqId === 'someone-elses-request-0001')).toBe(false);
      const second = await shell.app.inject({ method: 'GET', url: '/backend/health' });
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).not.toBe(id);
    } finally {
      await shell.close();
    }
  });
});

describe('/health', () => {
  const health = (authorization?: string) =>
    inject({ method: 'GET', url: `${t.prefix}/health`, headers: authorization ? { authorization } : {} });

  it('tells the public only up or down', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    for (const wrong of [
      `Bearer ${HEALTH_TOKEN}x`,
      `Bearer ${HEALTH_TOKEN.slice(0, -1)}`,
      HEALTH_TOKEN,
      'Bearer ',
    ]) {
      expect((await health(wrong)).json()).toEqual({ status: 'ok' });
    }
  });

  it('shows the details with the bearer token', async () => {
    const response = await health(`Bearer ${HEALTH_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      engine: t.database.engine,
      components: {
        rate: { ok: true, detail: expect.stringContaining('92.50 RUB/USDT from manual') },
        mail: { ok: true, detail: expect.stringMatching(/messages queued/) },
        webhooks: { ok: true, detail: expect.stringMatching(/events pending/) },
        disk: { ok: true, detail: expect.stringMatching(/^\d+ MB free$/) },
      },
      // The test app has no refresher (HEALTH_REFRESH_MS 0): checked for this request.
      age_ms: 0,
      source: 'live',
    });
  });

  it('says degraded (still 200) without a fresh USDT/RUB rate: orders are refused, the rest works', async () => {
    t.ctx.health.set('rate', () => ({
      ok: true,
      degraded: true,
      detail: 'no USDT/RUB rate set: orders refused',
    }));
    try {
      const response = await health();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'degraded' });
    } finally {
      t.ctx.health.set('rate', t.ctx.rates.healthCheck);
    }
  });

  it('answers 503 down when a component is unhealthy, with the details only for the token', async () => {
    t.ctx.health.set('test-component', () => ({ ok: false, detail: 'stale for 9 s' }));
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'down' });
      const detailed = await health(`Bearer ${HEALTH_TOKEN}`);
      expect(detailed.statusCode).toBe(503);
      expect(detailed.json()).toMatchObject({
        status: 'down',
        components: { 'test-component': { ok: false, detail: 'stale for 9 s' } },
      });
    } finally {
      t.ctx.health.delete('test-component');
    }
  });

  it('never shows details when no HEALTH_TOKEN is configured', async () => {
    const shell = await buildShell({}, []);
    try {
      for (const authorization of ['Bearer ', 'Bearer undefined', `Bearer ${HEALTH_TOKEN}`]) {
        const response = await shell.app.inject({
          method: 'GET',
          url: '/backend/health',
          headers: { authorization },
        });
        expect(response.json()).toEqual({ status: 'ok' });
      }
    } finally {
      await shell.close();
    }
  });
});

describe('compression', () => {
  it('compresses API JSON over 1 kB as the client accepts, and leaves small answers alone', async () => {
    const url = `${t.prefix}${API.payments.banks}`;
    const plain = await inject({ method: 'GET', url, headers: { cookie: lead.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await inject({
      method: 'GET',
      url,
      headers: { cookie: lead.cookie, 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expectApiHeaders(br.headers);

    const gzip = await inject({
      method: 'GET',
      url,
      headers: { cookie: lead.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await inject({
      method: 'GET',
      url: `${t.prefix}/health`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  describe('the SPA files', () => {
    let webDist: string;
    let shell: Shell;
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>Processing</title><div id="root"></div>${' '.repeat(2000)}`,
      'assets/a.js': `console.log(${JSON.stringify('x'.repeat(3000))})`,
    };
    beforeAll(async () => {
      webDist = webDistWith({
        ...Object.fromEntries(
          Object.entries(files).flatMap(([name, text]) => [
            [name, text],
            [`${name}.br`, zlib.brotliCompressSync(text)],
            [`${name}.gz`, zlib.gzipSync(text)],
          ]),
        ),
        'assets/a.js.map': `{"sources":["${ECHO}"]}`,
        'x.js.map': `{"sources":["${ECHO}"]}`,
        'assets/a.js.map.br': zlib.brotliCompressSync(`"${ECHO}"`),
      });
      shell = await buildShell({ WEB_DIST_DIR: webDist }, []);
    });
    afterAll(async () => {
      await shell.close();
      removeWebDist(webDist);
    });

    const get = (url: string, encoding?: string) =>
      shell.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    it('sends the precompressed .br or .gz as the client accepts, else the file itself', async () => {
      for (const [url, name] of [
        ['/assets/a.js', 'assets/a.js'],
        ['/index.html', 'index.html'],
      ] as const) {
        const br = await get(url, 'gzip, deflate, br');
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(files[name]);

        const gzip = await get(url, 'gzip');
        expect(gzip.headers['content-encoding'], url).toBe('gzip');
        expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(files[name]);

        const identity = await get(url);
        expect(identity.headers['content-encoding'], url).toBeUndefined();
        expect(identity.body).toBe(files[name]);
        expect(identity.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      }
      const asset = await get('/assets/a.js', 'br');
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    });

    it('serves the SPA for client routes, compressed too', async () => {
      const page = await get('/payments', 'br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(files['index.html']);
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    });

    it('never serves a source map, even one left in dist', async () => {
      for (const url of [
        '/x.js.map',
        '/assets/a.js.map',
        '/assets/a.js.map?v=1',
        '/assets/A.JS.MAP',
        '/assets/a.js.map.br',
      ]) {
        const response = await get(url, 'br');
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain(ECHO);
      }
    });
  });
});

interface Shell {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real app on its own database with the given settings, logging JSON lines into `lines`. */
async function buildShell(env: Record<string, string>, lines: string[]): Promise<Shell> {
  const database: Database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: os.tmpdir(), ...env });
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const ctx = createContext({
    config,
    database,
    mailer: { send: async () => undefined, close: () => undefined },
    log,
  });
  await ctx.rates.record({ rate: '92.50', source: 'manual' });
  const app = await buildApp(ctx);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
