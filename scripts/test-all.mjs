// `npm test`: every test runner in turn (shared and web unit tests, server tests on PGlite and
// PostgreSQL, the deploy smoke test, end-to-end tests in Chromium), then one closing line "N passed, N failed"
// summing them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));
const only = process.argv.slice(2);

const run = (command, args, options = {}) =>
  spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  }).status;

function vitest(name, workspace) {
  const file = path.join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    {
      cwd: path.join(root, workspace),
    },
  );
  if (!fs.existsSync(file)) return { name, passed: 0, failed: 1, status };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file that failed to load has no tests but counts as a failure.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  return { name, passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, status };
}

// The deploy smoke test and e2e serve the built web app: built once, by whichever runs first.
let webBuild;
const buildWeb = () => {
  webBuild ??= run('npm', ['run', 'build', '-w', 'web']);
  return webBuild;
};

function deploySmoke() {
  const build = buildWeb();
  if (build !== 0) return { name: 'deploy', passed: 0, failed: 1, status: build };
  const file = path.join(reports, 'deploy.json');
  const status = run(process.execPath, ['scripts/deploy-smoke.mjs', '--report', file]);
  if (!fs.existsSync(file)) return { name: 'deploy', passed: 0, failed: 1, status };
  const { passed, failed } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { name: 'deploy', passed, failed, status };
}

function playwright() {
  const build = buildWeb();
  if (build !== 0) return { name: 'e2e', passed: 0, failed: 1, status: build };
  const file = path.join(reports, 'e2e.json');
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (!fs.existsSync(file)) return { name: 'e2e', passed: 0, failed: 1, status };
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { name: 'e2e', passed: stats.expected + stats.flaky, failed: stats.unexpected, status };
}

const suites = [
  ['shared', () => vitest('shared', 'shared')],
  ['web', () => vitest('web', 'web')],
  ['server', () => vitest('server', 'server')],
  ['deploy', deploySmoke],
  ['e2e', playwright],
].filter(([name]) => only.length === 0 || only.includes(name));

const results = [];
for (const [name, runSuite] of suites) {
  console.log(`\n━━━ ${name} ━━━`);
  results.push(runSuite());
}

console.log('\nSummary:');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(8)} ${r.passed} passed, ${r.failed} failed${r.status ? ` (exit ${r.status})` : ''}`,
  );
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed + (r.status && r.failed === 0 ? 1 : 0), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
