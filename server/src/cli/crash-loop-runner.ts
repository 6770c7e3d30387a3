import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@app/shared';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { tronAddressFromPrivateKey } from '../modules/tron/tron-address.ts';
import { TRON_ACCOUNT_PATH } from '../modules/tron/tron-keys.ts';
import { startChainSimulator } from './chain-simulator.ts';
import { DEMO_PASSWORD } from './demo-users.ts';
import type { MerchantSimState } from './merchant-simulator.ts';
import type { SimulatorState } from './terminal-simulator.ts';

/**
 * The crash loop (issue 15): the real server process under load from several clients, killed with SIGKILL at
 * random moments and started again, N times. Every write the server acknowledged (a 2xx answer) is recorded;
 * at the end the database must hold each of them exactly once, and `admin ledger-verify` must be clean.
 * The chain simulator runs inside this process, so deposits (acknowledged by the chain) and the withdrawal
 * sender's transfers survive the server's deaths and can be counted on the chain's side.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TRADER_EMAIL = 'trader@demo.local';
const LEAD_EMAIL = 'lead@demo.local';
const MICRO = 1_000_000n;

export type CrashEngine = 'pglite' | 'postgres';

export interface CrashLoopOptions {
  engine: CrashEngine;
  kills: number;
  /** PostgreSQL server (any database on it) where a throwaway database is created; postgres engine only. */
  adminDatabaseUrl?: string;
  /** Longest time the server runs under load before a kill, ms (each kill picks uniformly below it). */
  maxUpMs?: number;
  /** Stops killing once this much time has passed (the checks still run); no limit when not given. */
  maxMinutes?: number;
  /** Progress lines; silent when not given. */
  log?: (line: string) => void;
}

export interface CrashLoopReport {
  engine: CrashEngine;
  kills: number;
  /** Kills asked for (fewer happen when maxMinutes ran out first). */
  killsRequested: number;
  /** Kills that landed before the server answered /health (during start-up or migration). */
  killsDuringStart: number;
  acknowledged: {
    orders: number;
    orderReplays: number;
    confirmations: number;
    cancellations: number;
    deposits: number;
    withdrawals: number;
  };
  /** Requests that got no answer because the server died under them (each retried until answered). */
  lostAnswers: number;
  /** The refusals (4xx) the clients met, with counts, e.g. "order 409": the load's shape, not violations. */
  refusals: Record<string, number>;
  /** Mean seconds from spawning the server to its first healthy /health answer. */
  meanStartSeconds: number;
  checks: { name: string; ok: boolean; detail: string }[];
  violations: string[];
  /** The last server's output (warnings and errors), kept when there are violations: what the server said. */
  serverOutput?: string;
  seconds: number;
}

interface AckedOrder {
  key: string;
  externalId: string;
  id: string;
}

