import fs from 'node:fs';
import path from 'node:path';
import { HOME_DEFERRED_ELEMENT_ID } from '@app/shared/constants';
import { BANNER_VARIANTS, FIRST_BANNER_ID } from '@app/shared/dashboard-banners';
import { type BannerFiles, homeShellHtml } from '@app/shared/home-shell';

/** Vite's build manifest: each source module's chunk file, the chunks it imports statically and its files. */
type Manifest = Record<string, { file: string; imports?: string[]; assets?: string[] }>;

const DASHBOARD_MODULE = 'src/features/dashboard/dashboard-page.tsx';

/** The route modules the signed-in home page renders first (web/src/app/router.tsx loads them lazily). */
export const HOME_ROUTE_MODULES = ['src/app/signed-in-layout.tsx', DASHBOARD_MODULE];
/** The home page's own small entry (a second input of the web build). */
const HOME_BOOT_MODULE = 'src/home-boot.ts';
const ROOT_ELEMENT = '<div id="root">';

/** The first banner's file for each width, from the dashboard chunk's assets (null when one is missing). */
function firstBannerFiles(manifest: Manifest): BannerFiles | null {
  const assets = manifest[DASHBOARD_MODULE]?.assets ?? [];
  const files: Partial<BannerFiles> = {};
  for (const variant of BANNER_VARIANTS) {
    const file = assets.find((asset) =>
      new RegExp(`(^|/)${FIRST_BANNER_ID}-${variant.key}-[\\w-]+\\.svg$`).test(asset),
    );
    if (!file) return null;
    files[variant.key] = `/${file}`;
  }
  return files as BannerFiles;
}

/**
 * `<link rel="preload" as="image">` for the first banner, one per width with the media the page's `<picture>`
 * uses (shared BANNER_VARIANTS, made exclusive), so the browser fetches only the file it will show, from the
 * head, before it reaches the shell's `<picture>`.
 */
function bannerPreloads(banner: BannerFiles): string[] {
  return BANNER_VARIANTS.map(
    (variant) =>
      `    <link rel="preload" as="image" type="image/svg+xml" fetchpriority="high" media="${variant.preloadMedia}" href="${banner[variant.key]}">`,
  );
}

const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/**
 * index.html for a signed-in visit to `/`, built so the page paints before any script has loaded (issue 8: the
 * signed-in home page's Lighthouse score). The server writes the page's frame and first banner into the body
 * (shared/src/home-shell.ts) and preloads the banner; the app's entry script and module preloads move into an
 * inert `<template>`, joined by `<link rel="modulepreload">` for the home page's route chunks (so they load
 * beside the entry instead of after it has run), and the home page's small entry (web/src/home-boot.ts) puts
 * them into the head after the first paint. On a phone the style sheet and the banner then have the
 * connection to themselves, and the code follows. Only a page load with a live session gets it
 * (signed-in-page.ts): public pages never load signed-in code. Returns null when the build lacks a part (an
 * older or partial build): the plain index.html is served then.
 */
export function homePageHtml(html: string, manifest: Manifest): string | null {
  const files = new Set<string>();
  const visit = (key: string): boolean => {
    const chunk = manifest[key];
    if (!chunk) return false;
    if (files.has(chunk.file)) return true;
    files.add(chunk.file);
    return (chunk.imports ?? []).every(visit);
  };
  if (!HOME_ROUTE_MODULES.every(visit)) return null;
  const banner = firstBannerFiles(manifest);
  const boot = manifest[HOME_BOOT_MODULE]?.file;
  const entry = html.match(ENTRY_SCRIPT);
  if (!banner || !boot || entry?.length !== 1) return null;
  if (!html.includes('</head>') || !html.includes(ROOT_ELEMENT)) return null;
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  const deferred = [
    ...entry,
    ...preloads,
    ...[...files]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n`),
  ]
    .map((tag) => `      ${tag.trim()}`)
    .join('\n');
  const head = [
    ...bannerPreloads(banner),
    `    <script type="module" crossorigin src="/${boot}"></script>`,
    `    <template id="${HOME_DEFERRED_ELEMENT_ID}">\n${deferred}\n    </template>`,
  ];
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/\n?[ \t]*<\/head>/, `\n${head.join('\n')}\n  </head>`)
    .replace(ROOT_ELEMENT, `${homeShellHtml(banner)}\n    ${ROOT_ELEMENT}`);
}

/** index.html as built, and the signed-in home page's variant (null when the build lacks a part of it). */
export interface SpaHtml {
  index: string;
  home: string | null;
}

export function loadSpaHtml(webDist: string): SpaHtml {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
    return { index, home: homePageHtml(index, manifest) };
  } catch {
    return { index, home: null };
  }
}
