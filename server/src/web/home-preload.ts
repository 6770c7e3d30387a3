import fs from 'node:fs';
import path from 'node:path';
import { BANNER_VARIANTS, FIRST_BANNER_ID } from '@app/shared/dashboard-banners';

/** Vite's build manifest: each source module's chunk file, the chunks it imports statically and its files. */
type Manifest = Record<string, { file: string; imports?: string[]; assets?: string[] }>;

const DASHBOARD_MODULE = 'src/features/dashboard/dashboard-page.tsx';

/** The route modules the signed-in home page renders first (web/src/app/router.tsx loads them lazily). */
export const HOME_ROUTE_MODULES = ['src/app/signed-in-layout.tsx', DASHBOARD_MODULE];

/**
 * `<link rel="preload" as="image">` for the first banner, one per width with the media the page's `<picture>`
 * uses (shared BANNER_VARIANTS, made exclusive), so the browser fetches only the file it will show. The banner
 * is the page's largest content: without this its download starts only once the code has rendered it.
 */
function bannerPreloads(manifest: Manifest): string[] {
  const assets = manifest[DASHBOARD_MODULE]?.assets ?? [];
  return BANNER_VARIANTS.flatMap((variant) => {
    const file = assets.find((asset) =>
      new RegExp(`(^|/)${FIRST_BANNER_ID}-${variant.key}-[\\w-]+\\.svg$`).test(asset),
    );
    return file
      ? [
          `    <link rel="preload" as="image" type="image/svg+xml" fetchpriority="high" media="${variant.preloadMedia}" href="/${file}">`,
        ]
      : [];
  });
}

/**
 * index.html for a signed-in visit to `/`, with the first banner preloaded and `<link rel="modulepreload">` for the home page's route chunks,
 * so the browser fetches them beside the entry instead of after it has run (one network round trip less before
 * the dashboard paints). Only a page load with a live session gets it (signed-in-page.ts): public pages never load signed-in code.
 * Returns null when the manifest does not know the modules (an older or partial build).
 */
export function homePreloadHtml(html: string, manifest: Manifest): string | null {
  const files = new Set<string>();
  const visit = (key: string): boolean => {
    const chunk = manifest[key];
    if (!chunk) return false;
    if (files.has(chunk.file)) return true;
    files.add(chunk.file);
    return (chunk.imports ?? []).every(visit);
  };
  if (!HOME_ROUTE_MODULES.every(visit)) return null;
  const links = [
    ...bannerPreloads(manifest),
    ...[...files]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return null;
  return html.replace('</head>', `${links.join('\n')}\n  </head>`);
}

/** index.html as built, and the home page's variant with its route chunks preloaded (null when the build lacks them). */
export interface SpaHtml {
  index: string;
  home: string | null;
}

export function loadSpaHtml(webDist: string): SpaHtml {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
    return { index, home: homePreloadHtml(index, manifest) };
  } catch {
    return { index, home: null };
  }
}
