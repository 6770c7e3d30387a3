// `npm start`: builds the web app when its sources are newer than web/dist and bundles the server when its
// sources are newer than server/dist (esbuild, well under a second), then runs the compiled server, as
// production does. One process serves the SPA and the API; signals are forwarded so SIGTERM drains it cleanly.
// With PUBLIC_URL set it runs in production mode (unless NODE_ENV says otherwise); without one it is a local
// run on http://localhost:3000 in development mode, since production needs its public address (the server
// refuses to start without it) and a local run's demo merchant receives webhooks on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Runs `command` when `output` is missing or older than any of `sources` (paths relative to the root). */
function buildWhenStale(label, output, sources, command) {
  const target = path.join(root, output);
  const builtAt = fs.existsSync(target) ? fs.statSync(target).mtimeMs : 0;
  if (builtAt !== 0 && Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) <= builtAt) return;
  console.log(`Building the ${label}…`);
  const build = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The web build's last output: its server entry (`vite build --ssr` runs after the client build).
buildWhenStale(
  'web app',
  'web/dist/.ssr/home-shell.mjs',
  ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'shared/src'],
  ['npm', 'run', 'build', '-w', 'web'],
);
buildWhenStale(
  'server',
  'server/dist/main.js',
  ['server/src', 'server/build.mjs', 'server/package.json', 'shared/src'],
  [process.execPath, 'server/build.mjs'],
);

const deployed = Boolean(process.env.PUBLIC_URL);
if (!deployed && !process.env.NODE_ENV) {
  console.log(
    'PUBLIC_URL is not set: a local run (NODE_ENV=development, PUBLIC_URL http://localhost:3000). Set PUBLIC_URL to run in production mode.',
  );
}
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: deployed ? 'production' : 'development', ...process.env },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
