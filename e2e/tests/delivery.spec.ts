import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  chunkSources,
  gzipSize,
  listFiles,
  readManifest,
  signedInSources,
  staticClosure,
  WEB_DIST,
} from '../support/web-build.ts';

// Issue #8, web delivery: what the build puts in web/dist (the public folder) and what a first visit costs.

/** Initial JS of /welcome, gzip: the entry, the landing's route chunk and everything they import statically. */
const WELCOME_JS_BUDGET_GZIP = 150 * 1024;
const PUBLIC_ROUTES = [
  'src/features/landing/welcome-page.tsx',
  'src/features/landing/about-page.tsx',
  'src/features/landing/services-page.tsx',
  'src/features/landing/contact-page.tsx',
  'src/features/payer/payer-page.tsx',
];
const ENTRY = 'index.html';

test('no source map is public: no .map file in web/dist and no sourceMappingURL in any asset', () => {
  const files = listFiles(WEB_DIST);
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  const referencing = files
    .filter((file) => /\.(js|css)$/.test(file))
    .filter((file) => fs.readFileSync(file, 'utf8').includes('sourceMappingURL'));
  expect(referencing).toEqual([]);
});

test('every text asset over 1 kB has brotli and gzip variants with the same content', () => {
  const assets = listFiles(WEB_DIST).filter(
    (file) => !file.includes(`${path.sep}.vite${path.sep}`) && /\.(js|css|html|svg|json)$/.test(file),
  );
  const large = assets.filter((file) => fs.statSync(file).size > 1024);
  expect(large.length).toBeGreaterThan(5);
  for (const file of large) {
    const original = fs.readFileSync(file);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(original), `${file}.br`).toBe(
      true,
    );
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(original), `${file}.gz`).toBe(true);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(original.length);
  }
});

test('the initial JS of /welcome stays within 150 kB gzip', () => {
  const manifest = readManifest();
  // The landing comes with the entry (router.tsx); were it a route chunk of its own, it would count too.
  const welcome = PUBLIC_ROUTES[0] ?? '';
  const files = staticClosure(manifest, manifest[welcome] ? [ENTRY, welcome] : [ENTRY]);
  const sizes = files.map((file) => ({ file, gzip: gzipSize(file) }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(
    `initial JS for /welcome: ${(total / 1024).toFixed(1)} kB gzip in ${files.length} files\n${sizes
      .map(({ file, gzip }) => `  ${(gzip / 1024).toFixed(1).padStart(6)} kB  ${file}`)
      .join('\n')}`,
  );
  expect(total).toBeLessThanOrEqual(WELCOME_JS_BUDGET_GZIP);
});

test('public pages hold no signed-in code, and index.html preloads none', () => {
  const manifest = readManifest();
  const publicFiles = staticClosure(manifest, [ENTRY, ...PUBLIC_ROUTES.filter((route) => manifest[route])]);
  expect(publicFiles.flatMap((file) => signedInSources(file).map((source) => `${file}: ${source}`))).toEqual(
    [],
  );

  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.flatMap((file) => signedInSources(file))).toEqual([]);
  // Each signed-in screen is a chunk of its own, loaded on navigation.
  expect(manifest['src/features/dashboard/dashboard-page.tsx']?.isEntry).toBeFalsy();
  expect(publicFiles).not.toContain(manifest['src/features/dashboard/dashboard-page.tsx']?.file);
});

test('a visit to /welcome requests no signed-in code, up to the open auth modal', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
  });
  await page.goto('/welcome');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.flatMap((file) => signedInSources(file))).toEqual([]);
  // The auth modal's code arrives with the first GET STARTED, not with the landing.
  const modal = readManifest()['src/features/auth/auth-modal.tsx']?.file;
  expect(modal).toBeTruthy();
  expect(scripts).not.toContain(modal);
  await page.getByRole('button', { name: 'GET STARTED' }).first().click();
  await page.getByTestId('auth-modal').waitFor();
  expect(scripts).toContain(modal);
  expect(scripts.flatMap((file) => signedInSources(file))).toEqual([]);
});

/**
 * zod modules a chunk holds. The entry keeps zod's config setter (zod/v4/core core.js and util.js, through
 * web/src/app/zod-config.ts), which must run before the first parse anywhere; schemas, parsers and locales
 * are what costs, and they load with the forms.
 */
function zodSources(file: string): string[] {
  return chunkSources(file)
    .map((source) => source.replaceAll('\\', '/'))
    .filter((source) => /\/node_modules\/zod\/|\/shared\/src\/zod-messages\.ts$/.test(source))
    .filter((source) => !/\/node_modules\/zod\/v4\/core\/(core|util)\.js$/.test(source));
}

test('the signed-in home page and the public pages load no zod schemas before a form opens', () => {
  const manifest = readManifest();
  const home = staticClosure(manifest, [
    ENTRY,
    'src/app/signed-in-layout.tsx',
    'src/features/dashboard/dashboard-page.tsx',
  ]);
  const publicFiles = staticClosure(manifest, [ENTRY, ...PUBLIC_ROUTES.filter((route) => manifest[route])]);
  const found = [...new Set([...home, ...publicFiles])].flatMap((file) =>
    zodSources(file).map((source) => `${file}: ${source}`),
  );
  expect(found).toEqual([]);
  // The forms still bring zod, and with it the Russian default messages (a source map lists a module even
  // when the build drops its code, so look for the text itself).
  const withdraw = staticClosure(manifest, ['src/features/wallet/wallet-modal.tsx']);
  expect(
    withdraw.some((file) =>
      fs.readFileSync(path.join(WEB_DIST, file), 'utf8').includes('Неверный тип значения'),
    ),
  ).toBe(true);
});
