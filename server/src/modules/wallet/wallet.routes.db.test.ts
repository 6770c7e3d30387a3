import {
  insufficientFundsText,
  utcDateTimeText,
  WALLET_MESSAGES,
  WHITELIST_MAX_ENTRIES,
  whitelistFullText,
  whitelistPendingText,
  withdrawalMinimumText,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import {
  breakChecksum,
  HOT_WALLET_ADDRESS,
  HOT_WALLET_KEY_HEX,
  OUTSIDE_ADDRESSES,
  TEST_XPUB,
  VECTOR_ADDRESSES,
} from '../../../test/tron-fixtures.ts';
import { fundedLead } from '../../../test/wallet-fixtures.ts';
import { walletWhitelist, walletWhitelistSettings, withdrawals } from '../../db/schema/index.ts';
import { OTP_MESSAGES } from '../otp/otp.service.ts';
import { accountKeyFromXpub, depositAddressAt } from '../tron/tron-keys.ts';
import * as repo from './wallet.repository.ts';

const ENV = { TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' };
const [DEST, DEST_2, DEST_3] = OUTSIDE_ADDRESSES as [string, string, string];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ENV);
});
afterAll(async () => {
  try {
    expect(await t.ctx.ledger.verify()).toEqual([]);
  } finally {
    await t?.close();
  }
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (app: TestApp, method: Method, path: string, cookie?: string, payload?: unknown) =>
  app.app.inject({
    method,
    url: `${app.prefix}${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const W = {
  address: '/account/wallet/address/',
  request: '/account/wallet/address/request/',
  confirm: '/account/wallet/address/confirm/',
  deposit: '/account/wallet/deposit/',
  withdrawRequest: '/account/wallet/withdraw/request/',
  withdrawVerify: '/account/wallet/withdraw/verify/',
  withdrawLimits: '/account/wallet/withdraw/limits/',
  white: '/account/wallet/white/',
  whiteOtp: '/account/wallet/white/otp/',
};

/** Every wallet route with a well-formed body. */
const ROUTES: [Method, string, unknown][] = [
  ['GET', W.address, undefined],
  ['POST', W.request, undefined],
  ['POST', W.confirm, { otp: '123456' }],
  ['POST', W.deposit, undefined],
  ['POST', W.withdrawRequest, { amount: 20, address: VECTOR_ADDRESSES[0] }],
  ['POST', W.withdrawVerify, { amount: 20, address: VECTOR_ADDRESSES[0], otp: '123456' }],
  ['GET', W.withdrawLimits, undefined],
  ['GET', W.white, undefined],
  ['POST', W.whiteOtp, undefined],
  ['PATCH', W.white, { otp: '123456' }],
  ['POST', W.white, { wallet: VECTOR_ADDRESSES[0] }],
  ['DELETE', W.white, { id: '00000000-0000-4000-8000-000000000000' }],
];
const LEAD_ONLY = ROUTES.filter(([, path]) => path.includes('withdraw') || path.includes('white'));

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** `lead` verifies a withdrawal of `amount` USDT to `address` with the mailed code `otp`. */
const verifyWithdrawal = (
  app: TestApp,
  lead: { cookie: string },
  amount: number,
  address: string,
  otp: string,
) => call(app, 'POST', W.withdrawVerify, lead.cookie, { amount, address, otp });

/** Makes every whitelist entry of a user usable now, as if the cool-down had passed. */
async function endCooldown(app: TestApp, userId: string) {
  await app.database.db
    .update(walletWhitelist)
    .set({ usableAt: new Date(Date.now() - 1000) })
    .where(eq(walletWhitelist.userId, userId));
}

async function createAddress(app: TestApp, person: { email: string; cookie: string }) {
  expect((await call(app, 'POST', W.request, person.cookie)).json().status).toBe('otp_sent');
  const confirm = await call(app, 'POST', W.confirm, person.cookie, {
    otp: app.mailer.lastCode(person.email),
  });
  expect(confirm.statusCode).toBe(200);
  return confirm.json().address as string;
}

describe('signed out and not a lead', () => {
  it('answers 401 on every wallet route when signed out, whatever the body', async () => {
    for (const [method, path, payload] of ROUTES) {
      expect((await call(t, method, path, undefined, payload)).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(t, method, path, undefined, { junk: true })).statusCode, `${method} ${path}`).toBe(
        401,
      );
      expect((await call(t, method, path, 'sid=forged')).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 451 to a non-lead on every withdraw and whitelist route and changes nothing', async () => {
    const trader = await signedInUser(t);
    await t.ctx.ledger.creditDeposit({
      userId: trader.user.id,
      amount: 50_000_000n,
      idempotencyKey: `fund:${trader.user.id}`,
    });
    const mails = t.mailer.countTo(trader.email);
    for (const [method, path, payload] of LEAD_ONLY) {
      const response = await call(t, method, path, trader.cookie, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(451);
      expect(response.json().detail).toBeTruthy();
    }
    expect(t.mailer.countTo(trader.email)).toBe(mails);
    expect((await t.ctx.ledger.getBalances(trader.user.id)).available).toBe(50_000_000n);
  });
});

describe('deposit address', () => {
  it('answers 404 before, mails a code on request, and creates the BIP44 address on confirm', async () => {
    const person = await signedInUser(t);
    const before = await call(t, 'GET', W.address, person.cookie);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ detail: WALLET_MESSAGES.noAddress });

    const request = await call(t, 'POST', W.request, person.cookie);
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ status: 'otp_sent', message: WALLET_MESSAGES.codeSent });
    const code = t.mailer.lastCode(person.email);

    const wrong = await call(t, 'POST', W.confirm, person.cookie, { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    expect((await call(t, 'GET', W.address, person.cookie)).statusCode).toBe(404);

    const confirm = await call(t, 'POST', W.confirm, person.cookie, { otp: code });
    expect(confirm.statusCode).toBe(200);
    const { address, message } = confirm.json();
    expect(message).toBe(WALLET_MESSAGES.addressCreated);
    const row = (await repo.findAddressByUser(t.database.db, person.user.id))!;
    expect(row.address).toBe(address);
    expect(depositAddressAt(accountKeyFromXpub(TEST_XPUB), row.derivationIndex)).toBe(address);
    if (row.derivationIndex < 2) expect(address).toBe(VECTOR_ADDRESSES[row.derivationIndex]);

    expect((await call(t, 'GET', W.address, person.cookie)).json()).toEqual({ address });
    expect((await call(t, 'POST', W.request, person.cookie)).json()).toEqual({ status: 'exists', address });

    const reused = await call(t, 'POST', W.confirm, person.cookie, { otp: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: OTP_MESSAGES.invalid });
  });

  it('gives the first two users of a fresh database the m/…/0/0 and m/…/0/1 vectors, and every user their own index', async () => {
    const fresh = await createTestApp(ENV);
    try {
      const people = [await signedInUser(fresh), await signedInUser(fresh), await signedInUser(fresh)];
      const addresses: string[] = [];
      for (const person of people) addresses.push(await createAddress(fresh, person));
      expect(addresses.slice(0, 2)).toEqual(VECTOR_ADDRESSES);
      expect(new Set(addresses).size).toBe(3);
      const indexes = await Promise.all(
        people.map(
          async (person) =>
            (await repo.findAddressByUser(fresh.database.db, person.user.id))!.derivationIndex,
        ),
      );
      expect(indexes).toEqual([0, 1, 2]);
    } finally {
      await fresh.close();
    }
  });

  it('never hands one index to two users nor two addresses to one user (database guarantees)', async () => {
    const db = t.database.db;
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const indexes = await Promise.all(Array.from({ length: 20 }, () => repo.nextDerivationIndex(db)));
    expect(new Set(indexes).size).toBe(20);
    const keys = accountKeyFromXpub(TEST_XPUB);
    const row = (index: number, userId: string) => ({
      userId,
      address: depositAddressAt(keys, index),
      derivationIndex: index,
      keyFingerprint: 'test',
    });
    expect(await repo.insertAddress(db, row(indexes[0]!, a.user.id))).toBeDefined();
    expect(await repo.insertAddress(db, row(indexes[1]!, a.user.id))).toBeUndefined();
    await expect(repo.insertAddress(db, row(indexes[0]!, b.user.id))).rejects.toThrow();
    expect(await repo.findAddressByUser(db, b.user.id)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const person = await signedInUser(t);
    await call(t, 'POST', W.request, person.cookie);
    const code = t.mailer.lastCode(person.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const late = await call(t, 'POST', W.confirm, person.cookie, { otp: code });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    } finally {
      vi.useRealTimers();
    }
    expect((await call(t, 'GET', W.address, person.cookie)).statusCode).toBe(404);
  });

  it('answers the deposit nudge with disabled when no TronGrid is configured', async () => {
    const person = await signedInUser(t);
    const response = await call(t, 'POST', W.deposit, person.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'disabled' });
  });
});

describe('withdraw request', () => {
  it('refuses with {error}: empty address, zero, too many decimals, below minimum, bad checksum, over available', async () => {
    const lead = await fundedLead(t, 30_000_000n);
    const cases: [unknown, string][] = [
      [{ amount: 20, address: '' }, WALLET_MESSAGES.fillAllFields],
      [{ amount: 0, address: DEST }, WALLET_MESSAGES.amountPositive],
      [{ amount: -5, address: DEST }, WALLET_MESSAGES.amountPositive],
      [{ amount: 12.1234567, address: DEST }, WALLET_MESSAGES.amountPrecision],
      [{ amount: 9.999999, address: DEST }, withdrawalMinimumText('10')],
      [{ amount: 20, address: breakChecksum(DEST) }, WALLET_MESSAGES.invalidAddress],
      [{ amount: 20, address: 'not-an-address' }, WALLET_MESSAGES.invalidAddress],
      [{ amount: 29.5, address: DEST }, insufficientFundsText('30.5', '1')],
    ];
    for (const [payload, error] of cases) {
      const response = await call(t, 'POST', W.withdrawRequest, lead.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect(t.mailer.countTo(lead.email)).toBe(1);
    // Exactly available minus the fee is fine.
    const edge = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 29, address: DEST });
    expect(edge.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });
  });

  it('answers field errors for bodies of the wrong type', async () => {
    const lead = await fundedLead(t);
    const response = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: '20', address: DEST });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ amount: [WALLET_MESSAGES.fillAllFields] });
  });

  it('refuses our own deposit addresses and the hot wallet as destinations', async () => {
    const app = await createTestApp({ ...ENV, TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX });
    try {
      const lead = await fundedLead(app);
      const own = await createAddress(app, lead);
      for (const address of [own, HOT_WALLET_ADDRESS]) {
        const response = await call(app, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address });
        expect(response.json()).toEqual({ error: WALLET_MESSAGES.ownAddress });
      }
    } finally {
      await app.close();
    }
  });
});

describe('withdraw verify', () => {
  it('moves amount + fee from available to in flight on the right code, once', async () => {
    const lead = await fundedLead(t, 100_000_000n);
    const request = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 25.5, address: DEST });
    expect(request.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });
    const code = t.mailer.lastCode(lead.email);

    const wrong = await verifyWithdrawal(t, lead, 25.5, DEST, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n);

    const verify = await verifyWithdrawal(t, lead, 25.5, DEST, code);
    expect(verify.statusCode).toBe(200);
    const body = verify.json();
    expect(body.message).toBe(WALLET_MESSAGES.withdrawalSent);
    // No hot-wallet key configured: the withdrawal waits for the operator.
    expect(body.withdrawal).toMatchObject({ status: 'held', amount: 25.5, fee: 1, address: DEST });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n - 26_500_000n);
    expect((await repo.findWithdrawal(t.database.db, body.withdrawal.id))!.status).toBe('held');

    const reused = await verifyWithdrawal(t, lead, 25.5, DEST, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(73_500_000n);
  });

  it('refuses an expired code and holds nothing', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
    const code = t.mailer.lastCode(lead.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const late = await verifyWithdrawal(t, lead, 20, DEST, code);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    } finally {
      vi.useRealTimers();
    }
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n);
  });

  it('refuses another amount or address than the request and cancels it', async () => {
    const lead = await fundedLead(t);
    for (const changed of [
      { amount: 21, address: DEST },
      { amount: 20, address: DEST_2 },
    ]) {
      await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
      const response = await call(t, 'POST', W.withdrawVerify, lead.cookie, {
        ...changed,
        otp: t.mailer.lastCode(lead.email),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: WALLET_MESSAGES.requestMismatch });
    }
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n);
    const rows = await repo.listWithdrawals(t.database.db, { limit: 1000 });
    expect(rows.filter((row) => row.userId === lead.user.id).map((row) => row.status)).toEqual([
      'canceled',
      'canceled',
    ]);
  });

  it('refuses when the balance no longer covers it at verify time (and holds nothing)', async () => {
    const lead = await fundedLead(t, 50_000_000n);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 40, address: DEST });
    await t.ctx.ledger.adjust({
      userId: lead.user.id,
      amount: -20_000_000n,
      reason: 'test: balance spent meanwhile',
      actor: 'test',
      idempotencyKey: `spend:${lead.user.id}`,
    });
    const response = await verifyWithdrawal(t, lead, 40, DEST, t.mailer.lastCode(lead.email));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: insufficientFundsText('41', '1') });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(30_000_000n);
  });

  it('a new request replaces the previous one: its code no longer works', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
    const first = t.mailer.lastCode(lead.email);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 30, address: DEST });
    const second = t.mailer.lastCode(lead.email);
    if (first !== second) {
      const old = await verifyWithdrawal(t, lead, 20, DEST, first);
      expect(old.statusCode).toBe(400);
    }
    const ok = await verifyWithdrawal(t, lead, 30, DEST, second);
    expect(ok.statusCode).toBe(200);
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(69_000_000n);
  });

  it('sends automatically within the auto limit when a hot-wallet key is configured, otherwise holds', async () => {
    const app = await createTestApp({
      ...ENV,
      TRON_WITHDRAWAL_PRIVATE_KEY: HOT_WALLET_KEY_HEX,
      WITHDRAWAL_AUTO_LIMIT_USDT: '50',
      WITHDRAWAL_FEE_USDT: '1.5',
      WITHDRAWAL_MIN_USDT: '5',
    });
    try {
      const lead = await fundedLead(app, 200_000_000n);
      const statuses: string[] = [];
      for (const amount of [50, 50.000001, 5]) {
        await call(app, 'POST', W.withdrawRequest, lead.cookie, { amount, address: DEST });
        const verify = await verifyWithdrawal(app, lead, amount, DEST, app.mailer.lastCode(lead.email));
        expect(verify.statusCode).toBe(200);
        expect(verify.json().withdrawal.fee).toBe(1.5);
        statuses.push(verify.json().withdrawal.status);
      }
      expect(statuses).toEqual(['approved', 'held', 'approved']);
      expect((await app.ctx.ledger.getBalances(lead.user.id)).available).toBe(200_000_000n - 109_500_001n);
      const tooSmall = await call(app, 'POST', W.withdrawRequest, lead.cookie, {
        amount: 4.99,
        address: DEST,
      });
      expect(tooSmall.json()).toEqual({ error: withdrawalMinimumText('5') });
      expect(await app.ctx.ledger.verify()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('whitelist', () => {
  it('starts empty and off', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const response = await call(t, 'GET', W.white, lead.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_white_wallet: false, wallets: [] });
  });

  it('adds addresses, refusing empty, invalid and duplicate ones with the field messages', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const empty = await call(t, 'POST', W.white, lead.cookie, { wallet: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ wallet: [WALLET_MESSAGES.whitelistAddressRequired] });
    expect((await call(t, 'POST', W.white, lead.cookie, { wallet: '   ' })).json()).toEqual({
      wallet: [WALLET_MESSAGES.whitelistAddressRequired],
    });
    expect((await call(t, 'POST', W.white, lead.cookie, {})).json()).toEqual({
      wallet: [WALLET_MESSAGES.whitelistAddressRequired],
    });
    const invalid = await call(t, 'POST', W.white, lead.cookie, { wallet: breakChecksum(DEST) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ wallet: [WALLET_MESSAGES.invalidAddress] });

    const added = await call(t, 'POST', W.white, lead.cookie, { wallet: DEST });
    expect(added.statusCode).toBe(200);
    const data = added.json().wallet_data;
    expect(data.is_white_wallet).toBe(false);
    expect(data.wallets).toEqual([{ id: expect.any(String), wallet: DEST, usable_at: expect.any(String) }]);

    const duplicate = await call(t, 'POST', W.white, lead.cookie, { wallet: DEST });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ wallet: [WALLET_MESSAGES.whitelistDuplicate] });

    const second = await call(t, 'POST', W.white, lead.cookie, { wallet: DEST_2 });
    expect(second.json().wallet_data.wallets.map((w: { wallet: string }) => w.wallet)).toEqual([
      DEST,
      DEST_2,
    ]);
  });

  it(`holds at most ${WHITELIST_MAX_ENTRIES} addresses`, async () => {
    const lead = await signedInUser(t, { isLead: true });
    for (let i = 0; i < WHITELIST_MAX_ENTRIES; i++) {
      await repo.addWhitelistEntry(
        t.database.db,
        {
          userId: lead.user.id,
          address: depositAddressAt(accountKeyFromXpub(TEST_XPUB), 1000 + i),
          usableAt: new Date(),
        },
        WHITELIST_MAX_ENTRIES,
      );
    }
    const response = await call(t, 'POST', W.white, lead.cookie, { wallet: DEST });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ wallet: [whitelistFullText(WHITELIST_MAX_ENTRIES)] });
  });

  it("deletes the user's own entry and answers 404 for another user's id, an unknown id and a malformed one", async () => {
    const lead = await signedInUser(t, { isLead: true });
    const other = await signedInUser(t, { isLead: true });
    const mine = (await call(t, 'POST', W.white, lead.cookie, { wallet: DEST })).json().wallet_data.wallets[0]
      .id;
    const theirs = (await call(t, 'POST', W.white, other.cookie, { wallet: DEST })).json().wallet_data
      .wallets[0].id;

    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', 42]) {
      const response = await call(t, 'DELETE', W.white, lead.cookie, { id });
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect((await call(t, 'GET', W.white, other.cookie)).json().wallets).toHaveLength(1);

    const deleted = await call(t, 'DELETE', W.white, lead.cookie, { id: mine });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: WALLET_MESSAGES.deleted,
      wallet_data: { is_white_wallet: false, wallets: [] },
    });
    expect((await call(t, 'DELETE', W.white, lead.cookie, { id: mine })).statusCode).toBe(404);
  });

  it('switches on and off only with the mailed code', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const otp = await call(t, 'POST', W.whiteOtp, lead.cookie);
    expect(otp.json()).toEqual({ message: WALLET_MESSAGES.codeSent });
    const code = t.mailer.lastCode(lead.email);
    const wrong = await call(t, 'PATCH', W.white, lead.cookie, { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: OTP_MESSAGES.invalid });
    expect((await call(t, 'GET', W.white, lead.cookie)).json().is_white_wallet).toBe(false);

    const on = await call(t, 'PATCH', W.white, lead.cookie, { otp: code });
    expect(on.json()).toEqual({ is_white_wallet: true, message: WALLET_MESSAGES.whitelistEnabled });
    expect((await call(t, 'PATCH', W.white, lead.cookie, { otp: code })).statusCode).toBe(400);

    await call(t, 'POST', W.whiteOtp, lead.cookie);
    const off = await call(t, 'PATCH', W.white, lead.cookie, { otp: t.mailer.lastCode(lead.email) });
    expect(off.json()).toEqual({ is_white_wallet: false, message: WALLET_MESSAGES.whitelistDisabled });
  });

  it('limits withdrawals to whitelisted addresses while it is on, and not when it is off', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.white, lead.cookie, { wallet: DEST });
    await endCooldown(t, lead.user.id);
    const off = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST_3 });
    expect(off.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });

    await call(t, 'POST', W.whiteOtp, lead.cookie);
    await call(t, 'PATCH', W.white, lead.cookie, { otp: t.mailer.lastCode(lead.email) });
    const outside = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST_3 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ error: WALLET_MESSAGES.notWhitelisted });
    const inside = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
    expect(inside.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });
  });

  it('checks the whitelist again at verify: switched on after the request, the code no longer pays out', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST_3 });
    const withdrawalCode = t.mailer.lastCode(lead.email);
    await call(t, 'POST', W.whiteOtp, lead.cookie);
    await call(t, 'PATCH', W.white, lead.cookie, { otp: t.mailer.lastCode(lead.email) });
    const verify = await verifyWithdrawal(t, lead, 20, DEST_3, withdrawalCode);
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ error: WALLET_MESSAGES.notWhitelisted });
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n);
  });
});

describe('whitelist cool-down', () => {
  it('lists a new entry as pending until WHITELIST_COOLDOWN_H, mails a notice, and refuses withdrawals to it until then', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.whiteOtp, lead.cookie);
    await call(t, 'PATCH', W.white, lead.cookie, { otp: t.mailer.lastCode(lead.email) });
    const before = Date.now();
    const added = await call(t, 'POST', W.white, lead.cookie, { wallet: DEST });
    const after = Date.now();
    expect(added.statusCode).toBe(200);
    const [entry] = added.json().wallet_data.wallets;
    const usableAt = new Date(entry.usable_at);
    expect(usableAt.getTime()).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(usableAt.getTime()).toBeLessThanOrEqual(after + 24 * 3_600_000);
    expect((await call(t, 'GET', W.white, lead.cookie)).json().wallets[0].usable_at).toBe(entry.usable_at);

    const notice = t.mailer.messages.filter((m) => m.to === lead.email).at(-1)!;
    expect(notice.purpose).toBe('whitelist_added');
    expect(notice.text).toContain(DEST);
    expect(notice.text).toContain(utcDateTimeText(usableAt));
    expect(notice.text).toMatch(/Если это были не вы/);
    expect(notice.html).toContain(DEST);

    const request = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
    expect(request.statusCode).toBe(400);
    expect(request.json()).toEqual({ error: whitelistPendingText(usableAt) });
    expect(request.json().error).toContain(utcDateTimeText(usableAt));

    await endCooldown(t, lead.user.id);
    const later = await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
    expect(later.json()).toEqual({ message: WALLET_MESSAGES.withdrawOtpSent });
  });

  it('refuses the verify step too when the destination is a pending entry', async () => {
    const lead = await fundedLead(t);
    await call(t, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST_2 });
    const withdrawalCode = t.mailer.lastCode(lead.email);
    await call(t, 'POST', W.white, lead.cookie, { wallet: DEST_2 });
    await call(t, 'POST', W.whiteOtp, lead.cookie);
    await call(t, 'PATCH', W.white, lead.cookie, { otp: t.mailer.lastCode(lead.email) });
    const verify = await verifyWithdrawal(t, lead, 20, DEST_2, withdrawalCode);
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error).toMatch(/станет доступен для вывода/);
    expect((await t.ctx.ledger.getBalances(lead.user.id)).available).toBe(100_000_000n);
  });

  it('accepts fractions of an hour (WHITELIST_COOLDOWN_H=0.001 is 3.6 s)', async () => {
    const app = await createTestApp({ ...ENV, WHITELIST_COOLDOWN_H: '0.001' });
    try {
      const lead = await signedInUser(app, { isLead: true });
      const before = Date.now();
      const added = await call(app, 'POST', W.white, lead.cookie, { wallet: DEST });
      const after = Date.now();
      const usableAt = new Date(added.json().wallet_data.wallets[0].usable_at).getTime();
      expect(usableAt).toBeGreaterThanOrEqual(before + 3600);
      expect(usableAt).toBeLessThanOrEqual(after + 3600);
    } finally {
      await app.close();
    }
  });

  it(`counts pending entries toward the cap, and 60 parallel adds leave exactly ${WHITELIST_MAX_ENTRIES}`, async () => {
    const lead = await signedInUser(t, { isLead: true });
    const account = accountKeyFromXpub(TEST_XPUB);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(t, 'POST', W.white, lead.cookie, { wallet: depositAddressAt(account, 2000 + i) }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(WHITELIST_MAX_ENTRIES);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.json()).toEqual({ wallet: [whitelistFullText(WHITELIST_MAX_ENTRIES)] });
    }
    const listed = (await call(t, 'GET', W.white, lead.cookie)).json().wallets;
    expect(listed).toHaveLength(WHITELIST_MAX_ENTRIES);
    const [settings] = await t.database.db
      .select({ entries: walletWhitelistSettings.entries })
      .from(walletWhitelistSettings)
      .where(eq(walletWhitelistSettings.userId, lead.user.id));
    expect(settings!.entries).toBe(WHITELIST_MAX_ENTRIES);

    // A deletion frees exactly one place.
    expect((await call(t, 'DELETE', W.white, lead.cookie, { id: listed[0].id })).statusCode).toBe(200);
    const again = await Promise.all(
      [3000, 3001].map((i) =>
        call(t, 'POST', W.white, lead.cookie, { wallet: depositAddressAt(account, i) }),
      ),
    );
    expect(again.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await call(t, 'GET', W.white, lead.cookie)).json().wallets).toHaveLength(WHITELIST_MAX_ENTRIES);
  });
});

describe('withdraw limits', () => {
  it('serves the configured fee and minimum to leads (451 otherwise)', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const limits = await call(t, 'GET', W.withdrawLimits, lead.cookie);
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({ fee: 1, minimum: 10 });
    const trader = await signedInUser(t);
    expect((await call(t, 'GET', W.withdrawLimits, trader.cookie)).statusCode).toBe(451);

    const app = await createTestApp({ ...ENV, WITHDRAWAL_FEE_USDT: '2.5', WITHDRAWAL_MIN_USDT: '15' });
    try {
      const other = await signedInUser(app, { isLead: true });
      expect((await call(app, 'GET', W.withdrawLimits, other.cookie)).json()).toEqual({
        fee: 2.5,
        minimum: 15,
      });
    } finally {
      await app.close();
    }
  });
});

describe('a request refused with 429 changes nothing', () => {
  it('keeps the previous withdrawal requested and records no new one', async () => {
    const app = await createTestApp({ ...ENV, OTP_MAX_SENDS_PER_HOUR: '2' });
    try {
      const lead = await fundedLead(app);
      const first = await call(app, 'POST', W.withdrawRequest, lead.cookie, { amount: 20, address: DEST });
      const second = await call(app, 'POST', W.withdrawRequest, lead.cookie, { amount: 30, address: DEST });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const code = app.mailer.lastCode(lead.email);
      const refused = await call(app, 'POST', W.withdrawRequest, lead.cookie, { amount: 40, address: DEST });
      expect(refused.statusCode).toBe(429);

      const rows = await app.database.db
        .select({ amount: withdrawals.amount, status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.userId, lead.user.id))
        .orderBy(withdrawals.createdAt);
      expect(rows).toEqual([
        { amount: 20_000_000n, status: 'canceled' },
        { amount: 30_000_000n, status: 'requested' },
      ]);
      // The code of the standing request still pays it out.
      const verify = await verifyWithdrawal(app, lead, 30, DEST, code);
      expect(verify.statusCode).toBe(200);
      const requested = await app.database.db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, lead.user.id), eq(withdrawals.status, 'requested')));
      expect(requested).toEqual([]);
    } finally {
      expect(await app.ctx.ledger.verify()).toEqual([]);
      await app.close();
    }
  });
});
