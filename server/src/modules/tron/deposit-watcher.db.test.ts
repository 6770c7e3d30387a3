import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAfterLedgerCheck, createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { type ChainSimulator, startChainSimulator } from '../../cli/chain-simulator.ts';
import { workerLeases } from '../../db/schema/index.ts';
import { startWorkers } from '../../workers.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import { SESSION_EXPIRY } from '../auth/session-expiry.ts';
import { DISPUTE_DEADLINES } from '../disputes/dispute-deadlines.ts';
import { IDEMPOTENCY_EXPIRY } from '../idempotency/idempotency-expiry.ts';
import { MAIL_DELIVERY } from '../mail/mail-delivery.ts';
import { TABLE_MAINTENANCE } from '../maintenance/table-maintenance.ts';
import { DEAL_CHART_FOLDING } from '../orders/deal-chart-folding.ts';
import { DEAL_EXPIRY } from '../orders/deal-expiry.ts';
import { CODE_EXPIRY } from '../otp/code-expiry.ts';
import { RATE_POLLER } from '../rates/rate-poller.ts';
import { OFFLINE_NOTICE } from '../terminals/offline-notice.ts';
import { PENDING_EXPIRY } from '../terminals/pending-expiry.ts';
import { WEBHOOK_DELIVERY } from '../webhooks/webhook-delivery.ts';
import { createDepositScanner, DEPOSIT_CURSOR } from './deposit-scanner.ts';
import { DEPOSIT_WATCHER, startDepositWatcher } from './deposit-watcher.ts';
import * as repo from './tron.repository.ts';
import { createTronGridClient, type TronGridClient } from './trongrid-client.ts';
import { WITHDRAWAL_SENDER } from './withdrawal-sender.ts';

let sim: ChainSimulator;
let t: TestApp;
const silent = pino({ level: 'silent' });
const HEALTH_TOKEN = 'deposit-watcher-health-token';

beforeAll(async () => {
  sim = await startChainSimulator({ port: 0 });
  t = await createTestApp({
    TRON_XPUB: TEST_XPUB,
    TRONGRID_URL: sim.url,
    OTP_MAX_SENDS_PER_HOUR: '1000',
    HEALTH_TOKEN,
  });
});
afterAll(() => closeAfterLedgerCheck(t, sim));