class ServerDown extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The server process, started again after every kill on the same port, DATA_DIR and database. */
function serverControl(env: Record<string, string>, port: number) {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    output: () => output,
    start() {
      output = '';
      const process_ = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      process_.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
      process_.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
      exited = new Promise((resolve) => process_.once('exit', () => resolve()));
      child = process_;
    },
    /** Waits until /health answers at all; false when the process exited first or the deadline passed. */
    async ready(timeoutMs = 300_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      void exited.then(() => (gone = true));
      while (Date.now() < deadline && !gone) {
        try {
          const response = await fetch(`${baseUrl}/backend/health`, { signal: AbortSignal.timeout(15_000) });
          // Any answer means the process serves: /health says 503 while a dependency lags (the deposit
          // watcher's first scan on a loaded machine), which is no reason to call the start failed.
          await response.arrayBuffer();
          return true;
        } catch {
          // Not listening yet.
        }
        await sleep(50);
      }
      return false;
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Runs a server-side CLI (seed, admin) as its own process; resolves with its exit code and output. */
function runCli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: serverRoot, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Mail files the server wrote to DATA_DIR/mail for one address, oldest first. */
function mailFiles(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'mail');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort();
}

/** The code in the first mail to `email` after `seen` files; waits for it (mail may follow a restart). */
async function nextCode(dataDir: string, email: string, seen: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = mailFiles(dataDir, email);
    if (files.length > seen) {
      const text = fs.readFileSync(path.join(dataDir, 'mail', files.at(-1)!), 'utf8').replace(/=\r?\n/g, '');
      const code = text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new ServerDown(`no code mailed to ${email}`);
}

/** A fresh Tron address nobody holds: each withdrawal goes to its own, so the chain counts its transfers. */
const freshAddress = () => tronAddressFromPrivateKey(randomBytes(32));

/** Creates a throwaway database on the PostgreSQL server; returns its URL and how to drop it. */
async function throwawayDatabase(adminUrl: string) {
  const name = `crash_loop_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function runCrashLoop(options: CrashLoopOptions): Promise<CrashLoopReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const maxUpMs = options.maxUpMs ?? 4_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-loop-'));
  const throwaway =
    options.engine === 'postgres'
      ? await throwawayDatabase(options.adminDatabaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres')
      : null;
  const chain = await startChainSimulator({ port: 0 });
  const hotKey = randomBytes(32);
  chain.deposit({ to: tronAddressFromPrivateKey(hotKey), amount: 1_000_000n * MICRO });
  const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive(TRON_ACCOUNT_PATH).publicExtendedKey;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    TRONGRID_URL: chain.url,
    TRON_XPUB: xpub,
    TRON_WITHDRAWAL_PRIVATE_KEY: bytesToHex(hotKey),
    TRON_POLL_INTERVAL_MS: '300',
    OTP_MAX_SENDS_PER_HOUR: '1000000',
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000000',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    DEVICE_RATE_LIMIT_PER_MIN: '1000000',
    MERCHANT_RATE_LIMIT_PER_MIN: '1000000',
    ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
  };
  const server = serverControl(env, await freePort());
  const report: CrashLoopReport = {
    engine: options.engine,
    kills: 0,
    killsRequested: options.kills,
    killsDuringStart: 0,
    acknowledged: {
      orders: 0,
      orderReplays: 0,
      confirmations: 0,
      cancellations: 0,
      deposits: 0,
      withdrawals: 0,
    },
    lostAnswers: 0,
    refusals: {},
    meanStartSeconds: 0,
    checks: [],
    violations: [],
    seconds: 0,
  };
  const refusals = { add: (kind: string) => (report.refusals[kind] = (report.refusals[kind] ?? 0) + 1) };
  const startTimes: number[] = [];
  const violation = (text: string) => {
    report.violations.push(text);
    log(`VIOLATION: ${text}`);
  };

  try {
    const seeded = await runCli('src/cli/seed.ts', [], env);
    if (seeded.code !== 0) throw new Error(`npm run seed failed:\n${seeded.output}`);
    const merchant = JSON.parse(
      fs.readFileSync(path.join(dataDir, 'merchant-sim.json'), 'utf8'),
    ) as MerchantSimState;
    const terminalState = JSON.parse(
      fs.readFileSync(path.join(dataDir, 'terminal-sim.json'), 'utf8'),
    ) as SimulatorState;
    const terminal = Object.values(terminalState.terminals)[0]!;

    server.start();
    if (!(await server.ready())) throw new Error(`the server did not start:\n${server.output()}`);
    const api = `${server.baseUrl}/backend`;

    /** One HTTP call; a refused connection, a reset or a 5xx while the server dies becomes ServerDown. */
    async function call(
      method: 'GET' | 'POST',
      route: string,
      init: { headers?: Record<string, string>; body?: unknown } = {},
    ): Promise<{ status: number; json: Record<string, unknown> }> {
      let response: Response;
      try {
        response = await fetch(`${api}${route}`, {
          method,
          headers: {
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...init.headers,
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        throw new ServerDown((error as Error).message);
      }
      const text = await response.text().catch(() => {
        throw new ServerDown('answer cut off');
      });
      if (response.status >= 500) throw new ServerDown(`${response.status} ${text.slice(0, 200)}`);
      let json: Record<string, unknown> = {};
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        json = { text };
      }
      return { status: response.status, json };
    }

    /** Retries `attempt` while the server is down (the same request: same key, same code). */
    async function untilAnswered<T>(attempt: () => Promise<T>, tries = 400): Promise<T> {
      for (let i = 0; ; i++) {
        try {
          return await attempt();
        } catch (error) {
          if (!(error instanceof ServerDown) || i >= tries) throw error;
          if (i === 0) report.lostAnswers += 1;
          await sleep(150);
        }
      }
    }

    /** A session (sign-in with the mailed code) and the user's deposit address, before any kill. */
    async function signIn(email: string) {
      const seenLogin = mailFiles(dataDir, email).length;
      const login = await call('POST', API.auth.login, { body: { email, password: DEMO_PASSWORD } });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
      const code = await nextCode(dataDir, email, seenLogin);
      const verified = await fetch(`${api}${API.auth.loginVerify}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD, code_otp: code }),
      });
      if (verified.status !== 200)
        throw new Error(`login-verify: ${verified.status} ${await verified.text()}`);
      const headers = { cookie: verified.headers.get('set-cookie')!.split(';')[0]! };
      const seenAddress = mailFiles(dataDir, email).length;
      const requested = await call('POST', API.wallet.addressRequest, { headers });
      let address = String(requested.json.address ?? '');
      if (!address) {
        const otp = await nextCode(dataDir, email, seenAddress);
        const confirmed = await call('POST', API.wallet.addressConfirm, { headers, body: { otp } });
        address = String(confirmed.json.address ?? '');
      }
      if (!address) throw new Error(`no deposit address for ${email}`);
      return { email, headers, address };
    }
    // The trader confirms deals (and pays USDT for each); the lead withdraws (withdrawals are for leads).
    const trader = await signIn(TRADER_EMAIL);
    const lead = await signIn(LEAD_EMAIL);
    const depositTo = [trader.address, lead.address];
    // The lead starts with funds to withdraw: a deposit, credited before the first kill.
    const funding = {
      txid: chain.deposit({ to: lead.address, amount: 5_000n * MICRO }).txid,
      amount: 5_000n * MICRO,
    };
    report.acknowledged.deposits += 1;
    const fundedBy = Date.now() + 60_000;
    for (;;) {
      const probe = await call('POST', API.wallet.withdrawRequest, {
        headers: lead.headers,
        body: { amount: 10, address: freshAddress() },
      });
      if (probe.status === 200) break;
      if (Date.now() > fundedBy)
        throw new Error(`the lead's deposit was not credited: ${JSON.stringify(probe.json)}`);
      await sleep(300);
    }

    // The load: until `stop`, each client repeats its own write, retrying across the server's deaths.
    let stop = false;
    const ackedOrders: AckedOrder[] = [];
    const toConfirm: AckedOrder[] = [];
    const ackedConfirmations = new Set<string>();
    const ackedCancellations = new Set<string>();
    const ackedDeposits: { txid: string; amount: bigint }[] = [funding];
    const ackedWithdrawals: { id: string; address: string; amount: bigint }[] = [];
    const openAmounts = new Set<number>();
    const merchantHeaders = (key: string) => ({
      authorization: `Bearer ${merchant.key}`,
      'idempotency-key': key,
    });

    async function merchantClient() {
      while (!stop) {
        let amount = pick(100_000, 400_000);
        while (openAmounts.has(amount)) amount = pick(100_000, 400_000);
        openAmounts.add(amount);
        const key = randomUUID();
        const body = {
          amount: `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`,
          payment_mode: 'sbp',
          external_id: `crash-${key}`,
        };
        try {
          const answer = await untilAnswered(() =>
            call('POST', API.merchant.orders, { headers: merchantHeaders(key), body }),
          );
          if (answer.status !== 201)
            refusals.add(
              `order ${answer.status} ${String(answer.json.type ?? '')
                .split('/')
                .pop()}`,
            );
          else {
            const order = { key, externalId: body.external_id, id: String(answer.json.id) };
            ackedOrders.push(order);
            report.acknowledged.orders += 1;
            // A retry of an acknowledged request (as after a lost answer) must replay the same order.
            if (Math.random() < 0.3) {
              const replay = await untilAnswered(() =>
                call('POST', API.merchant.orders, { headers: merchantHeaders(key), body }),
              );
              report.acknowledged.orderReplays += 1;
              if (String(replay.json.id) !== order.id)
                violation(
                  `key ${key}: replay answered ${replay.status} ${JSON.stringify(replay.json)}, not ${order.id}`,
                );
            }
            if (Math.random() < 0.15) {
              const cancelKey = randomUUID();
              const cancel = await untilAnswered(() =>
                call('POST', API.merchant.cancel(order.id), {
                  headers: merchantHeaders(cancelKey),
                  body: {},
                }),
              );
              if (cancel.status !== 200) refusals.add(`cancel ${cancel.status}`);
              else {
                ackedCancellations.add(order.id);
                report.acknowledged.cancellations += 1;
              }
            } else if (Math.random() < 0.8) {
              toConfirm.push(order);
            }
          }
        } catch (error) {
          if (!(error instanceof ServerDown)) throw error;
        } finally {
          openAmounts.delete(amount);
        }
        await sleep(pick(20, 120));
      }
    }

    async function traderClient() {
      while (!stop || toConfirm.length > 0) {
        const order = toConfirm.shift();
        if (!order) {
          await sleep(50);
          continue;
        }
        try {
          const answer = await untilAnswered(() =>
            call('POST', API.transactions.verify, {
              headers: trader.headers,
              body: { transaction_id: order.id },
            }),
          );
          if (answer.status !== 200) refusals.add(`confirm ${answer.status}`);
          else {
            ackedConfirmations.add(order.id);
            report.acknowledged.confirmations += 1;
          }
        } catch (error) {
          if (!(error instanceof ServerDown)) throw error;
        }
      }
    }

    async function deviceClient() {
      while (!stop) {
        try {
          await call('POST', API.device.heartbeat, {
            headers: { authorization: `Bearer ${terminal.device_token}`, 'idempotency-key': randomUUID() },
            body: { battery: 90 },
          });
        } catch (error) {
          if (!(error instanceof ServerDown)) throw error;
        }
        await sleep(1_000);
      }
    }

    async function depositClient() {
      while (!stop) {
        const amount = BigInt(pick(20, 60)) * MICRO;
        const { txid } = chain.deposit({ to: depositTo[report.acknowledged.deposits % 2]!, amount });
        ackedDeposits.push({ txid, amount });
        report.acknowledged.deposits += 1;
        await sleep(pick(300, 900));
      }
    }

    async function withdrawalClient() {
      while (!stop) {
        const amount = pick(10, 14);
        const address = freshAddress();
        try {
          const seen = mailFiles(dataDir, lead.email).length;
          const requested = await untilAnswered(() =>
            call('POST', API.wallet.withdrawRequest, { headers: lead.headers, body: { amount, address } }),
          );
          if (requested.status !== 200)
            refusals.add(
              `withdraw request ${requested.status} ${String(requested.json.detail ?? requested.json.error ?? '').slice(0, 60)}`,
            );
          else {
            let otp = await nextCode(dataDir, lead.email, seen);
            const verify = (code: string) =>
              untilAnswered(() =>
                call('POST', API.wallet.withdrawVerify, {
                  headers: lead.headers,
                  body: { amount, address, otp: code },
                }),
              );
            let verifiedWithdrawal = await verify(otp);
            // A request retried after a kill issues a newer code, whose mail may arrive after the older one we
            // read: like a person, use the newest code once it is there.
            for (let attempt = 0; attempt < 3 && verifiedWithdrawal.status === 400; attempt++) {
              const newer = await nextCode(dataDir, lead.email, mailFiles(dataDir, lead.email).length - 1);
              if (newer === otp) {
                await sleep(1_000);
                continue;
              }
              otp = newer;
              verifiedWithdrawal = await verify(otp);
            }
            if (verifiedWithdrawal.status !== 200)
              refusals.add(`withdraw verify ${verifiedWithdrawal.status}`);
            const withdrawal = verifiedWithdrawal.json.withdrawal as { id?: string } | undefined;
            if (verifiedWithdrawal.status === 200 && withdrawal?.id) {
              ackedWithdrawals.push({ id: withdrawal.id, address, amount: BigInt(amount) * MICRO });
              report.acknowledged.withdrawals += 1;
            }
          }
        } catch (error) {
          if (!(error instanceof ServerDown)) throw error;
        }
        await sleep(pick(100, 500));
      }
    }

    const clients = [
      merchantClient(),
      merchantClient(),
      traderClient(),
      deviceClient(),
      depositClient(),
      withdrawalClient(),
    ];
    // A client that throws anything but ServerDown is a bug of this harness: stop and say so.
    let clientError: unknown = null;
    const watched = clients.map((client) =>
      client.catch((error: unknown) => {
        clientError = error;
        stop = true;
      }),
    );

    const killUntil = options.maxMinutes ? started + options.maxMinutes * 60_000 : Number.POSITIVE_INFINITY;
    for (let kill = 1; kill <= options.kills && clientError === null && Date.now() < killUntil; kill++) {
      const duringStart = kill > 1 && Math.random() < 0.15;
      if (kill > 1) {
        server.start();
        const spawned = Date.now();
        if (duringStart) {
          await sleep(pick(200, 1_500));
          report.killsDuringStart += 1;
        } else if (!(await server.ready())) {
          throw new Error(`the server did not come back after kill ${kill - 1}:\n${server.output()}`);
        } else {
          startTimes.push(Date.now() - spawned);
        }
      }
      if (!duringStart) await sleep(pick(50, maxUpMs));
      await server.kill('SIGKILL');
      report.kills += 1;
      if (kill % 10 === 0 || kill === options.kills)
        log(
          `kill ${kill}/${options.kills}: ${report.acknowledged.orders} orders, ${report.acknowledged.confirmations} confirmations, ${report.acknowledged.deposits} deposits, ${report.acknowledged.withdrawals} withdrawals acknowledged`,
        );
    }

    // The last start: the load stops, the workers catch up (deposits credited, withdrawals to an end).
    server.start();
    if (!(await server.ready()))
      throw new Error(`the server did not come back at the end:\n${server.output()}`);
    stop = true;
    await Promise.all(watched);
    if (clientError) throw clientError;

    const database = await openDatabase({
      databaseUrl: throwaway?.url,
      dataDir,
      poolSize: 2,
      holder: 'the crash loop',
      share: 'join',
    });
    try {
      await converge(database, ackedDeposits.length);
      await check(database, report, {
        ackedOrders,
        ackedConfirmations,
        ackedCancellations,
        ackedDeposits,
        ackedWithdrawals,
        chainTransfers: () => chain.transactions(),
        hotAddress: tronAddressFromPrivateKey(hotKey),
      });
    } finally {
      await database.close();
    }
    if (report.violations.length > 0) report.serverOutput = server.output();
    await server.kill('SIGTERM');
    const verify = await runCli('src/cli/admin.ts', ['ledger-verify'], env);
    const clean = verify.code === 0;
    report.checks.push({
      name: 'admin ledger-verify',
      ok: clean,
      detail: verify.output.trim().split('\n')[0] ?? '',
    });
    if (!clean) violation(`ledger-verify: ${verify.output.trim()}`);
  } finally {
    await server.kill('SIGKILL');
    await chain.close();
    if (throwaway) await throwaway.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report.seconds = Math.round((Date.now() - started) / 1000);
  report.meanStartSeconds =
    startTimes.length === 0
      ? 0
      : Math.round(startTimes.reduce((a, b) => a + b, 0) / startTimes.length / 100) / 10;
  return report;
}

