import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOME_DEFERRED_ELEMENT_ID } from '@app/shared/constants';
import { BANNER_VARIANTS, FIRST_BANNER_ID } from '@app/shared/dashboard-banners';

/** Vite's build manifest: each source module's chunk file, the chunks it imports statically and its files. */
type Manifest = Record<string, { file: string; imports?: string[]; assets?: string[] }>;

const DASHBOARD_MODULE = 'src/features/dashboard/dashboard-page.tsx';

/** The route modules the signed-in home page renders first (web/src/app/router.tsx loads them lazily). */
export const HOME_ROUTE_MODULES = ['src/app/signed-in-layout.tsx', DASHBOARD_MODULE];
/** The home page's own small entry (a second input of the web build). */
const HOME_BOOT_MODULE = 'src/home-boot.ts';
const ROOT_ELEMENT = '<div id="root">';
/**
 * The web build's server entry (web/src/home-shell-server.tsx, built into a dot-folder that is never served):
 * `renderHomeShell(user)` renders the home page's first paint from the app's own components.
 */
const HOME_SHELL_MODULE = path.join('.ssr', 'home-shell.mjs');

/** The first banner's file for each of BANNER_VARIANTS' keys (hashed asset URLs from the web build). */
type BannerFiles = Record<(typeof BANNER_VARIANTS)[number]['key'], string>;

/** The first paint of the home page for the check_user_auth answer's user; null when it has none for them. */
export type RenderHomeShell = (user: unknown) => string | null;

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
 * (withHomeShell, per request: it names the user) and preloads the banner; the app's entry script and module preloads move into an
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
    .replace(/\n?[ \t]*<\/head>/, `\n${head.join('\n')}\n  </head>`);
}

/** The home page's HTML (homePageHtml) with its first paint before #root. */
export function withHomeShell(home: string, shell: string): string {
  return home.replace(ROOT_ELEMENT, () => `${shell}\n    ${ROOT_ELEMENT}`);
}

/**
 * index.html as built, and the signed-in home page for a user: null when the build lacks a part of it, and
 * the plain index.html for a user the web app paints no first screen for (or should its render fail: the
 * page then simply waits for its code, as every other page does).
 */
export interface SpaHtml {
  index: string;
  home: ((user: unknown) => Promise<string>) | null;
}

/** The signed-in home page from its parts: homePageHtml's result and the web build's first-paint renderer. */
export function homePage(index: string, home: string, render: RenderHomeShell): (user: unknown) => string {
  return (user) => {
    try {
      const shell = render(user);
      return shell ? withHomeShell(home, shell) : index;
    } catch {
      return index;
    }
  };
}

/**
 * homePage with its renderer imported on the first call, not at start: the renderer is the app's components
 * and React's server renderer, about a fifth of the server's start-up CPU, and most instances serve no
 * signed-in home page in their first seconds. An import that fails leaves every call with the plain page.
 */
export function lazyHomePage(
  index: string,
  home: string,
  loadRenderer: () => Promise<unknown>,
): (user: unknown) => Promise<string> {
  let page: Promise<((user: unknown) => string) | null> | undefined;
  return async (user) => {
    page ??= loadRenderer().then(
      (render) => (typeof render === 'function' ? homePage(index, home, render as RenderHomeShell) : null),
      () => null,
    );
    return (await page)?.(user) ?? index;
  };
}

export function loadSpaHtml(webDist: string): SpaHtml {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  try {
    const renderer = path.join(webDist, HOME_SHELL_MODULE);
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
    const home = homePageHtml(index, manifest);
    if (!home || !fs.existsSync(renderer)) return { index, home: null };
    const load = async () => (await import(pathToFileURL(renderer).href)).renderHomeShell;
    return { index, home: lazyHomePage(index, home, load) };
  } catch {
    return { index, home: null };
  }
}
