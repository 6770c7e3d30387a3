import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, withDatabase } from './database-url.ts';
import { startServerProcess, waitForCodeInOutbox } from './server-process.ts';
import { testEngine } from './test-database.ts';

const run = promisify(execFile);
let dataDir: string;
let env: Record<string, string>;
let databaseName: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  env = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (testEngine === 'postgres') {
    databaseName = `app_test_cli_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    env.DATABASE_URL = withDatabase(TEST_DATABASE_URL, databaseName);
  }
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

async function cli(script: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env,
      cwd: path.resolve(import.meta.dirname, '..'),
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}
const admin = (...args: string[]) => cli('src/cli/admin.ts', ...args);

describe('npm run admin', () => {
  it('creates users, flips the lead flag and lists them', { timeout: 180_000 }, async () => {
    const created = await admin(
      'create-user',
      '--email',
      'Ops@Example.com',
      '--password',
      'Adm1n!pass',
      '--role',
      'support',
    );
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/Created support ops@example\.com/);
    expect(
      (
        await admin(
          'create-user',
          '--email',
          'ops@example.com',
          '--password',
          'Adm1n!pass',
          '--role',
          'support',
        )
      ).code,
    ).toBe(1);
    const weak = await admin(
      'create-user',
      '--email',
      'x@example.com',
      '--password',
      'weak',
      '--role',
      'trader',
    );
    expect(weak.code).toBe(2);
    expect(weak.out).toMatch(/Пароль должен быть от 8 до 30 символов/);
    expect(
      (await admin('create-user', '--email', 'y@example.com', '--password', 'Adm1n!pass', '--role', 'boss'))
        .code,
    ).toBe(2);
    expect((await admin('set-lead', 'ops@example.com', 'true')).out).toMatch(/now a lead/);
    expect((await admin('set-lead', 'nobody@example.com', 'true')).code).toBe(1);
    const list = await admin('list-users');
    expect(list.out).toMatch(/ops@example\.com\s+support\s+lead/);
    expect((await admin('no-such-command')).code).toBe(2);
  });

  it('seeds one demo user of each role, the console admin too', { timeout: 60_000 }, async () => {
    const seeded = await cli('src/cli/seed.ts');
    expect(seeded.code).toBe(0);
    for (const email of [
      'trader@demo.local',
      'lead@demo.local',
      'merchant@demo.local',
      'support@demo.local',
      'admin@demo.local',
    ]) {
      expect(seeded.out).toContain(email);
    }
    expect((await admin('list-users')).out).toMatch(/merchant@demo\.local\s+merchant/);
    // /dispute has a dispute to open, and without a bot no Telegram link stands in the way.
    expect(seeded.out).toMatch(/A demo dispute on order [0-9a-f-]{36}/);
    expect(seeded.out).toContain('no Telegram bot (TELEGRAM_BOT_TOKEN unset), so no link is needed');
    // The merchant home has something to show (issue 25): orders in three states.
    expect(seeded.out).toContain(
      'Demo merchant orders: one completed, one being verified, one waiting for payment.',
    );
    expect((await cli('src/cli/seed.ts')).out).toContain('Demo merchant orders: already there.');
  });

  it.runIf(testEngine === 'pglite')(
    'works through the socket of a server that holds the embedded database, both ways',
    { timeout: 180_000 },
    async () => {
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'http://127.0.0.1',
      });
      const post = (route: string, body: unknown) =>
        fetch(`${server.baseUrl}/backend${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      try {
        // Written by the server, read by the CLI.
        const email = 'live-api@example.com';
        const password = 'L1ve!pass';
        expect((await post('/account/user/register/', { email, password })).status).toBe(200);
        const otp = await waitForCodeInOutbox(dataDir, email);
        expect((await post('/account/user/verify-otp/', { email, password, otp })).status).toBe(200);
        const list = await admin('list-users');
        expect(list.code).toBe(0);
        expect(list.out).toMatch(/live-api@example\.com\s+trader/);

        // Written by the CLI, read by the server.
        const created = await admin(
          'create-user',
          '--email',
          'live-cli@example.com',
          '--password',
          'L1ve!pass',
          '--role',
          'merchant',
        );
        expect(created.code).toBe(0);
        expect(
          (await post('/account/user/login/', { email: 'live-cli@example.com', password: 'L1ve!pass' }))
            .status,
        ).toBe(200);

        expect(await admin('adjust-balance', email, '12.5', '--reason', 'test credit')).toMatchObject({
          code: 0,
        });
        const verify = await admin('ledger-verify');
        expect(verify.code).toBe(0);
        expect(verify.out).toMatch(/Ledger is consistent/);
        expect(await admin('withdrawals', 'list')).toMatchObject({
          code: 0,
          out: expect.stringMatching(/No withdrawals/),
        });
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
      // The server released the data directory: the next command owns it for its own duration.
      expect((await admin('list-users')).out).toMatch(/live-cli@example\.com\s+merchant/);
    },
  );
});
