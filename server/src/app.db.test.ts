import os from 'node:os';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { removeWebDist, webDistWith } from '../test/web-dist.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { users } from './db/schema/index.ts';

describe('the application shell', () => {
  it('serves the SPA for every client route and JSON 404 under the API prefix', async () => {
    const webDist = webDistWith({
      'index.html': '<!doctype html><title>Processing</title><div id="root"></div>',
      'assets/app-123.js': 'console.log(1)',
    });
    const database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: webDist, DATA_DIR: webDist });
    const ctx = createContext({
      config,
      database,
      mailer: { send: async () => undefined, close: () => undefined },
      log: pino({ level: 'silent' }),
    });
    await ctx.rates.record({ rate: '92.50', source: 'manual' });
    const app = await buildApp(ctx);
    try {
      for (const route of ['/', '/welcome', '/payments', '/c2c/abc', '/no/such/page']) {
        const response = await app.inject({ method: 'GET', url: route });
        expect(response.statusCode, route).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      const api = await app.inject({ method: 'GET', url: '/backend/no/such/call/' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Не найдено' });
      const health = await app.inject({ method: 'GET', url: '/backend/health' });
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['x-request-id']).toBeTruthy();
    } finally {
      await app.close();
      await database.close();
      removeWebDist(webDist);
    }
  });

  it('hands a live session its check answer inline, the home page its first paint and deferred code on / only, and nothing to anyone else', async () => {
    const webDist = webDistWith({
      'index.html':
        '<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><div id="root"></div>',
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-1.js' },
        'src/app/signed-in-prefetch.ts': { file: 'assets/prefetch-4.js' },
        'src/app/signed-in-layout.tsx': { file: 'assets/layout-2.js', imports: ['index.html'] },
        'src/features/dashboard/dashboard-page.tsx': {
          file: 'assets/dashboard-3.js',
          assets: ['xs', 'sm', 'md', 'lg'].map((width) => `assets/telegram-${width}-5.svg`),
        },
        'src/home-boot.ts': { file: 'assets/home-boot-6.js' },
      }),
      // The web build's server entry (web/src/home-shell-server.tsx) as a stand-in that shows what it was given.
      '.ssr/home-shell.mjs':
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module, whose template literal it is.
        'export const renderHomeShell = (user) => `<div id="boot-shell">${user.is_lead ? "lead" : "not lead"}: ${user.email}</div>`;',
      'assets/index-1.js': 'console.log(1)',
    });
    const t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWeb: true });
    const preload = '<link rel="modulepreload" crossorigin href="/assets/dashboard-3.js">';
    const boot = (body: string) => {
      const found = /<script type="application\/json" id="session-boot">([^<]*)<\/script>/.exec(body);
      return found ? JSON.parse(found[1] ?? '') : null;
    };
    try {
      const user = await signedInUser(t);
      await t.database.db
        .update(users)
        .set({ username: 'alice</script><b>' })
        .where(eq(users.id, user.user.id));
      const check = await t.app.inject({
        method: 'GET',
        url: '/backend/account/check_user_auth/',
        headers: { cookie: user.cookie },
      });
      const home = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: `a=1; ${user.cookie}` },
      });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toMatch(/text\/html/);
      expect(home.headers['cache-control']).toBe('no-store');
      expect(home.headers['content-security-policy']).toBeTruthy();
      // The first paint in the page, the app's code in the template the home page's entry inserts after it.
      expect(home.body).toContain(`<div id="boot-shell">not lead: ${user.email}</div>`);
      expect(home.body).toContain('<link rel="preload" as="image" type="image/svg+xml"');
      expect(home.body).toContain('<script type="module" crossorigin src="/assets/home-boot-6.js"></script>');
      const deferred = /<template id="home-deferred">([\s\S]*?)<\/template>/.exec(home.body)?.[1] ?? '';
      expect(deferred).toContain(preload);
      expect(deferred).toContain('/assets/layout-2.js');
      expect(deferred).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      // Exactly what check_user_auth answers, and a username cannot close the element.
      expect(boot(home.body)).toEqual(check.json());
      expect(home.body).not.toContain('alice</script>');
      // A merchant's home is not the trader's dashboard (issue 25): no first paint of it, the session inline.
      const merchant = await signedInUser(t, { role: 'merchant' });
      const merchantHome = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: merchant.cookie },
      });
      expect(merchantHome.body).not.toContain('boot-shell');
      expect(merchantHome.body).not.toContain('modulepreload');
      expect(boot(merchantHome.body).user.role).toBe('merchant');
      const deal = await t.app.inject({
        method: 'GET',
        url: '/deal?page=2',
        headers: { cookie: user.cookie },
      });
      expect(boot(deal.body)).toEqual(check.json());
      expect(deal.body).not.toContain('modulepreload');
      expect(deal.body).not.toContain('boot-shell');
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(boot(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(check.json());
      // Files stay files, whatever the cookie.
      const asset = await t.app.inject({
        method: 'GET',
        url: '/assets/index-1.js',
        headers: { cookie: user.cookie },
      });
      expect(asset.body).toBe('console.log(1)');
      // The web build's server entry sits in web/dist but is never sent.
      const entry = await t.app.inject({ method: 'GET', url: '/.ssr/home-shell.mjs' });
      expect(entry.body).not.toContain('renderHomeShell');
      // Anonymous, forged and ended sessions get the plain file: no user, no signed-in code.
      await t.app.inject({
        method: 'POST',
        url: '/backend/account/logout/',
        headers: { cookie: user.cookie },
      });
      for (const [url, cookie] of [
        ['/', ''],
        ['/', 'sid=forged'],
        ['/', user.cookie],
        ['/?x=1', 'nosid=token'],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, `${url} ${cookie}`).not.toContain('modulepreload');
        expect(response.body, `${url} ${cookie}`).not.toContain('boot-shell');
        expect(boot(response.body), `${url} ${cookie}`).toBeNull();
      }
    } finally {
      await t.close();
      removeWebDist(webDist);
    }
  });

  it('answers a failure with a generic 500 that reveals nothing', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
    const ctx = createContext({
      config,
      database,
      mailer: { send: async () => undefined, close: () => undefined },
      log: pino({ level: 'silent' }),
    });
    const app = await buildApp(ctx, { serveWeb: false });
    app.get('/backend/explode', async () => {
      throw new Error('password=hunter2 at /srv/secret.ts:42');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/backend/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(/hunter2|secret\.ts|stack/);
      expect(response.json()).toEqual({
        detail: 'Внутренняя ошибка сервера',
        request_id: response.headers['x-request-id'],
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('session expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '1' });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  const check = (cookie: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}/account/check_user_auth/`, headers: { cookie } });

  it('ends a session left idle longer than SESSION_IDLE_HOURS', async () => {
    const { cookie } = await signedInUser(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 + 60_000 });
    expect((await check(cookie)).statusCode).toBe(401);
    vi.useRealTimers();
  });

  it('keeps an active session alive but ends it at SESSION_MAX_DAYS', async () => {
    const { cookie } = await signedInUser(t);
    const start = Date.now();
    for (let hours = 1.5; hours < 24; hours += 1.5) {
      vi.useFakeTimers({ toFake: ['Date'], now: start + hours * 3_600_000 });
      expect((await check(cookie)).statusCode, `after ${hours} h`).toBe(200);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: start + 24 * 3_600_000 + 60_000 });
    expect((await check(cookie)).statusCode).toBe(401);
    vi.useRealTimers();
  });
});
