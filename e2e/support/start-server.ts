// Starts what an end-to-end run talks to: the TronGrid-compatible chain simulator, a fake Telegram Bot API
// and the server (SPA + API) on a fresh PostgreSQL database and data directory, with TRONGRID_URL and
// TELEGRAM_API_ROOT pointing at them.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E } from './env.ts';

fs.rmSync(E2E.dataDir, { recursive: true, force: true });
fs.mkdirSync(E2E.dataDir, { recursive: true });

const admin = new pg.Client({ connectionString: E2E.adminDatabaseUrl });
await admin.connect();
await admin.query(`drop database if exists ${E2E.databaseName} with (force)`);
await admin.query(`create database ${E2E.databaseName}`);
await admin.end();

const children: ChildProcess[] = [];
function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: E2E.root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 1);
  });
}

run(
  'server/src/cli/chain-sim.ts',
  ['--port', String(E2E.chainSimPort), '--state', path.join(E2E.dataDir, 'chain-sim.json')],
  {
    DATA_DIR: E2E.dataDir,
  },
);
run(
  'server/test/fake-telegram-server.ts',
  ['--port', String(E2E.telegramPort), '--token', E2E.telegramToken],
  {},
);
run('server/src/main.ts', [], {
  NODE_ENV: 'test',
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  PUBLIC_URL: E2E.baseUrl,
  DATABASE_URL: E2E.databaseUrl,
  DATA_DIR: E2E.dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  OTP_MAX_SENDS_PER_HOUR: '1000',
  OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000',
  OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '1000',
  TRONGRID_URL: E2E.chainSimUrl,
  TRON_POLL_INTERVAL_MS: '1000',
  TELEGRAM_BOT_TOKEN: E2E.telegramToken,
  TELEGRAM_API_ROOT: E2E.telegramUrl,
  TELEGRAM_POLL_TIMEOUT_S: '1',
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