/** A 'signing' claim younger than this belongs to a live sender (see converge). */
const LIVE_SIGNING_SECONDS = 10;

/**
 * Waits until every deposit is credited and no withdrawal is still in flight, up to two and a half minutes: a
 * broadcast the node refused is only given up once the chain's solid head is a minute past the transaction's
 * expiration (a minute after it was built), so the slowest legitimate end comes two minutes after signing.
 * A 'signing' claim is in flight while it is fresh: the live sender stores the signed transaction within
 * milliseconds of claiming, so one older than LIVE_SIGNING_SECONDS was left by a killed server (the check
 * expects those). Without it, a claim taken just before this read ended the wait and the check then found
 * the same withdrawal broadcast (CI, PGlite).
 */
async function converge(database: Database, deposits: number): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const { rows } = await database.raw.query<{ credited: string; inflight: string }>(
      `select (select count(*) from deposits) as credited,
              (select count(*) from withdrawals
                where status in ('approved', 'signed', 'broadcast')
                   or (status = 'signing' and updated_at > now() - interval '${LIVE_SIGNING_SECONDS} seconds')
              ) as inflight`,
    );
    if (Number(rows[0]!.credited) >= deposits && Number(rows[0]!.inflight) === 0) return;
    await sleep(300);
  }
}

