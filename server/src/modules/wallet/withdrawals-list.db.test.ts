import { API, type WithdrawalStatus } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { withdrawals } from '../../db/schema/index.ts';

const [DEST, DEST_2] = OUTSIDE_ADDRESSES as [string, string];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' });
});
afterAll(async () => {
  try {
    expect(await t.ctx.ledger.verify()).toEqual([]);
  } finally {
    await t?.close();
  }
});

const get = (path: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `${t.prefix}${path}`, headers: cookie ? { cookie } : {} });
const post = (path: string, cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${t.prefix}${path}`,
    headers: { cookie },
    payload: payload as object,
  });

const txid = (n: number) => n.toString(16).padStart(64, '0');

/** A withdrawal row as the sender or the operator would have left it (no money moves: list and sum only). */
async function insertWithdrawal(
  userId: string,
  status: WithdrawalStatus,
  options: { amount: bigint; createdAt: Date; n: number },
) {
  const sent = status === 'signed' || status === 'broadcast' || status === 'confirmed';
  const [row] = await t.database.db
    .insert(withdrawals)
    .values({
      userId,
      amount: options.amount,
      fee: 1_000_000n,
      toAddress: DEST_2,
      status,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
      ...(sent ? { txid: txid(options.n), signedTx: { txID: txid(options.n) }, txExpiration: 1 } : {}),
    })
    .returning();
  return row!;
}

/** A lead with 100 USDT whose 25.5 USDT withdrawal (fee 1) was verified through the API: held, in flight. */
async function leadWithVerifiedWithdrawal() {
  const lead = await signedInUser(t, { isLead: true });
  await t.ctx.ledger.creditDeposit({
    userId: lead.user.id,
    amount: 100_000_000n,
    idempotencyKey: `fund:${lead.user.id}`,
  });
  expect(
    (await post(API.wallet.withdrawRequest, lead.cookie, { amount: 25.5, address: DEST })).statusCode,
  ).toBe(200);
  const verify = await post(API.wallet.withdrawVerify, lead.cookie, {
    amount: 25.5,
    address: DEST,
    otp: t.mailer.lastCode(lead.email),
  });
  expect(verify.json().withdrawal.status).toBe('held');
  return { ...lead, withdrawalId: verify.json().withdrawal.id as string };
}

describe('GET account/wallet/withdrawals/', () => {
  it('answers 401 signed out and 451 to a non-lead', async () => {
    expect((await get(API.wallet.withdrawals)).statusCode).toBe(401);
    const trader = await signedInUser(t);
    const refused = await get(API.wallet.withdrawals, trader.cookie);
    expect(refused.statusCode).toBe(451);
    expect(refused.json()).toEqual({ detail: 'У вас нет прав для этого действия' });
  });

  it("lists the lead's confirmed withdrawals newest first with amounts, fee, address, status and txid", async () => {
    const lead = await leadWithVerifiedWithdrawal();
    const other = await signedInUser(t, { isLead: true });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const broadcast = await insertWithdrawal(lead.user.id, 'broadcast', {
      amount: 5_000_000n,
      createdAt: day(3),
      n: 1,
    });
    const confirmed = await insertWithdrawal(lead.user.id, 'confirmed', {
      amount: 7_250_000n,
      createdAt: day(2),
      n: 2,
    });
    const failed = await insertWithdrawal(lead.user.id, 'failed', {
      amount: 3_000_000n,
      createdAt: day(1),
      n: 3,
    });
    // Never confirmed with the code: not part of the history.
    await insertWithdrawal(lead.user.id, 'requested', { amount: 9_000_000n, createdAt: day(4), n: 4 });
    await insertWithdrawal(lead.user.id, 'canceled', { amount: 9_000_000n, createdAt: day(5), n: 5 });
    await insertWithdrawal(other.user.id, 'confirmed', { amount: 1_000_000n, createdAt: day(6), n: 6 });

    const response = await get(API.wallet.withdrawals, lead.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(4);
    expect(body.results.map((row: { id: string }) => row.id)).toEqual([
      lead.withdrawalId,
      broadcast.id,
      confirmed.id,
      failed.id,
    ]);
    expect(body.results[0]).toEqual({
      id: lead.withdrawalId,
      amount: 25.5,
      fee: 1,
      address: DEST,
      status: 'held',
      txid: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(body.results[2]).toEqual({
      id: confirmed.id,
      amount: 7.25,
      fee: 1,
      address: DEST_2,
      status: 'confirmed',
      txid: txid(2),
      created_at: '2026-01-02T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });

  it('pages with page and page_size (default 10, at most 50)', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const made = [];
    for (let n = 1; n <= 12; n++) {
      made.push(
        await insertWithdrawal(lead.user.id, 'rejected', {
          amount: BigInt(n) * 1_000_000n,
          createdAt: new Date(Date.UTC(2026, 1, n)),
          n: 100 + n,
        }),
      );
    }
    const newestFirst = made.map((row) => row.id).reverse();
    const first = (await get(API.wallet.withdrawals, lead.cookie)).json();
    expect(first.count).toBe(12);
    expect(first.results.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(0, 10));
    const second = (await get(`${API.wallet.withdrawals}?page=2&page_size=5`, lead.cookie)).json();
    expect(second.results.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(5, 10));
    const beyond = (await get(`${API.wallet.withdrawals}?page=9`, lead.cookie)).json();
    expect(beyond).toEqual({ results: [], count: 12 });
    expect((await get(`${API.wallet.withdrawals}?page_size=50`, lead.cookie)).json().results).toHaveLength(
      12,
    );
    for (const query of ['page_size=51', 'page_size=0', 'page=0', 'page=x']) {
      const refused = await get(`${API.wallet.withdrawals}?${query}`, lead.cookie);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json())).toEqual([query.split('=')[0]]);
    }
  });
});

describe('dashboard withdrawing', () => {
  it('is amount + fee of the withdrawals in flight, so balance + withdrawing still adds up', async () => {
    const lead = await leadWithVerifiedWithdrawal();
    const day = new Date(Date.UTC(2026, 2, 1));
    // In flight: held (the verified one, 26.5 with its fee), approved, signing, signed, broadcast.
    await insertWithdrawal(lead.user.id, 'approved', { amount: 2_000_000n, createdAt: day, n: 201 });
    await insertWithdrawal(lead.user.id, 'signing', { amount: 3_000_000n, createdAt: day, n: 202 });
    await insertWithdrawal(lead.user.id, 'signed', { amount: 4_000_000n, createdAt: day, n: 203 });
    await insertWithdrawal(lead.user.id, 'broadcast', { amount: 5_000_000n, createdAt: day, n: 204 });
    // Not in flight: not yet verified, or finished one way or the other.
    for (const [index, status] of (
      ['requested', 'canceled', 'confirmed', 'failed', 'rejected'] as const
    ).entries()) {
      await insertWithdrawal(lead.user.id, status, { amount: 50_000_000n, createdAt: day, n: 210 + index });
    }
    const { profile } = (await get(API.dashboard, lead.cookie)).json();
    expect(profile.withdrawing).toBe(26.5 + 3 + 4 + 5 + 6);
    expect(profile.balance).toBe(73.5);
  });

  it('is 0 for someone with no withdrawals', async () => {
    const trader = await signedInUser(t);
    expect((await get(API.dashboard, trader.cookie)).json().profile.withdrawing).toBe(0);
  });
});
