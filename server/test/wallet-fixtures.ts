/** Withdrawals through the API as a user makes them: a funded lead, a request verified with the mailed code. */
import { API } from '@app/shared';
import { expect } from 'vitest';
import { signedInUser, type TestApp } from './test-app.ts';

/** A signed-in lead holding `funds` (100 USDT) on the ledger. */
export async function fundedLead(t: TestApp, funds = 100_000_000n) {
  const lead = await signedInUser(t, { isLead: true });
  await t.ctx.ledger.creditDeposit({
    userId: lead.user.id,
    amount: funds,
    idempotencyKey: `fund:${lead.user.id}`,
  });
  return lead;
}

/** `lead` requests a withdrawal of `amount` USDT to `address` and verifies it; returns the withdrawal's id. */
export async function verifiedWithdrawalId(
  t: TestApp,
  lead: { cookie: string; email: string },
  amount: number,
  address: string,
): Promise<string> {
  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${t.prefix}${path}`, headers: { cookie: lead.cookie }, payload });
  expect((await post(API.wallet.withdrawRequest, { amount, address })).statusCode).toBe(200);
  const verify = await post(API.wallet.withdrawVerify, {
    amount,
    address,
    otp: t.mailer.lastCode(lead.email),
  });
  expect(verify.statusCode).toBe(200);
  return verify.json().withdrawal.id;
}
