import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API } from '@app/shared';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type ChainSimulator, startChainSimulator } from '../src/cli/chain-simulator.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { postgresDatabase } from '../src/db/client.ts';
import { telegramAccounts } from '../src/db/schema/index.ts';
import { tronAddressFromPrivateKey } from '../src/modules/tron/tron-address.ts';
import * as walletRepo from '../src/modules/wallet/wallet.repository.ts';
import { TEST_DATABASE_URL, withDatabase } from './database-url.ts';
import { FAKE_BOT_TOKEN, type FakeTelegram, startFakeTelegram } from './fake-telegram.ts';
import { merchantWithKey, postOrder, routableMethod, USDT } from './order-fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { insertUser, MemoryMailer, type TestApp } from './test-app.ts';
import { testEngine } from './test-database.ts';
import { HOT_WALLET_ADDRESS, HOT_WALLET_KEY_HEX, TEST_XPUB } from './tron-fixtures.ts';
import { type Receiver, startReceiver } from './webhook-fixtures.ts';

// Two real server processes on one PostgreSQL database (the embedded engine has one owner per data
// directory, so this runs on the postgres project only), sharing one Redis for the request limits. Every
// background job is leased: whatever both instances are offered is done once. The login and code limits
// live in the database, so they hold across instances; the per-IP limit holds through Redis.

const HEALTH_TOKEN = 'two-instances-health-token';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 5;
const LOGIN_MAX_FAILURES = 4;
const OTP_PER_ADDRESS = 3;
const TRADER_CHAT = 770_001;

let databaseName: string;
let pool: pg.Pool;
let t: TestApp;
let receiver: Receiver;
let chain: ChainSimulator;
let telegram: FakeTelegram;
let rateServer: http.Server;
const rateCalls = { total: 0, inFlight: 0, maxInFlight: 0 };
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

/** Waits (polling) until a condition holds; the limit is generous, for liveness on a busy machine. */
async function until(condition: () => Promise<boolean> | boolean, what: string, limitMs = 40_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A POST to one instance as a client at `ip` (TRUST_PROXY names 127.0.0.1, so X-Forwarded-For counts). */
const post = (server: ServerProcess, route: string, body: unknown, ip: string) =>
  fetch(`${server.baseUrl}/backend${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

/** Rows of the mail outbox for an address (all, or only those sent). */
async function mailRows(email: string, which: 'all' | 'sent' = 'all'): Promise<number> {
  const [row] = await rows<{ count: number }>(
    `select count(*)::int as count from mail_outbox where lower(recipient) = lower($1)${which === 'sent' ? ' and sent_at is not null' : ''}`,
    [email],
  );
  return row?.count ?? 0;
}

/** Messages written to an address in the instances' local mail outboxes. */
const mailsTo = (email: string) =>
  dataDirs.reduce((sum, dir) => {
    const outbox = path.join(dir, 'mail');
    if (!fs.existsSync(outbox)) return sum;
    return sum + fs.readdirSync(outbox).filter((name) => name.endsWith(`-${email}.eml`)).length;
  }, 0);

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  databaseName = `app_test_two_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${inject('postgresTemplateName')}`);
  await admin.end();
  const databaseUrl = withDatabase(TEST_DATABASE_URL, databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  receiver = await startReceiver();
  chain = await startChainSimulator({ port: 0 });
  chain.deposit({ to: HOT_WALLET_ADDRESS, amount: 10_000n * USDT });
  telegram = await startFakeTelegram();
  // The rate source answers slowly: if two instances polled, two polls would be in flight at once.
  rateServer = http.createServer((_request, response) => {
    rateCalls.total += 1;
    rateCalls.inFlight += 1;
    rateCalls.maxInFlight = Math.max(rateCalls.maxInFlight, rateCalls.inFlight);
    setTimeout(() => {
      rateCalls.inFlight -= 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"tether":{"rub":95.5}}');
    }, 1_500);
  });
  await new Promise<void>((resolve) => rateServer.listen(0, '127.0.0.1', resolve));

  // This test process writes the work (orders, addresses, linked chats) through the real services, on the
  // same database; it runs no jobs.
  const database = postgresDatabase(databaseUrl, 4);
  const config = loadConfig({
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-writer-')),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    TRON_XPUB: TEST_XPUB,
    // With a hot-wallet key a verified withdrawal under the limit goes to the sender, not to an operator.
    TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  const mailer = new MemoryMailer();
  const ctx = createContext({ config, database, mailer, log: pino({ level: 'silent' }) });
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  t = {
    app,
    ctx,
    database,
    mailer,
    prefix: config.API_PREFIX,
    // The instances' mail-delivery job sends the mail; this writer never takes it from them.
    flushMail: async () => {},
    close: async () => {
      await app.close();
      await database.close();
    },
  };

  const env = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    REDIS_URL,
    REDIS_KEY_PREFIX: `test:two:${randomBytes(6).toString('hex')}:`,
    HEALTH_TOKEN,
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: String(OTP_PER_ADDRESS),
    TRONGRID_URL: chain.url,
    TRON_XPUB: TEST_XPUB,
    TRON_POLL_INTERVAL_MS: '300',
    TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX,
    TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    TELEGRAM_POLL_TIMEOUT_S: '1',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    RATE_SOURCE: 'coingecko',
    RATE_API_URL: `http://127.0.0.1:${(rateServer.address() as AddressInfo).port}/price`,
    RATE_POLL_S: '1',
  };
  servers = await Promise.all(
    [0, 1].map((index) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `two-instances-${index}-`));
      dataDirs.push(dataDir);
      return startServerProcess({ ...env, DATA_DIR: dataDir });
    }),
  );
  for (const server of servers) {
    // Both answer, and both count their limits in Redis (not the per-process fallback).
    await until(async () => {
      const health = await fetch(`${server.baseUrl}/backend/health`, {
        headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
      }).catch(() => null);
      if (!health?.ok) return false;
      const body = (await health.json()) as { components?: { redis?: { ok: boolean; degraded?: boolean } } };
      return body.components?.redis?.ok === true && !body.components.redis.degraded;
    }, `instance ${server.baseUrl} with redis\n${server.output()}`);
  }
}, 180_000);

