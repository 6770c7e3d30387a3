import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromOutbox } from '../../../test/server-process.ts';
import { STRONG_PASSWORD, sessionCookie, TEST_ORIGIN } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { createMailer } from './mailer.ts';

// The real application with a real mailer (SMTP to a local server, or the local outbox), logging at info
// into memory.
interface Running {
  app: FastifyInstance;
  /** One pass of the mail outbox's delivery (the job the server would run). */
  deliver(): Promise<number>;
  database: Database;
  prefix: string;
}
const running: Running[] = [];
let lines: string[] = [];
let dataDir: string;
const received: string[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

async function start(smtpUrl?: string): Promise<Running> {
  const database = await createTestDatabase();
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    NODE_ENV: 'test',
  });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const mailer = createMailer({ smtpUrl, from: 'Processing <no-reply@test>', dataDir: config.dataDir, log });
  const ctx = createContext({ config, database, mailer, log });
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  const started = { app, database, prefix: config.API_PREFIX, deliver: () => ctx.mail.deliverDue() };
  running.push(started);
  return started;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-logs-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const { app, database } of running) {
    await app.close();
    await database.close();
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The code in the newest message the SMTP server received for an address. */
function smtpCode(email: string): string {
  const raw = [...received].reverse().find((message) => message.includes(email)) ?? '';
  const code = raw.replace(/=\r?\n/g, '').match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const post = (on: Running, url: string, payload: object) =>
  on.app.inject({ method: 'POST', url: `${on.prefix}${url}`, payload });

describe('logs', () => {
  it('of a real sign-up and sign-in hold no code, password or session token; mail lines name purpose and id', async () => {
    const on = await start(`smtp://127.0.0.1:${smtpPort}`);
    lines = [];
    const email = `logs-${Date.now()}@example.com`;
    const secrets: string[] = [STRONG_PASSWORD];

    // Sign-up, then sign-in: each asks for a mailed code and answers it, which opens a session.
    const steps = [
      ['/account/user/register/', '/account/user/verify-otp/', 'otp'],
      ['/account/user/login/', '/account/user/login-verify/', 'code_otp'],
    ] as const;
    for (const [ask, answer, codeField] of steps) {
      expect((await post(on, ask, { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
      expect(await on.deliver()).toBe(1);
      const code = smtpCode(email);
      secrets.push(code);
      const answered = await post(on, answer, { email, password: STRONG_PASSWORD, [codeField]: code });
      expect(answered.statusCode).toBe(200);
      secrets.push(sessionCookie(answered.headers['set-cookie']).split('=')[1]!);
    }

    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const mailLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.purpose);
    expect(mailLines.map((entry) => entry.purpose)).toEqual(['otp:register', 'otp:login']);
    for (const entry of mailLines) {
      expect(entry.messageId).toEqual(expect.any(String));
      expect(entry).not.toHaveProperty('subject');
    }
  });

  it('delivers to a 254-character address (the outbox file name no longer fails)', async () => {
    const on = await start();
    const email = `${'b'.repeat(242)}@example.com`;
    const register = await post(on, '/account/user/register/', { email, password: STRONG_PASSWORD });
    expect(register.statusCode).toBe(200);
    expect(await on.deliver()).toBe(1);
    const code = codeFromOutbox(dataDir, email);
    const verify = await post(on, '/account/user/verify-otp/', {
      email,
      password: STRONG_PASSWORD,
      otp: code,
    });
    expect(verify.statusCode).toBe(200);
  });
});
