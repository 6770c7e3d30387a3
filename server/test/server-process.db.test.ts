import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, withDatabase } from './database-url.ts';
import { type ServerProcess, startServerProcess, waitForCodeInOutbox } from './server-process.ts';
import { testEngine } from './test-database.ts';

// The real server process: start-up, durability of acknowledged writes across kill -9, the embedded
// database lock, and a clean SIGTERM. Runs on both engines like every database test.
let dataDir: string;
let databaseUrl: string | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  if (testEngine === 'postgres') {
    const name = `app_test_proc_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = withDatabase(TEST_DATABASE_URL, name);
  }
});

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

async function start(extra: Record<string, string> = {}) {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  });
  running.push(server);
  return server;
}

const post = (server: ServerProcess, route: string, body: unknown, cookie?: string) =>
  fetch(`${server.baseUrl}/backend${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('keeps acknowledged writes across kill -9', { timeout: 300_000 }, async () => {
    const email = `durable-${Date.now()}@example.com`;
    const password = 'Durab1e!pw';
    let server = await start();
    expect((await post(server, '/account/user/register/', { email, password })).status).toBe(200);
    // The code's mail leaves through the outbox's delivery job; once it is out, the pending sign-up must
    // survive the kill.
    const otp = await waitForCodeInOutbox(dataDir, email);
    server.child.kill('SIGKILL');
    await server.exited;

    server = await start();
    if (testEngine === 'pglite') {
      // The killed server's leases are dropped at start-up (one owner per data dir), so mail flows at once
      // rather than after the mail job's lease expires (35 s).
      const next = `after-kill-${Date.now()}@example.com`;
      expect((await post(server, '/account/user/register/', { email: next, password })).status).toBe(200);
      await waitForCodeInOutbox(dataDir, next, 20_000);
    }
    const verify = await post(server, '/account/user/verify-otp/', { email, password, otp });
    expect(verify.status).toBe(200);
    const cookie = verify.headers.get('set-cookie')!.split(';')[0]!;
    server.child.kill('SIGKILL');
    await server.exited;

    server = await start();
    const check = await fetch(`${server.baseUrl}/backend/account/check_user_auth/`, { headers: { cookie } });
    expect(check.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
  });

  it.runIf(testEngine === 'pglite')(
    'refuses a second process on the same embedded database',
    { timeout: 300_000 },
    async () => {
      const first = await start();
      const second = await start();
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by the server/);
      const health = await fetch(`${first.baseUrl}/backend/health`);
      expect(health.status).toBe(200);
      // A fresh database has no USDT/RUB rate yet: the first server serves, degraded (orders refused).
      expect(await health.json()).toEqual({ status: 'degraded' });
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
  );

  it.runIf(testEngine === 'pglite')(
    'refuses to start while a command-line tool owns the embedded database',
    { timeout: 120_000 },
    async () => {
      const busyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-busy-'));
      // This test process stands in for a running `npm run admin` that took the lock.
      const owner = {
        pid: process.pid,
        holder: 'npm run admin',
        since: new Date().toISOString(),
        socketDir: busyDir,
      };
      fs.writeFileSync(path.join(busyDir, 'db.lock'), JSON.stringify(owner));
      try {
        const server = await start({ DATA_DIR: busyDir });
        expect(await server.exited).toBe(1);
        expect(server.output()).toMatch(/in use by npm run admin \(pid \d+\)/);
      } finally {
        fs.rmSync(busyDir, { recursive: true, force: true });
      }
    },
  );

  it('stops at start-up with a message naming a bad variable', async () => {
    const server = await start({ PORT: '3000', API_PREFIX: 'no-slash' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/API_PREFIX/);
  });
});
