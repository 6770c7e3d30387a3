import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type AdminOtpAction, API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterLedgerCheck, createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { fundedLead, verifiedWithdrawalId } from '../../../test/wallet-fixtures.ts';
import { deposits, walletWhitelist } from '../../db/schema/index.ts';

const [DEST, DEST_2] = OUTSIDE_ADDRESSES as [string, string];
const TXID = 'ab'.repeat(32);

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let lead: Awaited<ReturnType<typeof fundedLead>>;

beforeAll(async () => {
  t = await createTestApp({ TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' });
  admin = await signedInUser(t, { role: 'admin' });
  lead = await fundedLead(t);
});
afterAll(() => closeAfterLedgerCheck(t));

const send = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({ method, url: `${t.prefix}${url}`, headers: { cookie }, payload });

/** A mailed code for `action`, as the console asks for one. */
async function code(action: AdminOtpAction): Promise<string> {
  expect((await send('POST', API.admin.otp, { action })).statusCode).toBe(200);
  return t.mailer.lastCode(admin.email);
}

async function statusOf(id: string): Promise<string> {
  const page = await send('GET', `${API.admin.withdrawals}?status=all&page_size=100`);
  return page.json().results.find((row: { id: string }) => row.id === id).status;
}

async function auditOf(action: string) {
  return (await send('GET', `${API.admin.audit}?action=${action}`)).json().results;
}

const available = async () => (await t.ctx.ledger.getBalances(lead.user.id)).available;

describe('the console’s withdrawal queue', () => {
  it('lists the open withdrawals with the user, amount, fee, whitelist age, recent deposits and disputes', async () => {
    const id = await verifiedWithdrawalId(t, lead, 10, DEST);
    const listedAt = new Date('2026-01-02T03:04:05.000Z');
    await t.database.db
      .insert(walletWhitelist)
      .values({ userId: lead.user.id, address: DEST, createdAt: listedAt });
    await t.database.db.insert(deposits).values({
      txid: 'cd'.repeat(32),
      eventIndex: 0,
      userId: lead.user.id,
      address: DEST_2,
      amount: 5_000_000n,
      blockNumber: 1,
      blockTimestamp: Date.now(),
      ledgerTransactionId: randomUUID(),
      source: 'watcher',
    });
    const answer = await send('GET', API.admin.withdrawals);
    expect(answer.statusCode).toBe(200);
    const row = answer.json().results.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({
      status: 'held',
      user_id: lead.user.id,
      email: lead.email,
      amount: '10',
      to_address: DEST,
      whitelisted_at: listedAt.toISOString(),
      recent_deposits: [{ amount: '5', txid: 'cd'.repeat(32) }],
      recent_disputes: [],
    });
    expect(row.fee).toMatch(/^\d/);
  });

  it('filters by status (open by default, all, one status), pages, and refuses an unknown status', async () => {
    await verifiedWithdrawalId(t, lead, 12, DEST_2);
    const open = (await send('GET', API.admin.withdrawals)).json();
    expect(open.count).toBe(2);
    const first = (await send('GET', `${API.admin.withdrawals}?page_size=1`)).json();
    expect(first).toMatchObject({ count: 2, results: [{ amount: '12' }] });
    const second = (await send('GET', `${API.admin.withdrawals}?page_size=1&page=2`)).json();
    expect(second.results[0].amount).toBe('10');
    expect((await send('GET', `${API.admin.withdrawals}?status=rejected`)).json().count).toBe(0);
    expect((await send('GET', `${API.admin.withdrawals}?status=held`)).json().count).toBe(2);
    const unknown = await send('GET', `${API.admin.withdrawals}?status=lost`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: [ADMIN_MESSAGES.withdrawalStatusUnknown] });
  });
});

describe('the operator’s decisions', () => {
  it('approves a held withdrawal only with a code mailed for approval, audited in the same transaction', async () => {
    const id = await verifiedWithdrawalId(t, lead, 14, DEST);
    const wrong = await send('POST', API.admin.approveWithdrawal(id), { otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('otp');
    const otherAction = await send('POST', API.admin.approveWithdrawal(id), { otp: await code('mark_sent') });
    expect(otherAction.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('held');
    expect(await auditOf('withdrawal.approve')).toEqual([]);

    const approved = await send('POST', API.admin.approveWithdrawal(id), {
      otp: await code('approve_withdrawal'),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved' });
    expect(await auditOf('withdrawal.approve')).toMatchObject([
      {
        actor: admin.email,
        target: id,
        before: { status: 'held', amount: '14' },
        after: { status: 'approved' },
      },
    ]);

    const again = await send('POST', API.admin.approveWithdrawal(id), {
      otp: await code('approve_withdrawal'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ADMIN_MESSAGES.withdrawalWrongState });
    const unknown = await send('POST', API.admin.approveWithdrawal(randomUUID()), {
      otp: await code('approve_withdrawal'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: ADMIN_MESSAGES.withdrawalNotFound });
  });

  it('rejects with a reason: amount and fee back to the user, the reason in the audit log', async () => {
    const before = await available();
    const id = await verifiedWithdrawalId(t, lead, 16, DEST);
    const held = await available();
    expect(held).toBeLessThan(before);
    const rejected = await send('POST', API.admin.rejectWithdrawal(id), { reason: 'Подозрительный адрес' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ id, status: 'rejected' });
    expect(await available()).toBe(before);
    expect(await t.ctx.ledger.verify()).toEqual([]);
    expect(await auditOf('withdrawal.reject')).toMatchObject([
      { actor: admin.email, target: id, reason: 'Подозрительный адрес', after: { status: 'rejected' } },
    ]);
    const again = await send('POST', API.admin.rejectWithdrawal(id), { reason: 'ещё раз' });
    expect(again.statusCode).toBe(409);
    const noReason = await send('POST', API.admin.rejectWithdrawal(id), { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [ADMIN_MESSAGES.reasonRequired] });
  });

  it('marks a withdrawal sent by hand with its txid and a code; a wrong code or a taken txid changes nothing', async () => {
    const id = await verifiedWithdrawalId(t, lead, 11, DEST);
    const wrong = await send('POST', API.admin.markWithdrawalSent(id), { txid: TXID, otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('held');
    expect(await auditOf('withdrawal.mark_sent')).toEqual([]);

    const sent = await send('POST', API.admin.markWithdrawalSent(id), {
      txid: TXID,
      otp: await code('mark_sent'),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id, status: 'confirmed', txid: TXID, marked_sent_by: admin.email });
    expect(await auditOf('withdrawal.mark_sent')).toMatchObject([
      {
        actor: admin.email,
        target: id,
        before: { status: 'held' },
        after: { status: 'confirmed', txid: TXID },
      },
    ]);

    const other = await verifiedWithdrawalId(t, lead, 13, DEST);
    const taken = await send('POST', API.admin.markWithdrawalSent(other), {
      txid: TXID,
      otp: await code('mark_sent'),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ txid: [ADMIN_MESSAGES.txidTaken] });
    expect(await statusOf(other)).toBe('held');
    expect(await auditOf('withdrawal.mark_sent')).toHaveLength(1);
  });

  it('refuses every other role with 403', async () => {
    const answer = await send('GET', API.admin.withdrawals, undefined, lead.cookie);
    expect(answer.statusCode).toBe(403);
  });
});
