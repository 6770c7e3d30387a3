import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AppContext, createContext } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { Mailer, MailMessage } from '../src/modules/mail/mailer.ts';
import * as users from '../src/modules/users/users.repository.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { createTestDatabase } from './test-database.ts';

/** Collects mail in memory so tests can read the codes the server sent. */
export class MemoryMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage) {
    this.messages.push(message);
  }
  close() {}
  /** The six-digit code of the newest message to an address. */
  lastCode(to: string): string {
    const message = [...this.messages].reverse().find((m) => m.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
  countTo(to: string): number {
    return this.messages.filter((m) => m.to === to).length;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  mailer: MemoryMailer;
  prefix: string;
  /** One delivery pass of the mail outbox into the memory mailer. */
  flushMail(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://app.test';

/**
 * Builds the real application on a fresh database of this project's engine; `now`, when given, is the
 * clock of every service (a test moves it to cross a time limit); `log`, when given, receives its log
 * lines (silent otherwise); `freeDiskBytes`, when given, is the evidence disk's free space.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    serveWeb?: boolean;
    log?: Logger;
    onRoute?: (route: RouteOptions) => void;
    /** The free bytes on the evidence disk, instead of statfs (a test of the disk-full refusals). */
    freeDiskBytes?: () => Promise<number>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: `/tmp/app-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Every test user signs in from 127.0.0.1; tests of the per-IP and per-address limits set their own.
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '100000',
    NODE_ENV: 'test',
    // Tests change a component and read /health at once: every request checks live (health.routes.db.test.ts
    // tests the refresher's snapshot).
    HEALTH_REFRESH_MS: '0',
    ...env,
  });
  const mailer = new MemoryMailer();
  const log = options.log ?? pino({ level: 'silent' });
  const ctx = createContext({
    config,
    database,
    mailer,
    log,
    now: options.now,
    freeDiskBytes: options.freeDiskBytes,
  });
  const app = await buildApp(ctx, { serveWeb: options.serveWeb ?? false, onRoute: options.onRoute });
  // Mail goes through the outbox and a delivery job; tests run no jobs, so one delivery pass runs as each
  // answer leaves (the request's transaction has committed by then) and the memory mailer holds its mail
  // when the test reads it. A test that calls a service directly runs `flushMail()` itself.
  app.addHook('onSend', () => deliverAllMail(ctx, database));
  await app.ready();
  return {
    app,
    ctx,
    database,
    mailer,
    prefix: config.API_PREFIX,
    flushMail: () => deliverAllMail(ctx, database),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A test file's app: built before its tests with `createTestApp(env, options)`, then `setUp` (a rate, say);
 * closed after them, behind `closeAfterLedgerCheck` when `checkLedger` (a file whose tests move money).
 * The fields are filled in beforeAll, so read them inside tests (`t.app`), not at the top of the file.
 */
export function testAppForFile(
  file: {
    env?: Record<string, string>;
    options?: Parameters<typeof createTestApp>[1];
    setUp?: (t: TestApp) => Promise<void>;
    checkLedger?: boolean;
  } = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(file.env, file.options));
    await file.setUp?.(t);
  });
  afterAll(async () => {
    if (!t.app) return;
    if (file.checkLedger) await closeAfterLedgerCheck(t);
    else await t.close();
  });
  return t;
}

/**
 * Delivers the due mail until none is left: while another pass (a concurrent request's) holds a claimed message
 * it is sending, it waits; a due message nobody holds gets another pass. A concurrent pass's claim can still be
 * uncommitted when this one looks (its row locked and skipped, its claim not yet visible), so "nothing claimed"
 * alone is not "delivered". A test reading the memory mailer after its answer then finds its mail.
 */
async function deliverAllMail(ctx: AppContext, database: Database): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    await ctx.mail.deliverDue(1000);
    const { rows } = await database.raw.query(
      `select 1 from mail_outbox
        where sent_at is null and expired_at is null and expires_at > now()
          and (claim is not null or due_at <= now())
        limit 1`,
    );
    if (rows.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The end of a file whose tests move money: the ledger still balances (nothing created or lost), then the app
 * and what else the file started close, even when it does not balance.
 */
export async function closeAfterLedgerCheck(
  t: TestApp | undefined,
  ...others: ({ close(): Promise<void> } | undefined)[]
): Promise<void> {
  try {
    expect(await t?.ctx.ledger.verify()).toEqual([]);
  } finally {
    await t?.close();
    for (const other of others) await other?.close();
  }
}

export const STRONG_PASSWORD = 'Str0ng!Pass';

/** Inserts a user directly (no mail round trip) for tests that need one. */
export async function insertUser(
  t: TestApp,
  options: {
    email?: string;
    password?: string;
    role?: 'trader' | 'merchant' | 'support' | 'admin';
    isLead?: boolean;
  } = {},
) {
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = options.password ?? STRONG_PASSWORD;
  const user = await users.insertUser(t.database.db, {
    email,
    passwordHash: await hashPassword(password),
    role: options.role ?? 'trader',
    isLead: options.isLead ?? false,
  });
  return { user, email, password };
}

/** Signs in through the real two-step API and returns the Cookie header value. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}/account/user/login/`,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const verify = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}/account/user/login-verify/`,
    payload: { email, password, code_otp: t.mailer.lastCode(email) },
  });
  if (verify.statusCode !== 200) throw new Error(`login-verify failed: ${verify.statusCode} ${verify.body}`);
  return sessionCookie(verify.headers['set-cookie']);
}

/** A signed-in user in one call: inserted, then signed in. */
export async function signedInUser(t: TestApp, options: Parameters<typeof insertUser>[1] = {}) {
  const created = await insertUser(t, options);
  const cookie = await signIn(t, created.email, created.password);
  return { ...created, cookie };
}

/** Extracts "sid=…" from a Set-Cookie header for the next request's Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}
