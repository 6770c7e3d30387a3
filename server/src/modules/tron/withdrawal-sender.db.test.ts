import { randomBytes } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdminOutput } from '../../../test/cli-fixtures.ts';
import { closeAfterLedgerCheck, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  HOT_WALLET_ADDRESS,
  HOT_WALLET_KEY_HEX,
  OUTSIDE_ADDRESSES,
  TEST_MNEMONIC,
  TEST_XPUB,
} from '../../../test/tron-fixtures.ts';
import { fundedLead, verifiedWithdrawalId } from '../../../test/wallet-fixtures.ts';
import { type ChainSimulator, startChainSimulator } from '../../cli/chain-simulator.ts';
import { withdrawalsCommand } from '../../cli/commands/withdrawals.ts';
import { telegramNotifications } from '../../db/schema/index.ts';
import * as wallet from '../wallet/wallet.repository.ts';
import { createTronService } from './tron.service.ts';
import { tronAddressFromPrivateKey } from './tron-address.ts';
import { accountKeyFromMnemonic } from './tron-keys.ts';
import { recoverSigner } from './tron-transaction.ts';
import { createTronGridClient, type TronGridClient } from './trongrid-client.ts';
import { createWithdrawalSender, MAX_CHECK_FAILURES, startWithdrawalSender } from './withdrawal-sender.ts';

const silent = pino({ level: 'silent' });
const HOT_FUNDS = 10_000_000_000n;
let sim: ChainSimulator;
let t: TestApp;
/** The simulated chain's clock runs ahead of ours by this much (to let transactions expire). */
let chainAhead = 0;

beforeAll(async () => {
  sim = await startChainSimulator({ port: 0, now: () => Date.now() + chainAhead });
  sim.deposit({ to: HOT_WALLET_ADDRESS, amount: HOT_FUNDS });
  t = await createTestApp({
    TRON_XPUB: TEST_XPUB,
    TRONGRID_URL: sim.url,
    TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX,
    WITHDRAWAL_AUTO_LIMIT_USDT: '100',
    OTP_MAX_SENDS_PER_HOUR: '1000',
  });
});
afterAll(() => closeAfterLedgerCheck(t, sim));

const client = () => createTronGridClient({ url: sim.url });
function sender(options: { privateKey?: Uint8Array; client?: TronGridClient; now?: () => Date } = {}) {
  return createWithdrawalSender({
    database: t.database,
    ledger: t.ctx.ledger,
    client: options.client ?? client(),
    contract: sim.contract,
    privateKey: options.privateKey ?? hexToBytes(HOT_WALLET_KEY_HEX),
    feeLimitSun: t.ctx.tron.feeLimitSun,
    log: silent,
    notifier: t.ctx.notifications,
    now: options.now,
    staleClaimMs: 0,
  });
}
const available = async (userId: string) => (await t.ctx.ledger.getBalances(userId)).available;
let destinationIndex = 0;
const freshDestination = () => OUTSIDE_ADDRESSES[destinationIndex++ % OUTSIDE_ADDRESSES.length]!;
/** An address no other test sends to, so the chain's transfers to it are this test's alone. */
const uniqueDestination = () => tronAddressFromPrivateKey(randomBytes(32));
const chainTransfersTo = (address: string) => sim.transactions().filter((tx) => tx.to === address);

/** A lead with `funds` (100 USDT) who verified a withdrawal through the API; returns the withdrawal row. */
async function verifiedWithdrawal(amount: number, address: string, funds = 100_000_000n) {
  const lead = await fundedLead(t, funds);
  const row = (await wallet.findWithdrawal(
    t.database.db,
    await verifiedWithdrawalId(t, lead, amount, address),
  ))!;
  return { lead, row };
}
const reload = async (id: string) => (await wallet.findWithdrawal(t.database.db, id))!;

