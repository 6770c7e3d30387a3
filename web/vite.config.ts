import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'dist');
/** Hidden source maps go here, outside the public folder, for reading error reports only. */
const sourcemapDir = path.join(here, 'dist-sourcemaps');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_COMPRESS_BYTES = 1024;

/** Every file under dir (dot-folders such as .vite, the build manifest, are not served and are skipped). */
function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

const SONNER_INSERT_CSS = /function __insertCSS\(code\) \{[\s\S]*?\n\}/;

/**
 * Content-Security-Policy without 'unsafe-inline' styles: sonner adds its CSS as an inline <style> element
 * when it loads, which style-src 'self' refuses. The build makes it adopt a constructed style sheet instead
 * (same CSS, same cascade position, not governed by the policy). Fails the build if sonner changes shape.
 */
function cspSafeSonner(): Plugin {
  return {
    name: 'app:csp-safe-sonner',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!SONNER_INSERT_CSS.test(code))
        this.error('sonner no longer defines __insertCSS(code): revisit the CSP fix');
      const adopt = `function __insertCSS(code) {
  if (!code || typeof document == 'undefined') return
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(code)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
}`;
      return { code: code.replace(SONNER_INSERT_CSS, adopt), map: null };
    },
  };
}

/**
 * After the build: moves the hidden source maps out of dist, then writes .br (brotli, max quality) and .gz
 * (level 9) next to every text asset over 1 kB, so the server sends compressed files without compressing
 * per request.
 */
function deliveryFiles(): Plugin {
  return {
    name: 'app:delivery-files',
    apply: 'build',
    async closeBundle() {
      fs.rmSync(sourcemapDir, { recursive: true, force: true });
      for (const file of listFiles(outDir)) {
        if (!file.endsWith('.map')) continue;
        const target = path.join(sourcemapDir, path.relative(outDir, file));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(file, target);
      }
      await Promise.all(
        listFiles(outDir)
          .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size > MIN_COMPRESS_BYTES)
          .map(async (file) => {
            const content = fs.readFileSync(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            fs.writeFileSync(`${file}.br`, br);
            fs.writeFileSync(`${file}.gz`, gz);
          }),
      );
    },
  };
}

const apiPort = process.env.API_PORT ?? '3000';
const apiTarget = `http://127.0.0.1:${apiPort}`;
// The server refuses state-changing requests whose Origin is not its PUBLIC_URL. Pages served by this dev
// server have their own origin, so the proxy presents them as the server's public origin; requests from
// any other origin pass through untouched and are still refused.
const apiPublicOrigin = new URL(process.env.PUBLIC_URL ?? `http://localhost:${apiPort}`).origin;
const apiPrefix = process.env.VITE_API_PREFIX ?? '/backend';

const REACT_ROUTER_DEV_FLAG = /\bvar ENABLE_DEV_WARNINGS = true;/;

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532, #14753), and
 * it has no `production` condition to ask for the other. The two builds differ in one line, this flag, which
 * runs warnings on every route render and keeps their texts in the bundle; the build sets it as the
 * production build does. Fails the build if react-router changes shape.
 */
function reactRouterProductionBuild(): Plugin {
  let replaced = false;
  return {
    name: 'app:react-router-production',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(id)) return null;
      if (!REACT_ROUTER_DEV_FLAG.test(code)) return null;
      replaced = true;
      return { code: code.replace(REACT_ROUTER_DEV_FLAG, 'var ENABLE_DEV_WARNINGS = false;'), map: null };
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error('react-router no longer defines ENABLE_DEV_WARNINGS: revisit its production build');
    },
  };
}

/**
 * The server's entry into the app (`vite build --ssr`, the second half of `npm run build`): one self-contained
 * module in dist/.ssr (a dot-folder, never served) that renders the signed-in home page's first paint from the
 * app's components; server/src/web/home-page.ts loads it. React and the rest are bundled in, because the
 * server's production install has none of the web app's packages.
 */
const SSR_ENTRY = path.join(here, 'src/home-shell-server.tsx');
const SSR_OUT_DIR = path.join(outDir, '.ssr');

const ssrBuild = {
  outDir: SSR_OUT_DIR,
  emptyOutDir: true,
  copyPublicDir: false,
  ssr: SSR_ENTRY,
  sourcemap: false,
  rolldownOptions: {
    input: SSR_ENTRY,
    output: { format: 'esm' as const, entryFileNames: 'home-shell.mjs', codeSplitting: false },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    cspSafeSonner(),
    reactRouterProductionBuild(),
    ...(isSsrBuild ? [] : [deliveryFiles()]),
  ],
  // The server bundle: every package inside it, and React's production build (no process.env check at run time).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  resolve: {
    alias: [
      // Radix's scroll lock injects <style> elements through this package; ours adopts style sheets (CSP).
      { find: 'react-style-singleton', replacement: path.join(here, 'src/app/csp-style-singleton.ts') },
    ],
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir,
        emptyOutDir: true,
        // Maps without a sourceMappingURL comment; deliveryFiles() moves them out of the public folder.
        sourcemap: 'hidden',
        // .vite/manifest.json: the e2e budget test reads which chunks a route loads.
        manifest: true,
        rolldownOptions: {
          // The second entry is the signed-in home page's (src/home-boot.ts): it loads main.tsx after the first paint.
          input: { index: path.join(here, 'index.html'), 'home-boot': path.join(here, 'src/home-boot.ts') },
          output: {
            // One small chunk for the icons every page uses, instead of one request per icon.
            codeSplitting: {
              groups: [
                {
                  name: 'icons',
                  test: /node_modules[\\/]lucide-react/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
          treeshake: {
            // The shared package and the design-system modules only declare things (zod schemas, constants,
            // components); their top-level calls have no effect outside the module. Saying so lets a page that
            // needs one constant from the '@app/shared' or 'ui/index.ts' barrel leave zod and Radix behind.
            // Except zod-messages.ts: its z.config call installs the Russian messages wherever schemas load.
            moduleSideEffects: (id: string) =>
              /\/shared\/src\/zod-messages\.ts$/.test(id) ||
              !(/\/shared\/src\/.*\.ts$/.test(id) || /\/web\/src\/ui\/.*\.tsx?$/.test(id)),
          },
        },
      },
  server: {
    proxy: {
      [apiPrefix]: {
        target: apiTarget,
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyRequest, request) => {
            const origin = request.headers.origin;
            if (origin && request.headers.host && new URL(origin).host === request.headers.host) {
              proxyRequest.setHeader('origin', apiPublicOrigin);
            }
          });
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: './src/test/setup.ts',
    css: false,
    restoreMocks: true,
    // Same reason as asyncUtilTimeout in src/test/setup.ts: a slow machine is not a failing test.
    testTimeout: 20_000,
  },
}));
