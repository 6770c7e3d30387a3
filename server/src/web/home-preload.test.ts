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
  'src/features/dashboard/dashboard-page.tsx': { file: 'assets/dash-e.js', imports: ['_client-c.js'] },
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

  it('gives up when the manifest does not know the home route', () => {
    const { 'src/features/dashboard/dashboard-page.tsx': _, ...partial } = MANIFEST;
    expect(homePreloadHtml(HTML, partial)).toBeNull();
  });
});
