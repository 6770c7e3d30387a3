// `npm run check`: every workspace's typecheck, then Biome. The typechecks run in two lanes at once (server and
// shared beside web and e2e, about equal), so the whole check takes about as long as the
// longest lane instead of their sum on a 2-core machine. Each command's output is printed when it fails.
import { spawn } from 'node:child_process';

/** Runs `command args`, resolving with its exit code and everything it printed. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output, label: `${command} ${args.join(' ')}` }));
  });
}

const typecheck = (workspace) => run('npm', ['run', '-s', 'typecheck', '-w', workspace]);

/** Runs the workspaces' typechecks one after another, stopping at the first failure. */
async function lane(workspaces) {
  for (const workspace of workspaces) {
    const result = await typecheck(workspace);
    if (result.code !== 0) return result;
  }
  return { code: 0 };
}

const failed = (await Promise.all([lane(['server', 'shared']), lane(['web', 'e2e'])])).filter(
  (result) => result.code !== 0,
);
if (failed.length === 0) {
  const lint = await run('npx', ['biome', 'check', '.']);
  if (lint.code !== 0) failed.push(lint);
}
for (const result of failed) console.error(`${result.label} failed:\n${result.output}`);
if (failed.length === 0) console.log('typecheck (4 workspaces) and biome: clean');
process.exit(failed.length === 0 ? 0 : 1);
