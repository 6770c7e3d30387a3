import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { type ChainSimulator, startChainSimulator } from '../cli/chain-simulator.ts';
import { loadConfig } from '../config.ts';
import { type AppContext, createContext } from '../context.ts';
import { type Database, postgresDatabase, socketDatabase } from '../db/client.ts';
import { startEmbeddedServer } from '../db/embedded-server.ts';
import { migrate } from '../db/migrate.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import { tronAddressFromPrivateKey } from '../modules/tron/tron-address.ts';
import { accountKeyFromMnemonic } from '../modules/tron/tron-keys.ts';
import { createWithdrawalSender, type WithdrawalSender } from '../modules/tron/withdrawal-sender.ts';
import { createWithdrawalOperator } from '../modules/wallet/withdrawal-operator.ts';

export type Engine = 'pglite' | 'postgres';

/** Deposit addresses come from the BIP39 test mnemonic's account key: public, never used outside a simulation. */
const SIM_XPUB = accountKeyFromMnemonic(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
).publicExtendedKey;

/** Mail kept in memory: the simulation reads the one-time codes the services send. */
export class MemoryMailer implements Mailer {
  private readonly last = new Map<string, string>();
  async send(message: MailMessage) {
    const code = message.text.match(/\b(\d{6})\b/)?.[1];
    if (code) this.last.set(message.to, code);
  }
  close() {}
  /** Runs one pass of the mail outbox's delivery (set once the context exists). */
  deliver: () => Promise<unknown> = async () => {};
  /** True while the outbox holds an unsent message to the address (set once the database exists). */
  pendingTo: (to: string) => Promise<boolean> = async () => false;
  /**
   * The newest six-digit code mailed to an address. Mail leaves through the outbox, so the due messages are
   * delivered first (the simulation runs no background jobs).
   */
  async code(to: string): Promise<string> {
    // A concurrent op's pass may have claimed this address's message and be sending it: wait for that pass.
    await this.deliver();
    for (let attempt = 0; attempt < 200 && (await this.pendingTo(to)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await this.deliver();
    }
    const code = this.last.get(to);
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

/** A migrated template per engine, copied for every fresh database (the first run and each shrinking replay). */
export interface Template {
  engine: Engine;
  /** PGlite: a data-dir dump; PostgreSQL: a template database's name. */
  ref: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Migrates a template once: the migrations run as at start-up, on the engine's production path. */
export async function createTemplate(engine: Engine, databaseUrl: string): Promise<Template> {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  if (engine === 'pglite') {
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-tpl-'));
    const server = await startEmbeddedServer({ socketDir, maxConnections: 4 });
    const database = socketDatabase(socketDir, 2, { owner: true });
    await migrate(database);
    await database.close();
    const file = path.join(os.tmpdir(), `sim-template-${tag}.tar`);
    await server.dump(file);
    await server.stop();
    fs.rmSync(socketDir, { recursive: true, force: true });
    return { engine, ref: file, databaseUrl, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const name = `sim_tpl_${tag}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  const database = postgresDatabase(withDatabase(databaseUrl, name), 2);
  await migrate(database);
  await database.close();
  return {
    engine,
    ref: name,
    databaseUrl,
    drop: async () => {
      await settleDrops();
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A fresh database copied from the template; close() drops it. */
async function freshDatabase(template: Template, poolSize: number): Promise<Database> {
  if (template.engine === 'pglite') {
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-db-'));
    const server = await startEmbeddedServer({
      templateTar: template.ref,
      socketDir,
      maxConnections: poolSize + 4,
    });
    return socketDatabase(socketDir, poolSize, {
      owner: true,
      onClose: async () => {
        await server.stop();
        fs.rmSync(socketDir, { recursive: true, force: true });
      },
    });
  }
  // Named after the template, so a test run's teardown (app_test_%<run>%) drops what a failed test left.
  const name = `${template.ref}_c${randomBytes(4).toString('hex')}`;
  await adminQuery(template.databaseUrl, `create database ${name} template ${template.ref}`);
  const database = postgresDatabase(withDatabase(template.databaseUrl, name), poolSize);
  const close = database.close;
  database.close = async () => {
    await close();
    // Dropped in the background (a drop can take seconds on a busy server); settleDrops() waits for them.
    const drop = adminQuery(template.databaseUrl, `drop database if exists ${name} with (force)`)
      .catch(() => undefined)
      .finally(() => pendingDrops.delete(drop));
    pendingDrops.add(drop);
  };
  return database;
}

const pendingDrops = new Set<Promise<unknown>>();

/** Waits for the databases closed so far to be dropped. */
export async function settleDrops(): Promise<void> {
  await Promise.all([...pendingDrops]);
}

/** The simulated clock every service reads; ops move it forward to cross time limits. */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

/** Everything an op acts on: the real app context and app, the chain simulator, both withdrawal senders. */
export interface World {
  ctx: AppContext;
  app: FastifyInstance;
  prefix: string;
  database: Database;
  mailer: MemoryMailer;
  clock: Clock;
  chain: ChainSimulator;
  /** Sends with the funded hot wallet. */
  sender: WithdrawalSender;
  /** Sends with a key whose wallet is empty: the chain refuses, the withdrawal fails and is released. */
  failingSender: WithdrawalSender;
  /**
   * Where withdrawals go: an outside address neither sender signs for (were it the empty wallet's, the first
   * withdrawal sent would fund it and the "failing" sender would then pay).
   */
  payee: string;
  operator: ReturnType<typeof createWithdrawalOperator>;
  /** The errors the app logged for failed requests (5xx), by request id: why an HTTP op got a 500. */
  requestErrors: Map<string, string>;
  close(): Promise<void>;
}

const SIM_START = Date.parse('2031-06-01T09:00:00Z');
const HOT_WALLET_KEY = 'a'.repeat(64);
const EMPTY_WALLET_KEY = 'b'.repeat(64);
const PAYEE = tronAddressFromPrivateKey(Buffer.from('c'.repeat(64), 'hex'));

/** Opens a world on a fresh database: config as production with the limits of a test, a clock, a chain. */
export async function openWorld(template: Template, options: { poolSize?: number } = {}): Promise<World> {
  const database = await freshDatabase(template, options.poolSize ?? 10);
  let at = SIM_START;
  const clock: Clock = {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
  // The chain's blocks carry the simulated time, so the scanner's time windows see them.
  const chain = await startChainSimulator({ port: 0, host: '127.0.0.1', now: () => at });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-data-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://sim.test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    OTP_MAX_SENDS_PER_HOUR: '1000000',
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000000',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
    MERCHANT_RATE_LIMIT_PER_MIN: '1000000',
    DEVICE_RATE_LIMIT_PER_MIN: '1000000',
    DISPUTE_UPLOADS_PER_MIN: '1000000',
    TRON_XPUB: SIM_XPUB,
    TRONGRID_URL: chain.url,
    TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY,
    WITHDRAWAL_AUTO_LIMIT_USDT: '50',
    // The rate is set again on every tick; a long tick must not leave it stale for the ops running beside it.
    RATE_MAX_AGE_S: String(30 * 86_400),
  });
  const mailer = new MemoryMailer();
  const requestErrors = new Map<string, string>();
  // Only errors are logged, into the map: a 500's cause (e.g. a deadlock) is looked up by its request id.
  const log = pino(
    { level: 'error' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { reqId?: string; err?: unknown };
        if (entry.reqId) requestErrors.set(entry.reqId, JSON.stringify(entry.err ?? null));
      },
    },
  );
  const ctx = createContext({ config, database, mailer, log, now: clock.now });
  mailer.deliver = () => ctx.mail.deliverDue(1000);
  mailer.pendingTo = async (to) => {
    const { rows } = await database.raw.query(
      'select 1 from mail_outbox where recipient = $1 and sent_at is null and expired_at is null limit 1',
      [to],
    );
    return rows.length > 0;
  };
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  const senderOf = (key: string) =>
    createWithdrawalSender({
      database,
      ledger: ctx.ledger,
      client: ctx.tron.client!,
      contract: ctx.tron.contract,
      privateKey: Buffer.from(key, 'hex'),
      feeLimitSun: ctx.tron.feeLimitSun,
      log,
      notifier: ctx.notifications,
      now: clock.now,
      staleClaimMs: 0,
    });
  const sender = senderOf(HOT_WALLET_KEY);
  chain.deposit({ to: sender.hotAddress!, amount: 10n ** 15n });
  return {
    ctx,
    app,
    prefix: config.API_PREFIX,
    database,
    mailer,
    clock,
    chain,
    sender,
    failingSender: senderOf(EMPTY_WALLET_KEY),
    payee: PAYEE,
    requestErrors,
    operator: createWithdrawalOperator({
      database,
      ledger: ctx.ledger,
      notifier: ctx.notifications,
      now: clock.now,
    }),
    async close() {
      await app.close();
      await chain.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
