// Starts the server for an end-to-end run on a fresh database and data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { E2E } from './env.ts';

fs.rmSync(E2E.dataDir, { recursive: true, force: true });
fs.mkdirSync(E2E.dataDir, { recursive: true });

const admin = new pg.Client({ connectionString: E2E.adminDatabaseUrl });
await admin.connect();
await admin.query(`drop database if exists ${E2E.databaseName} with (force)`);
await admin.query(`create database ${E2E.databaseName}`);
await admin.end();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: E2E.root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: E2E.baseUrl,
    DATABASE_URL: E2E.databaseUrl,
    DATA_DIR: E2E.dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    OTP_MAX_SENDS_PER_HOUR: '1000',
  },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
