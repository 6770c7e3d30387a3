import { describe, expect, it } from 'vitest';
import { addFiles, removeWebDist, webDistWith } from '../../test/web-dist.ts';
import { homePage, homePageHtml, lazyHomePage, loadSpaHtml } from './home-page.ts';

const HTML = `<html><head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head><body>
    <div id="root"><p>Загрузка…</p></div>
  </body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_jsx-b.js'] },
  'src/home-boot.ts': { file: 'assets/home-boot-g.js' },
  '_jsx-b.js': { file: 'assets/jsx-b.js' },
  '_client-c.js': { file: 'assets/client-c.js', imports: ['_jsx-b.js'] },
  'src/app/signed-in-prefetch.ts': { file: 'assets/prefetch-f.js', imports: ['_client-c.js'] },
  'src/app/signed-in-layout.tsx': { file: 'assets/layout-d.js', imports: ['_client-c.js', 'index.html'] },
  'src/features/dashboard/dashboard-page.tsx': {
    file: 'assets/dash-e.js',
    imports: ['_client-c.js'],
    assets: [
      'assets/deposit-xs-Aa1.svg',
      'assets/telegram-lg-D_4.svg',
      'assets/telegram-md-C-3.svg',
      'assets/telegram-sm-B2.svg',
      'assets/telegram-xs-A1.svg',
    ],
  },
};

/** The tags inside the home page's deferred template, and the head outside it. */
function split(html: string) {
  const template = html.match(/<template id="home-deferred">([\s\S]*?)<\/template>/)?.[1] ?? '';
  const head = (html.match(/<head>([\s\S]*?)<\/head>/)?.[1] ?? '').replace(template, '');
  return { template, head };
}

describe('homePageHtml', () => {
  it("moves the app's script and module preloads into the deferred template, with the home route chunks once", () => {
    const html = homePageHtml(HTML, MANIFEST) ?? '';
    const { template, head } = split(html);
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    const preloads = [...template.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual([
      '/assets/jsx-b.js',
      '/assets/layout-d.js',
      '/assets/client-c.js',
      '/assets/dash-e.js',
    ]);
    // Outside the template only the home page's small entry loads code, after the first paint.
    expect([...head.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/home-boot-g.js',
    ]);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
  });

  it("writes the user's first paint before #root, and the plain page when there is none or it fails", () => {
    const home = homePageHtml(HTML, MANIFEST) ?? '';
    const render = (user: unknown) => {
      const { username } = user as { username: string };
      if (username === 'broken') throw new Error('render failed');
      return username === 'none'
        ? null
        : `<div id="boot-shell" aria-hidden="true" inert="">${username}$&</div>`;
    };
    const page = homePage(HTML, home, render);
    const html = page({ username: 'alice' });
    const shell = html.indexOf('<div id="boot-shell"');
    expect(shell).toBeGreaterThan(html.indexOf('<body>'));
    expect(shell).toBeLessThan(html.indexOf('<div id="root">'));
    // The shell's text goes in as it is: no replacement pattern of String.replace applies to it.
    expect(html).toContain('<div id="boot-shell" aria-hidden="true" inert="">alice$&</div>');
    expect(html).toContain('<template id="home-deferred">');
    expect(page({ username: 'none' })).toBe(HTML);
    expect(page({ username: 'broken' })).toBe(HTML);
  });

  it('serves the plain page when the build has no server entry (dev, tests, an older build)', async () => {
    const dist = webDistWith({ 'index.html': HTML, '.vite/manifest.json': JSON.stringify(MANIFEST) });
    try {
      expect(loadSpaHtml(dist)).toEqual({ index: HTML, home: null });
      addFiles(dist, {
        '.ssr/home-shell.mjs':
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module, whose template literal it is.
          'export function renderHomeShell(user) { return `<div id="boot-shell">${user.username}</div>`; }',
      });
      const spa = loadSpaHtml(dist);
      expect(await spa.home?.({ username: 'bob' })).toContain(
        '<div id="boot-shell">bob</div>\n    <div id="root">',
      );
    } finally {
      removeWebDist(dist);
    }
  });

  it('imports the renderer on the first signed-in home page, once, and serves the plain page if that fails', async () => {
    const home = homePageHtml(HTML, MANIFEST) ?? '';
    let imports = 0;
    const page = lazyHomePage(HTML, home, async () => {
      imports += 1;
      return (user: unknown) => `<div id="boot-shell">${(user as { username: string }).username}</div>`;
    });
    expect(imports).toBe(0);
    const [first, second] = await Promise.all([page({ username: 'ann' }), page({ username: 'ben' })]);
    expect(first).toContain('<div id="boot-shell">ann</div>');
    expect(second).toContain('<div id="boot-shell">ben</div>');
    expect(imports).toBe(1);
    const broken = lazyHomePage(HTML, home, async () => {
      throw new Error('no module');
    });
    expect(await broken({ username: 'ann' })).toBe(HTML);
  });

  it("preloads the first banner's file for each width with media that pick exactly one", () => {
    const html = homePageHtml(HTML, MANIFEST) ?? '';
    const images = [...html.matchAll(/rel="preload" as="image"[^>]* media="([^"]+)" href="([^"]+)"/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(images).toEqual([
      ['(max-width: 499px)', '/assets/telegram-xs-A1.svg'],
      ['(min-width: 500px) and (max-width: 720px)', '/assets/telegram-sm-B2.svg'],
      ['(min-width: 721px) and (max-width: 1499px)', '/assets/telegram-md-C-3.svg'],
      ['(min-width: 1500px)', '/assets/telegram-lg-D_4.svg'],
    ]);
    expect(html).toContain('fetchpriority="high"');
  });

  it('gives up when the build lacks the home route, the home entry or a banner file', () => {
    const { 'src/features/dashboard/dashboard-page.tsx': _, ...noDashboard } = MANIFEST;
    expect(homePageHtml(HTML, noDashboard)).toBeNull();
    const { 'src/home-boot.ts': __, ...noBoot } = MANIFEST;
    expect(homePageHtml(HTML, noBoot)).toBeNull();
    const dashboard = MANIFEST['src/features/dashboard/dashboard-page.tsx'];
    const noLargeBanner = {
      ...MANIFEST,
      'src/features/dashboard/dashboard-page.tsx': {
        ...dashboard,
        assets: dashboard.assets.filter((asset) => !asset.includes('telegram-lg')),
      },
    };
    expect(homePageHtml(HTML, noLargeBanner)).toBeNull();
  });
});
