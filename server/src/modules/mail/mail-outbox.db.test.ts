import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, smtpReceiver } from '../../../test/smtp-receiver.ts';
import { STRONG_PASSWORD, TEST_ORIGIN } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type AppContext, createContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { startMailDelivery } from './mail-delivery.ts';
import { createMailer } from './mailer.ts';
import { otpMail } from './templates.ts';

// SMTP down for a while: the real application sends through a real SMTP receiver (smtp-server) that the
// test stops and starts on one port. Time passing is simulated by moving the outbox rows' times back.
const HEALTH_TOKEN = 'mail-outbox-health-token';
let database: Database;
let ctx: AppContext;
let app: FastifyInstance;
let prefix: string;
let dataDir: string;
let port = 0;
let receiver: SMTPServer | null = null;
const received: ReceivedMail[] = [];

async function startReceiver(): Promise<void> {
  const server = smtpReceiver(received);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  port = (server.server.address() as { port: number }).port;
  receiver = server;
}

async function stopReceiver(): Promise<void> {
  const server = receiver;
  receiver = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-outbox-'));
  await startReceiver();
  database = await createTestDatabase();
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    HEALTH_TOKEN,
    MAIL_DEGRADED_AFTER_S: '30',
    NODE_ENV: 'test',
    // /health is read right after SMTP changes: every request checks live, as in createTestApp.
    HEALTH_REFRESH_MS: '0',
  });
  const log = pino({ level: 'silent' });
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Processing <no-reply@test>',
    dataDir,
    log,
  });
  ctx = createContext({ config, database, mailer, log });
  app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  prefix = config.API_PREFIX;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await stopReceiver();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `${prefix}${url}`, payload });
const health = (token?: string) =>
  app.inject({
    method: 'GET',
    url: `${prefix}${API.health}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function outboxRows(recipient: string) {
  return selectRows<Record<string, unknown>>(
    database.db,
    sql`
    select purpose, subject, body_text, body_html, attempts, sent_at, expired_at, last_error
    from mail_outbox where recipient = ${recipient} order by id
  `,
  );
}

/** Moves the unsent messages' times back: they were written long ago and are due now. */
async function timePasses(seconds: number) {
  await database.db.execute(sql`
    update mail_outbox set created_at = created_at - ${seconds} * interval '1 second', due_at = now()
    where sent_at is null and expired_at is null
  `);
}

function codeIn(raw: string): string {
  const code = raw.replace(/=\r?\n/g, '').match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the message');
  return code;
}

describe('mail outbox: SMTP down', () => {
  it('a sign-up answers at once, /health names mail degraded, and the code arrives when SMTP is back', async () => {
    await stopReceiver();
    const email = `smtp-down-${Date.now()}@example.com`;
    const register = await post(API.auth.register, { email, password: STRONG_PASSWORD });
    expect(register.statusCode).toBe(200);
    // The message waits in the outbox, its content kept for the retry.
    expect(await ctx.mail.deliverDue()).toBe(0);
    const [waiting] = await outboxRows(email);
    expect(waiting).toMatchObject({ purpose: 'otp:register', attempts: 1, sent_at: null });
    expect(waiting!.body_text).toEqual(expect.stringMatching(/\d{6}/));
    expect(waiting!.last_error).toEqual(expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/));

    await timePasses(31);
    expect((await health()).json()).toEqual({ status: 'degraded' });
    const degraded = (await health(HEALTH_TOKEN)).json();
    expect(degraded.status).toBe('degraded');
    expect(degraded.components.mail).toMatchObject({
      ok: true,
      degraded: true,
      detail: expect.stringMatching(/1 of 1/),
    });

    await startReceiver();
    expect(await ctx.mail.deliverDue()).toBe(1);
    const message = received.filter((m) => m.to.includes(email)).at(-1);
    expect(message).toBeDefined();
    const verify = await post(API.auth.verifyOtp, {
      email,
      password: STRONG_PASSWORD,
      otp: codeIn(message!.raw),
    });
    expect(verify.statusCode).toBe(200);

    // Sent: the content (with its code) is gone from the database; health is ok again.
    const [sent] = await outboxRows(email);
    expect(sent).toMatchObject({
      subject: null,
      body_text: null,
      body_html: null,
      attempts: 2,
      expired_at: null,
    });
    expect(sent!.sent_at).not.toBeNull();
    const fine = (await health(HEALTH_TOKEN)).json();
    expect(fine.components.mail).toEqual({ ok: true, detail: '0 messages queued' });
  });

  it('gives a code mail up, content removed, once its code has expired', async () => {
    await stopReceiver();
    try {
      const email = `expired-${Date.now()}@example.com`;
      expect((await post(API.auth.register, { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
      await database.db.execute(sql`update mail_outbox set expires_at = now() where recipient = ${email}`);
      await ctx.mail.deliverDue();
      const [row] = await outboxRows(email);
      expect(row).toMatchObject({
        subject: null,
        body_text: null,
        body_html: null,
        sent_at: null,
        attempts: 0,
      });
      expect(row!.expired_at).not.toBeNull();
    } finally {
      await startReceiver();
    }
  });

  it('writes a message only with its transaction: rolled back, nothing is queued', async () => {
    const email = `rolled-back-${Date.now()}@example.com`;
    await expect(
      database.db.transaction(async (tx) => {
        await ctx.mail.enqueue(tx, otpMail(email, 'login', '123456', 10));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows(email)).toEqual([]);
  });

  it('the leased delivery job sends queued mail by itself', async () => {
    const email = `job-${Date.now()}@example.com`;
    await ctx.mail.enqueue(database.db, otpMail(email, 'login', '654321', 10));
    const job = startMailDelivery(ctx, { intervalMs: 20, holder: 'mail-outbox-test' });
    try {
      const deadline = Date.now() + 20_000;
      while (!received.some((m) => m.to.includes(email)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await job.stop();
    }
    expect(codeIn(received.find((m) => m.to.includes(email))!.raw)).toBe('654321');
  });
});
