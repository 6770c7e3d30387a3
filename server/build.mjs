// `npm run build -w server` (after the typecheck): bundles every separately started entry of the server into
// flat ESM files in dist/ with source maps beside them, so production runs plain `node dist/main.js` with no
// TypeScript loader. The workspace package @app/shared is bundled in (it ships TypeScript sources); npm
// dependencies stay external and are loaded from node_modules, native ones (sharp, @node-rs/argon2) and PGlite
// (which finds its WebAssembly, data and extension files beside its own modules) included.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@app/'));

// Flat on purpose: every bundle sits one level below server/, like src/server-root.ts in the sources, so
// paths found at run time (migrations/, ../web/dist, the worker beside its starter) are the same from both.
const entryPoints = {
  main: 'src/main.ts',
  'pglite-worker': 'src/db/pglite-worker.ts',
  admin: 'src/cli/admin.ts',
  migrate: 'src/cli/migrate.ts',
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  external,
  metafile: true,
  logLevel: 'warning',
});

// A package bundled from node_modules is one the runtime image would not install on its own terms (a
// devDependency, or a dependency of a dependency imported directly): name it in dependencies instead.
const bundledPackages = Object.keys(result.metafile.inputs).filter((input) =>
  input.includes('node_modules/'),
);
if (bundledPackages.length > 0) {
  console.error(
    `Bundled from node_modules (add them to server dependencies):\n  ${bundledPackages.join('\n  ')}`,
  );
  process.exit(1);
}
const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${path.basename(file)} ${(output.bytes / 1024).toFixed(0)} kB`);
console.log(`server/dist: ${sizes.join(', ')}`);
