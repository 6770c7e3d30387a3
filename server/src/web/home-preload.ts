import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Vite's build manifest: each source module's chunk file and the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The route modules the signed-in home page renders first (web/src/app/router.tsx loads them lazily). */
export const HOME_ROUTE_MODULES = [
  'src/app/signed-in-layout.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];

/**
 * index.html for a signed-in visit to `/`, with `<link rel="modulepreload">` for the home page's route chunks,
 * so the browser fetches them beside the entry instead of after it has run (one network round trip less before
 * the dashboard paints). Only a request with a session cookie gets it: public pages never load signed-in code.
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
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`);
  if (links.length === 0 || !html.includes('</head>')) return null;
  return html.replace('</head>', `${links.join('\n')}\n  </head>`);
}

/** The signed-in home page's HTML with its compressed forms, built once from web/dist. */
export interface HomePreloadPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function loadHomePreloadPage(webDist: string): HomePreloadPage | null {
  try {
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
    const page = homePreloadHtml(html, manifest);
    if (!page) return null;
    const buffer = Buffer.from(page);
    return { html: buffer, br: zlib.brotliCompressSync(buffer), gzip: zlib.gzipSync(buffer, { level: 9 }) };
  } catch {
    return null;
  }
}