describe('withdrawal sender', () => {
  it('signs with the hot wallet, broadcasts, and confirms: in flight leaves the ledger, the user keeps the rest', async () => {
    const to = freshDestination();
    const before = sim.balanceOf(to);
    const { lead, row } = await verifiedWithdrawal(20, to);
    expect(row.status).toBe('approved');
    expect(await available(lead.user.id)).toBe(79_000_000n);

    await sender().runOnce();
    const sent = await reload(row.id);
    expect(sent.status).toBe('broadcast');
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
    const signature = (sent.signedTx as { signature: string[] }).signature[0]!;
    expect(recoverSigner(sent.txid!, signature)).toBe(HOT_WALLET_ADDRESS);
    expect(sim.balanceOf(to) - before).toBe(20_000_000n);

    await sender().runOnce();
    const done = await reload(row.id);
    expect(done.status).toBe('confirmed');
    expect(done.completedAt).not.toBeNull();
    expect(await available(lead.user.id)).toBe(79_000_000n);
    await sender().runOnce();
    expect(chainTransfersTo(to).filter((tx) => tx.txid === sent.txid)).toHaveLength(1);
  });

  it('refuses to sign a txID that is not SHA-256(raw_data_hex): nothing signed, retried, then failed with funds released', async () => {
    const to = freshDestination();
    const { lead, row } = await verifiedWithdrawal(15, to);
    const broadcasts = () => sim.stats['POST /wallet/broadcasttransaction'] ?? 0;
    const sentBefore = broadcasts();
    sim.faults.forgeTxId = true;
    let clock = Date.now();
    const later = () => new Date(clock);
    try {
      for (let attempt = 1; attempt <= MAX_CHECK_FAILURES; attempt++) {
        await sender({ now: later }).runOnce();
        const current = await reload(row.id);
        expect(current.txid).toBeNull();
        if (attempt < MAX_CHECK_FAILURES) {
          expect(current.status).toBe('approved');
          expect(current.checkFailures).toBe(attempt);
          expect(current.lastError).toMatch(/SHA-256/);
        }
        clock += 3_600_000;
      }
    } finally {
      sim.faults.forgeTxId = false;
    }
    const failed = await reload(row.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/refused to sign/);
    expect(broadcasts()).toBe(sentBefore);
    expect(await available(lead.user.id)).toBe(100_000_000n);
  });

  it('refuses a node that builds a transfer to someone else, even with a consistent txID', async () => {
    const to = freshDestination();
    const attacker = OUTSIDE_ADDRESSES[5]!;
    const { row } = await verifiedWithdrawal(12, to);
    sim.faults.redirectTo = attacker;
    const attackerBefore = sim.balanceOf(attacker);
    try {
      await sender().runOnce();
    } finally {
      sim.faults.redirectTo = null;
    }
    const current = await reload(row.id);
    expect(current.status).toBe('approved');
    expect(current.lastError).toMatch(/call data/);
    expect(sim.balanceOf(attacker)).toBe(attackerBefore);
    // A later pass with an honest node sends it normally.
    await wallet.transition(t.database.db, row.id, ['approved'], { nextAttemptAt: new Date(0) });
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('broadcast');
  });

  it('releases the funds when the transfer fails on chain (hot wallet without USDT)', async () => {
    const emptyKey = accountKeyFromMnemonic(TEST_MNEMONIC)
      .deriveChild(0x80000003)
      .deriveChild(0)
      .deriveChild(0).privateKey!;
    expect(sim.balanceOf(tronAddressFromPrivateKey(emptyKey))).toBe(0n);
    const { lead, row } = await verifiedWithdrawal(30, freshDestination());
    const key = (await t.ctx.telegram.getKey(lead.user.id)).connection_key;
    await t.ctx.telegram.linkByKey(key, { telegramId: 600_000_001, name: 'Лид' });
    expect(await available(lead.user.id)).toBe(69_000_000n);
    await sender({ privateKey: emptyKey }).runOnce();
    expect((await reload(row.id)).status).toBe('broadcast');
    await sender({ privateKey: emptyKey }).runOnce();
    const failed = await reload(row.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/REVERT/);
    expect(await available(lead.user.id)).toBe(100_000_000n);
    // The user is told in Telegram, in the release's transaction, that the money came back.
    const notices = await t.database.db
      .select({ text: telegramNotifications.text })
      .from(telegramNotifications)
      .where(
        and(
          eq(telegramNotifications.userId, lead.user.id),
          eq(telegramNotifications.kind, 'withdrawal_returned'),
        ),
      );
    expect(notices.map((notice) => notice.text)).toEqual([
      `Вывод $30.00 на адрес ${row.toAddress} не выполнен: $31.00 (сумма и комиссия) возвращены на баланс`,
    ]);
  });
});

