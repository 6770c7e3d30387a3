import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { E2E } from './env.ts';

/** The public web build the server serves, and where the build puts its hidden source maps. */
export const WEB_DIST = path.join(E2E.root, 'web', 'dist');
export const WEB_SOURCEMAPS = path.join(E2E.root, 'web', 'dist-sourcemaps');

/** One entry of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Every file under dir, relative paths included. */
export function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/**
 * The JS files a page loads before it can render: the chunk of `key` and, recursively, every chunk it
 * imports statically (dynamic imports load later, on demand).
 */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** Size of a dist file after gzip (level 9, what the build's .gz holds). */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
}

/** Modules of the signed-in app: nothing of these may reach a visitor of the public pages. */
const SIGNED_IN_SOURCES =
  /\/src\/(features\/(dashboard|payments|wallet|terminals|disputes|deals|settings|help|referrals|shell)\/|app\/(signed-in-layout|auth-guard|lead-guard|lead-only-referrals))/;

/** The source modules a built chunk holds, read from its hidden source map. */
export function chunkSources(file: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(WEB_SOURCEMAPS, `${file}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources;
}

/** The signed-in modules a built chunk holds (empty for public code). */
export function signedInSources(file: string): string[] {
  return chunkSources(file).filter((source) => SIGNED_IN_SOURCES.test(source.replaceAll('\\', '/')));
}
