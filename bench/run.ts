// `npm run bench`: throughput of the API's hot paths as ratios to ceilings measured in this same run
// (a bare Fastify "hello" on the same machine), so the numbers mean the same on any machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createContext } from '../server/src/context.ts';
import { type Database, openDatabase, postgresDatabase } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { hashToken } from '../server/src/modules/auth/auth.service.ts';
import { insertSession } from '../server/src/modules/auth/sessions.repository.ts';
import type { Mailer } from '../server/src/modules/mail/mailer.ts';
import { insertUser } from '../server/src/modules/users/users.repository.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

async function measure(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({
    url: `${address}${url}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  await app.close();
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function signedInApp(database: Database) {
  await migrate(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')),
  });
  const mailer: Mailer = { send: async () => undefined, close: () => undefined };
  const ctx = createContext({ config, database, mailer, log: pino({ level: 'silent' }) });
  const user = await insertUser(database.db, {
    email: `bench-${Date.now()}@example.com`,
    passwordHash: 'x',
    role: 'trader',
  });
  const token = randomBytes(32).toString('base64url');
  await insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { app: await buildApp(ctx, { serveWeb: false }), cookie: `sid=${token}`, prefix: config.API_PREFIX };
}

function report(name: string, value: number, ceiling: number) {
  console.log(
    `${name.padEnd(44)} ${value.toFixed(0).padStart(7)} req/s   ratio to ceiling ${(value / ceiling).toFixed(3)}`,
  );
}

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const ceiling = await measure(hello, '/');
console.log(
  `ceiling: bare Fastify hello ${ceiling.toFixed(0)} req/s (${CONNECTIONS} connections, ${DURATION_S} s)\n`,
);

const engines: [string, () => Promise<Database>][] = [
  [
    'pglite',
    async () =>
      openDatabase({
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')),
        holder: 'npm run bench',
        poolSize: 16,
      }),
  ],
];
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  const probe = new pg.Client({ connectionString: serverUrl });
  await probe.connect();
  const name = `app_bench_${process.pid}`;
  await probe.query(`drop database if exists ${name}`);
  await probe.query(`create database ${name}`);
  await probe.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  engines.push(['postgres', async () => postgresDatabase(url.toString(), 16)]);
} catch {
  console.log('(PostgreSQL not reachable: measuring the embedded engine only)');
}

for (const [engine, open] of engines) {
  const database = await open();
  const { app, cookie, prefix } = await signedInApp(database);
  report(`${engine}: GET /health (database ping)`, await measure(app, `${prefix}/health`), ceiling);
  const again = await signedInApp(database);
  report(
    `${engine}: GET check_user_auth (session lookup)`,
    await measure(again.app, `${prefix}/account/check_user_auth/`, { cookie }),
    ceiling,
  );
  await database.close();
}
if (engines.length > 1) {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists app_bench_${process.pid} with (force)`);
  await cleanup.end();
}
process.exit(0);