describe('withdrawal sender: fee limit', () => {
  it('signs transactions carrying TRON_FEE_LIMIT_TRX as their fee_limit', async () => {
    const config = { ...t.ctx.config, TRON_FEE_LIMIT_TRX: 37 };
    const tron = createTronService({ ...t.ctx, config, client: client() });
    expect(tron.feeLimitSun).toBe(37_000_000n);
    const { row } = await verifiedWithdrawal(15, freshDestination());
    const job = startWithdrawalSender({ ...t.ctx, config, tron }, { intervalMs: 20, holder: 'fee-test' });
    try {
      const deadline = Date.now() + 10_000;
      while ((await reload(row.id)).txid === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await job.stop();
    }
    const signed = (await reload(row.id)).signedTx as { raw_data: { fee_limit: number } };
    expect(signed.raw_data.fee_limit).toBe(37_000_000);
  });
});

describe('withdrawal sender: a crash at any step never sends twice', () => {
  it('answer lost after the node accepted: the restarted sender finds it by txid (DUP on re-broadcast)', async () => {
    const to = freshDestination();
    const { lead, row } = await verifiedWithdrawal(11, to);
    sim.faults.acceptThenFail = 1;
    sim.faults.holdSolidity = true;
    try {
      await sender().runOnce();
      const signed = await reload(row.id);
      expect(signed.status).toBe('signed');
      expect(chainTransfersTo(to).filter((tx) => tx.txid === signed.txid)).toHaveLength(1);
      // "Restart": a new sender re-broadcasts the same signed transaction; the node says it has it.
      await sender().runOnce();
      const again = await reload(row.id);
      expect(again.status).toBe('broadcast');
      expect(again.txid).toBe(signed.txid);
    } finally {
      sim.faults.holdSolidity = false;
      sim.faults.acceptThenFail = 0;
    }
    const txid = (await reload(row.id)).txid!;
    sim.confirm(txid);
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(
      chainTransfersTo(to).filter((tx) => tx.owner === HOT_WALLET_ADDRESS && tx.amount === '11000000'),
    ).toHaveLength(1);
    expect(await available(lead.user.id)).toBe(88_000_000n);
  });

  it('stored but never broadcast: the restarted sender broadcasts the same signed transaction', async () => {
    const to = freshDestination();
    const { row } = await verifiedWithdrawal(13, to);
    sim.faults.failBroadcasts = 1;
    await sender().runOnce();
    const stored = await reload(row.id);
    expect(stored.status).toBe('signed');
    expect(sim.transactions().some((tx) => tx.txid === stored.txid)).toBe(false);
    await sender().runOnce();
    const sent = await reload(row.id);
    expect(sent.status).toBe('broadcast');
    expect(sent.txid).toBe(stored.txid);
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(chainTransfersTo(to).filter((tx) => tx.amount === '13000000')).toHaveLength(1);
  });

  it('claimed but never stored: the claim is recovered and the withdrawal sent once', async () => {
    const to = freshDestination();
    const { row } = await verifiedWithdrawal(14, to);
    const claimed = await wallet.transition(
      t.database.db,
      row.id,
      ['approved'],
      { status: 'signing', attempts: row.attempts + 1 },
      row.attempts,
    );
    expect(claimed?.status).toBe('signing');
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('broadcast');
    // The stopped sender's late write under its old claim number is fenced out.
    const late = await wallet.transition(
      t.database.db,
      row.id,
      ['signing'],
      { status: 'approved' },
      claimed!.attempts,
    );
    expect(late).toBeUndefined();
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(chainTransfersTo(to).filter((tx) => tx.amount === '14000000')).toHaveLength(1);
  });

  it('stored, refused by the node until it expired: failed with funds released, and its txid never lands', async () => {
    const to = freshDestination();
    const { lead, row } = await verifiedWithdrawal(16, to);
    sim.faults.failBroadcasts = 1_000;
    try {
      await sender().runOnce();
      await sender().runOnce();
      const stored = await reload(row.id);
      expect(stored.status).toBe('signed');
      chainAhead = 5 * 60_000;
      await sender().runOnce();
    } finally {
      sim.faults.failBroadcasts = 0;
    }
    const failed = await reload(row.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/expired/);
    expect(await available(lead.user.id)).toBe(100_000_000n);
    // Were the stored transaction broadcast now, the chain would refuse it as expired.
    const late = await client().broadcast(failed.signedTx as never);
    expect(late.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    expect(chainTransfersTo(to).filter((tx) => tx.amount === '16000000')).toHaveLength(0);
    chainAhead = 0;
  });

  it('two senders at once send a withdrawal once', async () => {
    const to = freshDestination();
    const { row } = await verifiedWithdrawal(17, to);
    await Promise.all([sender().runOnce(), sender().runOnce(), sender().runOnce()]);
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(chainTransfersTo(to).filter((tx) => tx.amount === '17000000')).toHaveLength(1);
  });
});

/** The ledger movements of one withdrawal: held at verify, then completed or released, each at most once. */
async function movements(id: string) {
  const { rows } = await t.database.raw.query<{ key: string; n: string }>(
    `select idempotency_key as key, count(*) as n from ledger_transactions
      where idempotency_key like $1 group by idempotency_key`,
    [`withdrawal:${id}:%`],
  );
  const count = (step: string) => Number(rows.find((row) => row.key === `withdrawal:${id}:${step}`)?.n ?? 0);
  return { hold: count('hold'), complete: count('complete'), release: count('release') };
}
const FROZEN = { hold: 1, complete: 0, release: 0 };

/**
 * A client through which the sender "dies" at one call: the call never returns, so nothing after it runs,
 * as when the process is killed there. `reach` says whether the request got to the node first.
 */
function dyingAt(method: 'broadcast' | 'transactionInfo', reach: boolean): TronGridClient {
  const real = client();
  return {
    ...real,
    [method]: async (...args: never[]) => {
      if (reach) await (real[method] as (...a: never[]) => Promise<unknown>)(...args);
      return new Promise(() => undefined);
    },
  };
}

describe('withdrawal sender: killed at each step, and nodes that never confirm', () => {
  it('killed between signing and broadcasting: the next sender broadcasts the stored transaction, paid once', async () => {
    const to = uniqueDestination();
    const { lead, row } = await verifiedWithdrawal(19, to);
    void sender({ client: dyingAt('broadcast', false) }).runOnce();
    const deadline = Date.now() + 10_000;
    while ((await reload(row.id)).status !== 'signed' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const stored = await reload(row.id);
    expect(stored.status).toBe('signed');
    expect(sim.transactions().some((tx) => tx.txid === stored.txid)).toBe(false);
    expect(await movements(row.id)).toEqual(FROZEN);

    await sender().runOnce();
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
    expect(await movements(row.id)).toEqual({ hold: 1, complete: 1, release: 0 });
    expect(await available(lead.user.id)).toBe(80_000_000n);
  });

  it('killed after the node took the broadcast, before the answer was stored: found by txid, paid once', async () => {
    const to = uniqueDestination();
    const { row } = await verifiedWithdrawal(21, to);
    void sender({ client: dyingAt('broadcast', true) }).runOnce();
    const deadline = Date.now() + 10_000;
    while (sim.transactions().every((tx) => tx.to !== to) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const signed = await reload(row.id);
    expect(signed.status).toBe('signed');
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);

    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    await sender().runOnce();
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
    expect(await movements(row.id)).toEqual({ hold: 1, complete: 1, release: 0 });
  });

  it('killed while asking for the confirmation: the next sender confirms it once', async () => {
    const to = uniqueDestination();
    const { row } = await verifiedWithdrawal(22, to);
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('broadcast');
    void sender({ client: dyingAt('transactionInfo', true) }).runOnce();
    await new Promise((r) => setTimeout(r, 200));
    expect(await movements(row.id)).toEqual(FROZEN);

    await Promise.all([sender().runOnce(), sender().runOnce()]);
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
    expect(await movements(row.id)).toEqual({ hold: 1, complete: 1, release: 0 });
  });

  it('a node that answers but never confirms: the funds stay frozen and nothing is sent again', async () => {
    const to = uniqueDestination();
    const { lead, row } = await verifiedWithdrawal(23, to);
    const broadcasts = () => sim.stats['POST /wallet/broadcasttransaction'] ?? 0;
    sim.faults.holdSolidity = true;
    try {
      await sender().runOnce();
      const sentOnce = broadcasts();
      for (let pass = 0; pass < 10; pass++) await sender().runOnce();
      expect((await reload(row.id)).status).toBe('broadcast');
      expect(broadcasts()).toBe(sentOnce);
      expect(await movements(row.id)).toEqual(FROZEN);
      expect(await available(lead.user.id)).toBe(76_000_000n);
    } finally {
      sim.faults.holdSolidity = false;
    }
    sim.confirm((await reload(row.id)).txid!);
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
    expect(await movements(row.id)).toEqual({ hold: 1, complete: 1, release: 0 });
  });

  it('a node that accepts the broadcast and drops it: frozen until the chain is past its expiration, then released once', async () => {
    const to = uniqueDestination();
    const { lead, row } = await verifiedWithdrawal(24, to);
    sim.faults.dropBroadcasts = 1;
    try {
      await sender().runOnce();
      for (let pass = 0; pass < 5; pass++) await sender().runOnce();
      expect((await reload(row.id)).status).toBe('broadcast');
      expect(await movements(row.id)).toEqual(FROZEN);
      chainAhead = 5 * 60_000;
      await sender().runOnce();
      await sender().runOnce();
      const failed = await reload(row.id);
      expect(failed.status).toBe('failed');
      expect(await movements(row.id)).toEqual({ hold: 1, complete: 0, release: 1 });
      expect(await available(lead.user.id)).toBe(100_000_000n);
      // Broadcast now, the stored transaction is refused as expired: the released funds cannot also be paid.
      const late = await client().broadcast(failed.signedTx as never);
      expect(late.code).toBe('TRANSACTION_EXPIRATION_ERROR');
      expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(0);
    } finally {
      sim.faults.dropBroadcasts = 0;
      chainAhead = 0;
    }
  });

  it("a solidity node catching up between the sender's two reads: confirmed, never failed and released", async () => {
    const to = uniqueDestination();
    const { row } = await verifiedWithdrawal(25, to);
    sim.faults.holdSolidity = true;
    await sender().runOnce();
    const txid = (await reload(row.id)).txid!;
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
    // The node has the transaction in a block, not yet solid. Right after answering "unknown" to the
    // transaction-info read, it solidifies that block and its solid head moves past the expiration.
    const real = client();
    const catchingUp: TronGridClient = {
      ...real,
      async transactionInfo(id) {
        const info = await real.transactionInfo(id);
        sim.faults.holdSolidity = false;
        sim.confirm(txid);
        chainAhead = 5 * 60_000;
        return info;
      },
    };
    try {
      await sender({ client: catchingUp }).runOnce();
      expect((await reload(row.id)).status).not.toBe('failed');
      await sender().runOnce();
    } finally {
      sim.faults.holdSolidity = false;
      chainAhead = 0;
    }
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(await movements(row.id)).toEqual({ hold: 1, complete: 1, release: 0 });
    expect(sim.transactions().filter((tx) => tx.to === to)).toHaveLength(1);
  });
});

describe('npm run admin -- withdrawals', () => {
  const run = (...argv: string[]) => runAdminOutput(withdrawalsCommand, argv, appCliEnv(t));

  it('lists held withdrawals, approves one for the sender, and rejects another with the funds returned', async () => {
    const toApprove = await verifiedWithdrawal(150, freshDestination(), 200_000_000n);
    const toReject = await verifiedWithdrawal(120, freshDestination(), 200_000_000n);
    expect(toApprove.row.status).toBe('held');
    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(toApprove.row.id);
    expect(listed.output).toContain('150 USDT (+1 fee)');

    const approved = await run('approve', toApprove.row.id, '--by', 'alice');
    expect(approved.code).toBe(0);
    expect((await reload(toApprove.row.id)).approvedBy).toBe('alice');
    expect((await run('approve', toApprove.row.id)).code).toBe(1);
    await sender().runOnce();
    await sender().runOnce();
    expect((await reload(toApprove.row.id)).status).toBe('confirmed');
    expect(await available(toApprove.lead.user.id)).toBe(49_000_000n);

    expect(await available(toReject.lead.user.id)).toBe(79_000_000n);
    const rejected = await run('reject', toReject.row.id, '--reason', 'suspicious');
    expect(rejected.code).toBe(0);
    const row = await reload(toReject.row.id);
    expect(row.status).toBe('rejected');
    expect(row.lastError).toBe('suspicious');
    expect(await available(toReject.lead.user.id)).toBe(200_000_000n);
    expect((await run('reject', toReject.row.id)).code).toBe(1);
    expect((await run('approve', 'not-an-id')).output).toMatch(/no withdrawal/);
  });

  it('refuses to approve a held withdrawal while its user owes a dispute’s shortfall; rejecting it repays the debt', async () => {
    const { row, lead } = await verifiedWithdrawal(150, freshDestination(), 200_000_000n);
    // A dispute after the withdrawal was verified held more than was left: 10 USDT owed.
    await t.ctx.ledger.holdForDispute({
      userId: lead.user.id,
      amount: 59_000_000n,
      idempotencyKey: `owed:${row.id}`,
    });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).debt).toBe(10_000_000n);
    const refused = await run('approve', row.id);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/owes 10 USDT from disputes/);
    expect((await reload(row.id)).status).toBe('held');
    expect((await run('reject', row.id, '--reason', 'debt')).code).toBe(0);
    expect(await t.ctx.ledger.getBalances(lead.user.id)).toMatchObject({ debt: 0n, available: 141_000_000n });
  });

  it('cannot reject a withdrawal the sender already signed', async () => {
    const { row } = await verifiedWithdrawal(18, freshDestination());
    await sender().runOnce();
    expect((await reload(row.id)).status).toBe('broadcast');
    const refused = await run('reject', row.id);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is broadcast/);
  });
});
