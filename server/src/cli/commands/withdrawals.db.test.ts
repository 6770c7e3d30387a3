import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdminOutput } from '../../../test/cli-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { fundedLead, verifiedWithdrawalId } from '../../../test/wallet-fixtures.ts';
import * as wallet from '../../modules/wallet/wallet.repository.ts';
import { ledgerVerifyCommand } from './ledger.ts';
import type { AdminCommand } from './types.ts';
import { withdrawalsCommand } from './withdrawals.ts';

let t: TestApp;
const TXID = 'ab'.repeat(32);

beforeAll(async () => {
  // No hot-wallet key: every verified withdrawal waits for the operator (held).
  t = await createTestApp({ TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const run = (command: AdminCommand, ...argv: string[]) => runAdminOutput(command, argv, appCliEnv(t));
const admin = (...argv: string[]) => run(withdrawalsCommand, ...argv);
const balances = (userId: string) => t.ctx.ledger.getBalances(userId);
const reload = async (id: string) => (await wallet.findWithdrawal(t.database.db, id))!;

/** A lead with 100 USDT who verified a withdrawal of `amount` through the API: held, amount + fee in flight. */
async function heldWithdrawal(amount: number, address = OUTSIDE_ADDRESSES[0]!) {
  const lead = await fundedLead(t);
  return { lead, row: await reload(await verifiedWithdrawalId(t, lead, amount, address)) };
}

describe('npm run admin -- withdrawals mark-sent', () => {
  it('records the txid of a withdrawal paid by hand, settles the money as sent, and refuses a second time', async () => {
    const { lead, row } = await heldWithdrawal(20);
    expect(row.status).toBe('held');
    expect(await balances(lead.user.id)).toMatchObject({ available: 79_000_000n });

    const marked = await admin('mark-sent', row.id, TXID.toUpperCase(), '--by', 'alice');
    expect(marked.code).toBe(0);
    expect(marked.output).toContain(TXID);
    const done = await reload(row.id);
    expect(done).toMatchObject({ status: 'confirmed', txid: TXID, markedSentBy: 'alice', signedTx: null });
    expect(done.completedAt).not.toBeNull();
    // The money stays out: nothing back to available, nothing left frozen or in flight.
    expect(await balances(lead.user.id)).toMatchObject({ available: 79_000_000n, frozen: 0n });

    const again = await admin('mark-sent', row.id, 'cd'.repeat(32));
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is confirmed; it was marked as sent by hand by alice/);
    expect((await reload(row.id)).txid).toBe(TXID);

    const listed = await admin('list', '--all');
    const line = listed.output.split('\n').find((entry) => entry.startsWith(row.id));
    expect(line).toContain(`txid ${TXID}`);
    expect(line).toContain('sent by hand (marked by alice)');
    expect(await balances(lead.user.id)).toMatchObject({ available: 79_000_000n });

    const verified = await run(ledgerVerifyCommand);
    expect(verified.code).toBe(0);
  });

  it('marks an approved withdrawal too, and refuses a txid another withdrawal has', async () => {
    const first = await heldWithdrawal(11, OUTSIDE_ADDRESSES[1]!);
    const second = await heldWithdrawal(12, OUTSIDE_ADDRESSES[1]!);
    expect((await admin('approve', first.row.id)).code).toBe(0);
    const txid = 'ef'.repeat(32);
    expect((await admin('mark-sent', first.row.id, txid)).code).toBe(0);
    const duplicate = await admin('mark-sent', second.row.id, txid);
    expect(duplicate.code).toBe(1);
    expect(duplicate.output).toMatch(/recorded for another withdrawal/);
    expect((await reload(second.row.id)).status).toBe('held');
    expect(await balances(second.lead.user.id)).toMatchObject({ available: 87_000_000n });
  });

  it('refuses states where it makes no sense: rejected, requested, claimed by the sender, and a bad txid', async () => {
    const rejected = await heldWithdrawal(13, OUTSIDE_ADDRESSES[2]!);
    expect((await admin('reject', rejected.row.id)).code).toBe(0);
    const refusedRejected = await admin('mark-sent', rejected.row.id, '01'.repeat(32));
    expect(refusedRejected.code).toBe(1);
    expect(refusedRejected.output).toMatch(/is rejected/);

    const claimed = await heldWithdrawal(14, OUTSIDE_ADDRESSES[2]!);
    expect((await admin('approve', claimed.row.id)).code).toBe(0);
    // The sender claimed it (approved → signing): from here it may sign and send it itself.
    await wallet.transition(t.database.db, claimed.row.id, ['approved'], { status: 'signing', attempts: 1 });
    const refusedClaimed = await admin('mark-sent', claimed.row.id, '02'.repeat(32));
    expect(refusedClaimed.code).toBe(1);
    expect(refusedClaimed.output).toMatch(/is signing/);

    const requested = await wallet.insertWithdrawal(t.database.db, {
      userId: claimed.lead.user.id,
      amount: 10_000_000n,
      fee: 1_000_000n,
      toAddress: OUTSIDE_ADDRESSES[2]!,
      status: 'requested',
    });
    expect((await admin('mark-sent', requested.id, '03'.repeat(32))).output).toMatch(/is requested/);

    const held = await heldWithdrawal(15, OUTSIDE_ADDRESSES[2]!);
    const badTxid = await admin('mark-sent', held.row.id, 'not-a-txid');
    expect(badTxid.code).toBe(1);
    expect(badTxid.output).toMatch(/not a transaction id/);
    await expect(admin('mark-sent', held.row.id)).rejects.toThrow(/needs the id of the transaction/);
    expect((await reload(held.row.id)).status).toBe('held');

    const verified = await run(ledgerVerifyCommand);
    expect(verified.code).toBe(0);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