afterAll(async () => {
  if (testEngine !== 'postgres') return;
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await t?.close();
  await pool?.end();
  await receiver?.close();
  await chain?.close();
  await telegram?.close();
  rateServer?.closeAllConnections();
  await new Promise<void>((resolve) => (rateServer ? rateServer.close(() => resolve()) : resolve()));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (databaseName) {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

/** A merchant (webhook URL at the receiver) and a routable trader whose chat is linked. */
async function parties() {
  const merchant = await merchantWithKey(t);
  await t.ctx.webhooks.updateUrl(merchant.id, receiver.url);
  const trader = await routableMethod(t, { balanceUsdt: 10_000n * USDT });
  await t.database.db
    .insert(telegramAccounts)
    .values({ userId: trader.traderId, telegramId: TRADER_CHAT, telegramName: 'Трейдер' });
  return { merchant, trader };
}

let amountSeq = 0;
/** Orders whose deals go to the trader; each a new amount (one method never has two open deals of one amount). */
async function orders(merchantKey: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    amountSeq += 1;
    const created = await postOrder(t, merchantKey, { amount: `${1000 + amountSeq}.00` });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().id as string);
  }
  return ids;
}

/** Makes the deals due for the expiry job (their time ran out a second ago). */
async function dueNow(dealIds: string[]) {
  await rows(`update deals set expires_at = now() - interval '1 second' where id = any($1::uuid[])`, [
    dealIds,
  ]);
}

/** Everything both instances were given, done and done once: webhooks, expiries, Telegram messages. */
async function expectDoneOnce(dealIds: string[]) {
  await until(async () => {
    const [open] = await rows<{ n: number }>(
      `select count(*)::int as n from deals where id = any($1::uuid[]) and status <> 'expired'`,
      [dealIds],
    );
    const [pending] = await rows<{ n: number }>(
      `select count(*)::int as n from webhook_events where state <> 'delivered'`,
    );
    const [unsent] = await rows<{ n: number }>(
      `select count(*)::int as n from telegram_notifications where sent_at is null`,
    );
    return open!.n === 0 && pending!.n === 0 && unsent!.n === 0;
  }, 'the deals to expire, their webhooks to be delivered and the Telegram messages sent');

  const expiries = await rows<{ deal_id: string; n: number }>(
    `select deal_id, count(*)::int as n from deal_events
      where to_status = 'expired' and deal_id = any($1::uuid[]) group by deal_id`,
    [dealIds],
  );
  expect(expiries).toHaveLength(dealIds.length);
  expect(expiries.every((row) => row.n === 1)).toBe(true);

  const events = await rows<{ id: string; type: string }>(`select id, type from webhook_events`);
  expect(events.filter((event) => event.type === 'order.expired').length).toBeGreaterThanOrEqual(
    dealIds.length,
  );
  for (const event of events) expect(receiver.of(event.id), `webhook ${event.id}`).toHaveLength(1);
  expect(receiver.received).toHaveLength(events.length);

  const [notifications] = await rows<{ n: number }>(
    `select count(*)::int as n from telegram_notifications where chat_id = $1`,
    [TRADER_CHAT],
  );
  // A deal assigned and a deal expired, each to the trader's linked chat.
  expect(notifications!.n).toBeGreaterThanOrEqual(dealIds.length * 2);
  expect(telegram.sent.filter((message) => message.chatId === TRADER_CHAT)).toHaveLength(notifications!.n);
}

describe.skipIf(testEngine !== 'postgres')('two instances on one PostgreSQL', () => {
  let dealIds: string[] = [];
  let merchantKey = '';

  it('run every background job once: webhooks, deal expiry, Telegram, deposits, the rate poller', {
    timeout: 90_000,
  }, async () => {
    const { merchant } = await parties();
    merchantKey = merchant.key;
    // Orders need a rate: the first poll of the (slow) source must have landed, as this instance sees it (its
    // rate is read at most once a second, and the health snapshot's refresher reads it too: a read just before
    // the poll landed is kept for up to a second).
    await until(async () => (await t.ctx.rates.current()) !== null, 'the first polled rate');
    dealIds = await orders(merchantKey, 6);

    // Deposit addresses for three users, then one confirmed transfer to each on the simulated chain.
    const depositors: { userId: string; amount: bigint }[] = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await insertUser(t);
      const index = await walletRepo.nextDerivationIndex(t.database.db);
      const { address, fingerprint } = await t.ctx.tron.depositAddress(index);
      await walletRepo.insertAddress(t.database.db, {
        userId: user.id,
        address,
        derivationIndex: index,
        keyFingerprint: fingerprint,
      });
      const amount = 10n * USDT + BigInt(i);
      chain.deposit({ to: address, amount });
      depositors.push({ userId: user.id, amount });
    }
    await dueNow(dealIds);

    const available = async (userId: string) =>
      BigInt(
        (
          await rows<{ available: string }>(`select available::text from user_balances where user_id = $1`, [
            userId,
          ])
        )[0]?.available ?? '0',
      );
    await until(async () => {
      for (const depositor of depositors)
        if ((await available(depositor.userId)) < depositor.amount) return false;
      return true;
    }, 'the deposits to be credited');
    await expectDoneOnce(dealIds);
    // More polls and passes of both instances over the same work change nothing.
    const chainCalls = () => Object.values(chain.stats).reduce((sum, count) => sum + count, 0);
    const callsBefore = chainCalls();
    await until(() => chainCalls() >= callsBefore + 3, 'three more deposit polls');
    for (const depositor of depositors) expect(await available(depositor.userId)).toBe(depositor.amount);
    const [credits] = await rows<{ n: number }>(
      `select count(*)::int as n from deposits where user_id = any($1::uuid[])`,
      [depositors.map((depositor) => depositor.userId)],
    );
    expect(credits!.n).toBe(depositors.length);
    await expectDoneOnce(dealIds);

    await until(() => rateCalls.total >= 3, 'three rate polls');
    expect(rateCalls.maxInFlight).toBe(1);
  });

  it('run the withdrawal sender and the bot’s long polling once: each withdrawal paid once, each update answered once', {
    timeout: 90_000,
  }, async () => {
    // A lead with funds verifies withdrawals through the real wallet service; its codes are mailed by
    // whichever instance holds the mail job.
    const { user } = await insertUser(t, { isLead: true });
    const lead = {
      id: user.id,
      email: user.email,
      role: user.role,
      isLead: true,
      username: null,
      avatarUrl: null,
      rating: '100',
      sessionId: 'two-instances',
    };
    await t.ctx.ledger.creditDeposit({
      userId: lead.id,
      amount: 500n * USDT,
      idempotencyKey: `fund:${lead.id}`,
    });
    // Every mail to the lead, from both instances' outboxes: which instance mails a code varies, so the new code
    // is the one in the file not seen before (the list's order across two folders is not the order of sending).
    const mailsTo = () =>
      dataDirs.flatMap((dir) => {
        const outbox = path.join(dir, 'mail');
        if (!fs.existsSync(outbox)) return [];
        return fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith(`-${lead.email}.eml`))
          .map((name) => path.join(outbox, name));
      });
    const codeIn = (file: string) =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .match(/\b(\d{6})\b/)?.[1] ?? '';
    const destinations: string[] = [];
    const withdrawalIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const address = tronAddressFromPrivateKey(randomBytes(32));
      destinations.push(address);
      const amount = 10 + i;
      const mailed = new Set(mailsTo());
      await t.ctx.wallet.requestWithdrawal(lead, { amount, address }, '192.0.2.50');
      await until(() => mailsTo().length > mailed.size, 'the withdrawal code mailed');
      const [newMail] = mailsTo().filter((file) => !mailed.has(file));
      const verified = await t.ctx.wallet.verifyWithdrawal(lead, { amount, address, otp: codeIn(newMail!) });
      expect(verified.withdrawal.status).not.toBe('held');
      withdrawalIds.push(verified.withdrawal.id);
    }
    await until(async () => {
      const [open] = await rows<{ n: number }>(
        `select count(*)::int as n from withdrawals where id = any($1::uuid[]) and status <> 'confirmed'`,
        [withdrawalIds],
      );
      return open!.n === 0;
    }, 'the withdrawals to be confirmed on chain');
    // Both senders were offered each withdrawal: the chain saw one transfer per withdrawal, the ledger one
    // completion.
    for (const [index, address] of destinations.entries()) {
      const transfers = chain.transactions().filter((tx) => tx.to === address);
      expect(transfers, address).toHaveLength(1);
      expect(transfers[0]!.amount).toBe(String(BigInt(10 + index) * USDT));
    }
    const completions = await rows<{ key: string; n: number }>(
      `select idempotency_key as key, count(*)::int as n from ledger_transactions
        where idempotency_key = any($1::text[]) group by idempotency_key`,
      [withdrawalIds.map((id) => `withdrawal:${id}:complete`)],
    );
    expect(completions).toHaveLength(withdrawalIds.length);

    // The bot: one long poll at a time across both instances, so each incoming message is answered once.
    const chat = TRADER_CHAT + 1;
    telegram.injectMessage({ fromId: chat, text: '/help' });
    telegram.injectMessage({ fromId: chat, text: '/start' });
    await until(
      () => telegram.sent.filter((message) => message.chatId === chat).length >= 2,
      'the bot’s answers',
    );
    // Long enough for a second poller, were there one, to answer the same updates again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(telegram.sent.filter((message) => message.chatId === chat)).toHaveLength(2);
    expect(telegram.polls.maxInFlight).toBe(1);
  });

  it('hold the login, code and per-IP limits across both instances', { timeout: 60_000 }, async () => {
    // Wrong passwords for one account from a new address each time, alternating instances: each instance
    // saw only half of them, the account is locked all the same, the right password included.
    const victim = await insertUser(t);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const answer = await post(
        servers[i % 2]!,
        API.auth.login,
        { email: victim.email, password: 'Wr0ng!pass' },
        `198.51.100.${i + 1}`,
      );
      expect(answer.status).toBe(i < LOGIN_MAX_FAILURES - 1 ? 400 : 429);
    }
    const locked = await post(
      servers[1]!,
      API.auth.login,
      { email: victim.email, password: victim.password },
      '198.51.100.200',
    );
    expect(locked.status).toBe(429);
    // Mail goes through the outbox: no row means no code will ever be sent.
    expect(await mailRows(victim.email)).toBe(0);

    // Codes to one address from a new address each time, alternating instances: the per-address limit of
    // one purpose (sign-up step 1 issues a code each time; a reset request would re-send its live one).
    const target = await insertUser(t);
    const sends: number[] = [];
    for (let i = 0; i < OTP_PER_ADDRESS + 3; i++) {
      const answer = await post(
        servers[i % 2]!,
        API.auth.register,
        { email: target.email, password: 'N3w!Password' },
        `192.0.2.${i + 1}`,
      );
      sends.push(answer.status);
    }
    expect(sends).toEqual([...Array(OTP_PER_ADDRESS).fill(200), 429, 429, 429]);
    expect(await mailRows(target.email)).toBe(OTP_PER_ADDRESS);
    // The instance holding the mail-delivery lease sends each once.
    await until(async () => (await mailRows(target.email, 'sent')) === OTP_PER_ADDRESS, 'the codes sent');
    expect(mailsTo(target.email)).toBe(OTP_PER_ADDRESS);

    // One client address against both instances: the per-IP limit of an auth route counts in Redis once.
    const answers: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      answers.push(
        (await post(servers[i % 2]!, API.auth.register, { email: 'not-an-email' }, '203.0.113.9')).status,
      );
    }
    expect(answers.filter((status) => status === 429)).toHaveLength(3);
    expect(answers.slice(AUTH_LIMIT)).toEqual([429, 429, 429]);
  });

  it('SIGTERM finishes a request under way and hands the jobs to the other instance at once', {
    timeout: 90_000,
  }, async () => {
    // The instance holding the webhook delivery stops; the other must take over every short job it held.
    const leases = await rows<{ name: string; holder: string; expires_at: Date }>(
      `select name, holder, expires_at from worker_leases where expires_at > now()`,
    );
    const webhookLease = leases.find((lease) => lease.name === 'webhook-delivery');
    expect(webhookLease).toBeDefined();
    const holds = (server: ServerProcess, holder: string) => holder.includes(`:${server.child.pid}:`);
    const victim = servers.find((server) => holds(server, webhookLease!.holder))!;
    const survivor = servers.find((server) => server !== victim)!;
    const quick = new Set([
      'webhook-delivery',
      'deal-expiry',
      'telegram-delivery',
      'telegram-polling',
      'deposit-watcher',
      'rate-poller',
    ]);
    const handedOver = leases.filter((lease) => quick.has(lease.name) && holds(victim, lease.holder));
    expect(handedOver.length).toBeGreaterThan(0);

    // A slow client: its request's headers and half its body are in before SIGTERM, the rest after.
    let slowRequest: http.ClientRequest | undefined;
    const body = JSON.stringify({ email: 'slow-client@example.com', password: 'x' });
    const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${victim.baseUrl}/backend${API.auth.register}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      slowRequest = request;
    });
    // A reset connection fails the test at `await slow` below, not as an unhandled rejection before it.
    slow.catch(() => undefined);
    await until(() => slowRequest !== undefined, 'the slow request to start');
    await new Promise((resolve) => setTimeout(resolve, 300));
    victim.child.kill('SIGTERM');
    // It stops accepting: a new connection is refused while the slow request is still open.
    await until(
      async () =>
        (await fetch(`${victim.baseUrl}/backend/health`).then(
          () => false,
          () => true,
        )) === true,
      'the stopping instance to refuse new connections',
    );
    slowRequest!.end(body.slice(10));
    const answered = await slow;
    expect(answered.status).toBe(400);
    expect(JSON.parse(answered.text)).toBeTypeOf('object');
    expect(await victim.exited).toBe(0);
    expect(victim.output()).toContain('stopped cleanly');

    // Each lease the stopped instance gave back is taken by the survivor at its next tick, while the old
    // lease would still have been in force: a hand-over, not an expiry.
    for (const lease of handedOver) {
      let taken: { holder: string; before_old_expiry: boolean } | undefined;
      await until(async () => {
        [taken] = await rows<{ holder: string; before_old_expiry: boolean }>(
          `select holder, now() < $2 as before_old_expiry from worker_leases where name = $1`,
          [lease.name, lease.expires_at],
        );
        return taken !== undefined && holds(survivor, taken.holder);
      }, `the survivor to take ${lease.name}`);
      expect(taken!.before_old_expiry, lease.name).toBe(true);
    }

    // New work after the hand-over is done by the survivor, once.
    const later = await orders(merchantKey, 2);
    await dueNow(later);
    await expectDoneOnce([...dealIds, ...later]);
  });
});