/** Counts of one ledger key family per id, e.g. deal-settle:<id>. */
async function keyCounts(database: Database, prefix: string): Promise<Map<string, number>> {
  const { rows } = await database.raw.query<{ key: string; n: string }>(
    `select idempotency_key as key, count(*) as n from ledger_transactions
      where idempotency_key like $1 group by idempotency_key`,
    [`${prefix}%`],
  );
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

async function check(
  database: Database,
  report: CrashLoopReport,
  seen: {
    ackedOrders: AckedOrder[];
    ackedConfirmations: Set<string>;
    ackedCancellations: Set<string>;
    ackedDeposits: { txid: string; amount: bigint }[];
    ackedWithdrawals: { id: string; address: string; amount: bigint }[];
    chainTransfers: () => { txid: string; owner: string; to: string; amount: string; success: boolean }[];
    hotAddress: string;
  },
): Promise<void> {
  const query = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
    (await database.raw.query<T>(sql, values)).rows;
  const record = (name: string, problems: string[], detail: string) => {
    report.checks.push({
      name,
      ok: problems.length === 0,
      detail: problems.length ? problems.slice(0, 5).join('; ') : detail,
    });
    for (const problem of problems) report.violations.push(`${name}: ${problem}`);
  };

  // Orders: each acknowledged one exists once, under its idempotency key, with the answer it was given.
  const deals = new Map(
    (
      await query<{ id: string; external_id: string; status: string }>(
        'select id, external_id, status from deals',
      )
    ).map((row) => [row.id, row]),
  );
  const keys = new Map(
    (
      await query<{ key: string; response_body: string | null }>(
        `select key, response_body from idempotency_keys where scope like 'merchant:%' and path = $1`,
        [`/backend${API.merchant.orders}`],
      )
    ).map((row) => [row.key, row.response_body]),
  );
  const orderProblems: string[] = [];
  for (const order of seen.ackedOrders) {
    const deal = deals.get(order.id);
    if (!deal) orderProblems.push(`acknowledged order ${order.id} is missing`);
    else if (deal.external_id !== order.externalId)
      orderProblems.push(`order ${order.id} has another external id`);
    const stored = keys.get(order.key);
    if (!stored || JSON.parse(stored).id !== order.id)
      orderProblems.push(`idempotency key ${order.key} does not answer order ${order.id}`);
  }
  const perExternal = await query<{ external_id: string; n: string }>(
    'select external_id, count(*) as n from deals group by external_id having count(*) > 1',
  );
  for (const row of perExternal) orderProblems.push(`${row.n} orders for ${row.external_id}`);
  record(
    'orders: acknowledged present, one per idempotency key',
    orderProblems,
    `${seen.ackedOrders.length} orders`,
  );

  // Deals: frozen once; settled at most once and only when complete; released once when expired or canceled.
  const freezes = await keyCounts(database, 'deal-freeze:');
  const settles = await keyCounts(database, 'deal-settle:');
  const releases = await keyCounts(database, 'deal-release:');
  const dealProblems: string[] = [];
  for (const deal of deals.values()) {
    const settled = settles.get(`deal-settle:${deal.id}`) ?? 0;
    const released = releases.get(`deal-release:${deal.id}`) ?? 0;
    if ((freezes.get(`deal-freeze:${deal.id}`) ?? 0) !== 1)
      dealProblems.push(`deal ${deal.id} not frozen once`);
    if (settled !== (deal.status === 'complete' ? 1 : 0))
      dealProblems.push(`deal ${deal.id} (${deal.status}) settled ${settled}×`);
    if (released !== (deal.status === 'expired' || deal.status === 'canceled' ? 1 : 0))
      dealProblems.push(`deal ${deal.id} (${deal.status}) released ${released}×`);
  }
  for (const id of seen.ackedConfirmations)
    if (deals.get(id)?.status !== 'complete')
      dealProblems.push(`confirmed deal ${id} is ${deals.get(id)?.status}`);
  for (const id of seen.ackedCancellations)
    if (deals.get(id)?.status !== 'canceled')
      dealProblems.push(`canceled deal ${id} is ${deals.get(id)?.status}`);
  record(
    'deals: confirmations and cancellations present, each settled or released exactly once',
    dealProblems,
    `${deals.size} deals, ${seen.ackedConfirmations.size} confirmed, ${seen.ackedCancellations.size} canceled`,
  );

  // Deposits: each chain transfer credited once, nothing credited that the chain did not send.
  const credited = await query<{ txid: string; amount: string; n: string }>(
    'select txid, min(amount)::text as amount, count(*) as n from deposits group by txid',
  );
  const creditedBy = new Map(credited.map((row) => [row.txid, row]));
  const depositKeys = await keyCounts(database, 'deposit:');
  const depositProblems: string[] = [];
  for (const deposit of seen.ackedDeposits) {
    const row = creditedBy.get(deposit.txid);
    if (!row) depositProblems.push(`deposit ${deposit.txid} not credited`);
    else if (Number(row.n) !== 1 || BigInt(row.amount) !== deposit.amount)
      depositProblems.push(`deposit ${deposit.txid} credited ${row.n}× (${row.amount})`);
    if ((depositKeys.get(`deposit:${deposit.txid}:0`) ?? 0) !== 1)
      depositProblems.push(
        `deposit ${deposit.txid}: ${depositKeys.get(`deposit:${deposit.txid}:0`) ?? 0} ledger transactions`,
      );
  }
  if (credited.length !== seen.ackedDeposits.length)
    depositProblems.push(`${credited.length} deposits credited for ${seen.ackedDeposits.length} sent`);
  record('deposits: each credited exactly once', depositProblems, `${seen.ackedDeposits.length} deposits`);

  // Withdrawals: each acknowledged one exists; the chain saw at most one transfer for any withdrawal, exactly
  // one when confirmed and none when failed; the frozen funds ended completed or released, once.
  const withdrawals = await query<{
    id: string;
    status: string;
    to_address: string;
    amount: string;
    txid: string | null;
    last_error: string | null;
    attempts: number;
  }>('select id, status, to_address, amount::text as amount, txid, last_error, attempts from withdrawals');
  const byId = new Map(withdrawals.map((row) => [row.id, row]));
  const completes = await keyCounts(database, 'withdrawal:');
  const transfers = seen.chainTransfers().filter((tx) => tx.owner === seen.hotAddress && tx.success);
  const withdrawalProblems: string[] = [];
  for (const acked of seen.ackedWithdrawals) {
    const row = byId.get(acked.id);
    if (!row) withdrawalProblems.push(`acknowledged withdrawal ${acked.id} is missing`);
    else if (row.to_address !== acked.address || BigInt(row.amount) !== acked.amount)
      withdrawalProblems.push(`withdrawal ${acked.id} differs from its request`);
  }
  for (const row of withdrawals) {
    const sent = transfers.filter((tx) => tx.to === row.to_address);
    const completed = completes.get(`withdrawal:${row.id}:complete`) ?? 0;
    const released = completes.get(`withdrawal:${row.id}:release`) ?? 0;
    const held = completes.get(`withdrawal:${row.id}:hold`) ?? 0;
    if (sent.length > 1) withdrawalProblems.push(`withdrawal ${row.id} paid ${sent.length}× on chain`);
    if (row.status === 'confirmed' && (sent.length !== 1 || sent[0]!.amount !== row.amount))
      withdrawalProblems.push(`confirmed withdrawal ${row.id} has ${sent.length} transfers`);
    if (row.status === 'failed' && sent.length !== 0)
      withdrawalProblems.push(`failed withdrawal ${row.id} was paid`);
    // A kill between the claim and storing the signed transaction leaves 'signing' with nothing signed or sent;
    // the sender takes it back to approved only after its stale-claim time (2 min), longer than the wait here.
    if (row.status === 'signing' && sent.length !== 0)
      withdrawalProblems.push(`withdrawal ${row.id} signing but paid`);
    if (['approved', 'signed', 'broadcast'].includes(row.status))
      withdrawalProblems.push(
        `withdrawal ${row.id} still ${row.status} at the end (txid ${row.txid ?? 'none'}, ${row.attempts} attempts, on chain: ${seen.chainTransfers().some((tx) => tx.txid === row.txid)}, last error: ${row.last_error ?? 'none'})`,
      );
    if (row.status !== 'requested' && row.status !== 'canceled' && held !== 1)
      withdrawalProblems.push(`withdrawal ${row.id} (${row.status}) held ${held}×`);
    if (
      completed !== (row.status === 'confirmed' ? 1 : 0) ||
      released !== (row.status === 'failed' || row.status === 'rejected' ? 1 : 0)
    )
      withdrawalProblems.push(
        `withdrawal ${row.id} (${row.status}): completed ${completed}×, released ${released}×`,
      );
  }
  const known = new Set(withdrawals.map((row) => row.to_address));
  for (const tx of transfers)
    if (!known.has(tx.to)) withdrawalProblems.push(`chain transfer ${tx.txid} belongs to no withdrawal`);
  const confirmed = withdrawals.filter((row) => row.status === 'confirmed').length;
  record(
    'withdrawals: acknowledged present, paid at most once, funds completed or released once',
    withdrawalProblems,
    `${withdrawals.length} withdrawals (${confirmed} confirmed), ${transfers.length} chain transfers`,
  );

  // The schema's unique index says it too; the loop checks the data, not the schema.
  const duplicates = await query<{ key: string }>(
    'select idempotency_key as key from ledger_transactions group by idempotency_key having count(*) > 1',
  );
  record(
    'ledger: one transaction per idempotency key',
    duplicates.map((row) => `key ${row.key} used more than once`),
    `${(await query<{ n: string }>('select count(*) as n from ledger_transactions'))[0]!.n} transactions`,
  );
}

/** The summary printed at the end of a run. */
export function formatReport(report: CrashLoopReport): string {
  const a = report.acknowledged;
  const lines = [
    `crash loop on ${report.engine}: ${report.kills} of ${report.killsRequested} kills (${report.killsDuringStart} during start-up) in ${report.seconds} s; a start took ${report.meanStartSeconds} s on average`,
    `  acknowledged: ${a.orders} orders (${a.orderReplays} replayed), ${a.confirmations} confirmations, ${a.cancellations} cancellations, ${a.deposits} deposits, ${a.withdrawals} withdrawals; ${report.lostAnswers} answers lost to a kill and retried`,
    `  refused (4xx, not violations): ${JSON.stringify(report.refusals)}`,
    ...report.checks.map((item) => `  ${item.ok ? 'ok  ' : 'FAIL'} ${item.name}: ${item.detail}`),
    report.violations.length === 0 ? '  no violations' : `  ${report.violations.length} violations`,
  ];
  if (report.serverOutput)
    lines.push(
      '  the last server said:',
      ...report.serverOutput
        .trim()
        .split('\n')
        .slice(-40)
        .map((line) => `    ${line}`),
    );
  return lines.join('\n');
}
