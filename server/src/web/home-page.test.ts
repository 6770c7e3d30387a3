import { describe, expect, it } from 'vitest';
import { homePageHtml } from './home-page.ts';

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

  it("paints the page's frame and first banner before #root, hidden from assistive technology", () => {
    const html = homePageHtml(HTML, MANIFEST) ?? '';
    const shell = html.indexOf('<div id="boot-shell"');
    expect(shell).toBeGreaterThan(html.indexOf('<body>'));
    expect(shell).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<div id="boot-shell"[^>]*aria-hidden="true"/);
    const sources = [...html.matchAll(/<source media="([^"]+)" srcset="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(sources).toEqual([
      ['(max-width: 499px)', '/assets/telegram-xs-A1.svg'],
      ['(max-width: 720px)', '/assets/telegram-sm-B2.svg'],
      ['(max-width: 1499px)', '/assets/telegram-md-C-3.svg'],
    ]);
    expect(html).toMatch(/<img src="\/assets\/telegram-lg-D_4.svg" width="1080" height="300"/);
    expect(html).not.toMatch(/<(a|button|input)\b/);
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