/** A user with a deposit address, created through the real request/confirm flow. */
async function userWithAddress() {
  const person = await signedInUser(t);
  await t.app.inject({
    method: 'POST',
    url: `${t.prefix}/account/wallet/address/request/`,
    headers: { cookie: person.cookie },
  });
  const confirm = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}/account/wallet/address/confirm/`,
    headers: { cookie: person.cookie },
    payload: { otp: t.mailer.lastCode(person.email) },
  });
  return { ...person, address: confirm.json().address as string };
}

const client = () => createTronGridClient({ url: sim.url });
/** The simulator's client, noting in `asked` the lower time bound of each events request. */
function recordingClient() {
  const asked: number[] = [];
  const recording: TronGridClient = {
    ...client(),
    async contractTransferEvents(input) {
      asked.push(input.minBlockTimestamp);
      return client().contractTransferEvents(input);
    },
  };
  return { asked, recording };
}
const scanner = (options: { client?: TronGridClient; pageSize?: number; overlapMs?: number } = {}) =>
  createDepositScanner({
    database: t.database,
    ledger: t.ctx.ledger,
    client: options.client ?? client(),
    contract: sim.contract,
    log: silent,
    pageSize: options.pageSize,
    overlapMs: options.overlapMs,
  });
const available = async (userId: string) => (await t.ctx.ledger.getBalances(userId)).available;

describe('deposit watcher: crediting', () => {
  it('credits a confirmed transfer to our address once, however often it is scanned', async () => {
    const person = await userWithAddress();
    const { txid } = sim.deposit({ to: person.address, amount: 12_500_000n });
    const first = await scanner().scanContractEvents();
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect(await available(person.user.id)).toBe(12_500_000n);
    expect((await scanner().scanContractEvents()).credited).toBe(0);
    expect(await available(person.user.id)).toBe(12_500_000n);
    const rows = await repo.depositsOfUser(t.database.db, person.user.id);
    expect(rows).toMatchObject([
      { txid, eventIndex: 0, amount: 12_500_000n, source: 'watcher', address: person.address },
    ]);
  });

  it('never credits an unconfirmed transfer, and credits it once confirmed', async () => {
    const person = await userWithAddress();
    const { txid } = sim.deposit({ to: person.address, amount: 3_000_000n, confirmed: false });
    await scanner().scanContractEvents();
    expect(await available(person.user.id)).toBe(0n);
    // Even when a node ignores only_confirmed and sends it flagged _unconfirmed, it is refused.
    const leaky: TronGridClient = {
      ...client(),
      async contractTransferEvents(input) {
        const page = await client().contractTransferEvents(input);
        const raw = await client().transactionEvents(txid);
        return { ...page, items: [...page.items, ...raw.map((e) => (e ? { ...e, confirmed: false } : e))] };
      },
    };
    await scanner({ client: leaky }).scanContractEvents();
    expect(await available(person.user.id)).toBe(0n);
    sim.confirm(txid);
    await scanner().scanContractEvents();
    expect(await available(person.user.id)).toBe(3_000_000n);
  });

  it('ignores transfers to addresses that are not ours, zero-value transfers and other contracts', async () => {
    const person = await userWithAddress();
    sim.deposit({ to: OUTSIDE_ADDRESSES[0]!, amount: 5_000_000n });
    const other = createTronGridClient({ url: sim.url });
    const forged: TronGridClient = {
      ...other,
      async contractTransferEvents(input) {
        const page = await other.contractTransferEvents(input);
        const base = {
          txid: 'ab'.repeat(32),
          eventIndex: 0,
          blockNumber: 1,
          blockTimestamp: Date.now(),
          eventName: 'Transfer',
        };
        return {
          ...page,
          items: [
            ...page.items,
            {
              ...base,
              contract: OUTSIDE_ADDRESSES[1]!,
              from: null,
              to: person.address,
              value: 9_000_000n,
              confirmed: true,
            },
            {
              ...base,
              eventIndex: 1,
              contract: sim.contract,
              from: null,
              to: person.address,
              value: 0n,
              confirmed: true,
            },
            null,
          ],
        };
      },
    };
    await scanner({ client: forged }).scanContractEvents();
    expect(await available(person.user.id)).toBe(0n);
  });

  it('credits duplicated and replayed events once, and two transfers in one transaction separately', async () => {
    const person = await userWithAddress();
    const { txid } = sim.deposit({ to: person.address, amount: 1_000_000n });
    sim.deposit({ to: person.address, amount: 2_000_000n, txid, eventIndex: 1 });
    // The same event again, later (a re-org replay or an indexer repeating itself).
    sim.deposit({ to: person.address, amount: 1_000_000n, txid, eventIndex: 0 });
    const doubled: TronGridClient = {
      ...client(),
      async contractTransferEvents(input) {
        const page = await client().contractTransferEvents(input);
        return { ...page, items: [...page.items, ...page.items] };
      },
    };
    await scanner({ client: doubled }).scanContractEvents();
    await scanner().scanContractEvents();
    expect(await available(person.user.id)).toBe(3_000_000n);
    const rows = await repo.depositsOfUser(t.database.db, person.user.id);
    expect(rows.map((row) => [row.txid, row.eventIndex]).sort()).toEqual([
      [txid, 0],
      [txid, 1],
    ]);
  });
});

describe('deposit watcher: cursor', () => {
  it('resumes from the cursor after a crash mid-scan and credits every event exactly once', async () => {
    const person = await userWithAddress();
    // Bring the cursor up to date first, so the pages below hold this test's events.
    await scanner().scanContractEvents();
    for (let i = 0; i < 7; i++) sim.deposit({ to: person.address, amount: BigInt(1_000_000 * (i + 1)) });
    let calls = 0;
    const crashing: TronGridClient = {
      ...client(),
      async contractTransferEvents(input) {
        calls += 1;
        if (calls === 3) throw new Error('the process died here');
        return client().contractTransferEvents(input);
      },
    };
    await expect(
      scanner({ client: crashing, pageSize: 3, overlapMs: 1 }).scanContractEvents(),
    ).rejects.toThrow(/died/);
    const partial = await available(person.user.id);
    expect(partial).toBeGreaterThan(0n);
    expect(partial).toBeLessThan(28_000_000n);
    const cursor = (await repo.readCursor(t.database.db, DEPOSIT_CURSOR))!;

    const { asked, recording } = recordingClient();
    await scanner({ client: recording, pageSize: 3, overlapMs: 10_000 }).scanContractEvents();
    expect(asked[0]).toBe(cursor.position - 10_000);
    expect(await available(person.user.id)).toBe(28_000_000n);
    const after = (await repo.readCursor(t.database.db, DEPOSIT_CURSOR))!;
    expect(after.position).toBeGreaterThanOrEqual(cursor.position);
    expect(after.scannedAt).not.toBeNull();
  });

  it('asks only for events since the cursor minus the overlap on the next scan', async () => {
    const person = await userWithAddress();
    sim.deposit({ to: person.address, amount: 4_000_000n });
    await scanner().scanContractEvents();
    const cursor = (await repo.readCursor(t.database.db, DEPOSIT_CURSOR))!;
    const { asked, recording } = recordingClient();
    sim.deposit({ to: person.address, amount: 1_000_000n });
    const result = await scanner({ client: recording, overlapMs: 5_000 }).scanContractEvents();
    expect(asked).toEqual([cursor.position - 5_000]);
    expect(result.credited).toBe(1);
    expect(await available(person.user.id)).toBe(5_000_000n);
  });
});

describe('deposit watcher: several at once', () => {
  it('credits once when two scanners run at the same time', async () => {
    const people = [await userWithAddress(), await userWithAddress()];
    for (const person of people)
      for (let i = 0; i < 4; i++) sim.deposit({ to: person.address, amount: 2_000_000n });
    const results = await Promise.all([
      scanner({ pageSize: 2 }).scanContractEvents(),
      scanner({ pageSize: 3 }).scanContractEvents(),
    ]);
    expect(results[0]!.credited + results[1]!.credited).toBe(8);
    for (const person of people) expect(await available(person.user.id)).toBe(8_000_000n);
  });

  it('runs the watcher on one instance at a time (lease) and still credits once', async () => {
    const person = await userWithAddress();
    const a = startDepositWatcher(t.ctx, { intervalMs: 50, holder: 'instance-a' });
    const b = startDepositWatcher(t.ctx, { intervalMs: 50, holder: 'instance-b' });
    try {
      sim.deposit({ to: person.address, amount: 7_000_000n });
      const deadline = Date.now() + 10_000;
      while ((await available(person.user.id)) === 0n && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(await available(person.user.id)).toBe(7_000_000n);
      const [lease] = await t.database.db.select().from(workerLeases);
      expect(['instance-a', 'instance-b']).toContain(lease!.holder);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await t.database.db.select().from(workerLeases)).toEqual([]);
  });
});

describe('deposit nudge (account endpoint)', () => {
  it('credits through the address scan with the same key as the watcher, so the watcher adds nothing', async () => {
    const person = await userWithAddress();
    const { txid } = sim.deposit({ to: person.address, amount: 6_000_000n });
    sim.deposit({ to: person.address, amount: 1_000_000n, txid, eventIndex: 3 });
    const nudge = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}/account/wallet/deposit/`,
      headers: { cookie: person.cookie },
    });
    expect(nudge.statusCode).toBe(200);
    expect(nudge.json()).toEqual({ status: 'scanning' });
    const deadline = Date.now() + 10_000;
    while ((await available(person.user.id)) < 7_000_000n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await available(person.user.id)).toBe(7_000_000n);
    const rows = await repo.depositsOfUser(t.database.db, person.user.id);
    expect(rows.map((row) => [row.txid, row.eventIndex, row.source]).sort()).toEqual([
      [txid, 0, 'address_scan'],
      [txid, 3, 'address_scan'],
    ]);
    await scanner().scanContractEvents();
    expect(await available(person.user.id)).toBe(7_000_000n);
  });

  it('scans once per user per interval and answers scanning even without an address', async () => {
    const person = await userWithAddress();
    const session: SessionUser = { ...person.user, sessionId: 'test-session' };
    const first = await t.ctx.wallet.nudgeDeposit(session);
    await first.scan;
    sim.deposit({ to: person.address, amount: 1_000_000n });
    const second = await t.ctx.wallet.nudgeDeposit(session);
    expect(second.status).toBe('scanning');
    expect(await second.scan).toBe(0);
    const nobody = await signedInUser(t);
    const none = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}/account/wallet/deposit/`,
      headers: { cookie: nobody.cookie },
    });
    expect(none.json()).toEqual({ status: 'scanning' });
  });
});

describe('one deposit scanner per process', () => {
  it('the watcher and the deposit nudge both use ctx.tron.scanner', async () => {
    const shared = t.ctx.tron.scanner!;
    const watcher = startDepositWatcher(t.ctx, { intervalMs: 60_000, holder: 'one-scanner' });
    await watcher.stop();
    expect(watcher.scanner).toBe(shared);
    const person = await userWithAddress();
    const spy = vi.spyOn(shared, 'scanAddress');
    try {
      const nudge = await t.ctx.wallet.nudgeDeposit({ ...person.user, sessionId: 'one-scanner' });
      await nudge.scan;
      expect(spy).toHaveBeenCalledWith(person.address, expect.any(Date));
    } finally {
      spy.mockRestore();
    }
  });
});

describe('deposit watcher: health', () => {
  it('reports itself stale in /health and the log when TronGrid cannot be reached, and recovers', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const watcher = startDepositWatcher(
      { ...t.ctx, log },
      { intervalMs: 40, staleAfterMs: 400, holder: 'health-test' },
    );
    // The components show only to the bearer of HEALTH_TOKEN.
    const health = () =>
      t.app.inject({
        method: 'GET',
        url: `${t.prefix}/health`,
        headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
      });
    try {
      sim.faults.unavailable = true;
      const deadline = Date.now() + 10_000;
      const staleLogged = () => lines.some((line) => line.includes('deposit watcher is stale'));
      while (!staleLogged() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Degraded, not down: the instance keeps serving (200) while TronGrid is away.
      expect(await t.ctx.health.get(DEPOSIT_WATCHER)?.()).toMatchObject({ ok: true, degraded: true });
      const stale = await health();
      expect(stale.statusCode).toBe(200);
      expect(stale.json().status).toBe('degraded');
      expect(stale.json().components[DEPOSIT_WATCHER]).toMatchObject({
        ok: true,
        degraded: true,
        detail: expect.stringMatching(/503/),
      });

      sim.faults.unavailable = false;
      const isDegraded = async () => (await t.ctx.health.get(DEPOSIT_WATCHER)?.()) as { degraded?: boolean };
      while ((await isDegraded()).degraded && Date.now() < deadline + 10_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const fine = await health();
      expect(fine.statusCode).toBe(200);
      expect(fine.json().components[DEPOSIT_WATCHER]).toEqual({ ok: true, detail: expect.any(String) });
    } finally {
      sim.faults.unavailable = false;
      await watcher.stop();
    }
    expect(t.ctx.health.has(DEPOSIT_WATCHER)).toBe(false);
  });
});

describe('workers', () => {
  it('start the chain jobs only with TRONGRID_URL, the expiry jobs always, and stop cleanly', async () => {
    const without = startWorkers({ ...t.ctx, config: { ...t.ctx.config, TRONGRID_URL: undefined } });
    expect(t.ctx.health.has(DEPOSIT_WATCHER)).toBe(false);
    const housekeeping = [
      SESSION_EXPIRY,
      CODE_EXPIRY,
      IDEMPOTENCY_EXPIRY,
      PENDING_EXPIRY,
      OFFLINE_NOTICE,
      WEBHOOK_DELIVERY,
      MAIL_DELIVERY,
      DEAL_EXPIRY,
      DISPUTE_DEADLINES,
      DEAL_CHART_FOLDING,
      TABLE_MAINTENANCE,
    ];
    expect(without.jobs).toEqual(housekeeping);
    await without.stop();
    const polled = startWorkers({
      ...t.ctx,
      config: { ...t.ctx.config, TRONGRID_URL: undefined, RATE_SOURCE: 'coingecko' },
    });
    expect(polled.jobs).toContain(RATE_POLLER);
    await polled.stop();
    const started = startWorkers(t.ctx);
    expect(started.jobs).toEqual([...housekeeping, DEPOSIT_WATCHER, WITHDRAWAL_SENDER]);
    expect(t.ctx.health.has(DEPOSIT_WATCHER)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    await started.stop();
    expect(t.ctx.health.has(DEPOSIT_WATCHER)).toBe(false);
    expect(await t.database.db.select().from(workerLeases)).toEqual([]);
  });
});
