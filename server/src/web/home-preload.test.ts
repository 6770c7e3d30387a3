import { describe, expect, it } from 'vitest';
import { homePreloadHtml } from './home-preload.ts';

const HTML = `<html><head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-b.js">
  </head><body></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_jsx-b.js'] },
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

describe('homePreloadHtml', () => {
  it('preloads the home route chunks and their imports once, leaving out what the page already loads', () => {
    const html = homePreloadHtml(HTML, MANIFEST);
    const preloads = [...(html ?? '').matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual([
      '/assets/jsx-b.js',
      '/assets/layout-d.js',
      '/assets/client-c.js',
      '/assets/dash-e.js',
    ]);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
  });

  it("preloads the first banner's file for each width with media that pick exactly one", () => {
    const html = homePreloadHtml(HTML, MANIFEST) ?? '';
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

  it('gives up when the manifest does not know the home route', () => {
    const { 'src/features/dashboard/dashboard-page.tsx': _, ...partial } = MANIFEST;
    expect(homePreloadHtml(HTML, partial)).toBeNull();
  });
});
