import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdminOutput } from '../../../test/cli-fixtures.ts';
import { closeAfterLedgerCheck, createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { OUTSIDE_ADDRESSES, TEST_XPUB } from '../../../test/tron-fixtures.ts';
import { fundedLead, verifiedWithdrawalId } from '../../../test/wallet-fixtures.ts';
import { sampleOrder } from '../../../test/webhook-fixtures.ts';
import { adminAudit, ledgerVerifications, users, webhookEvents } from '../../db/schema/index.ts';
import * as verifications from '../../modules/admin/ledger-verification.ts';
import { bankAddCommand } from './banks.ts';
import { adjustBalanceCommand, ledgerVerifyCommand } from './ledger.ts';
import { merchantKeyCommand } from './merchant-keys.ts';
import { rateSetCommand, setFeeCommand, setRewardCommand } from './orders.ts';
import { ratingAdjustCommand, ratingRecomputeCommand } from './rating.ts';
import { setLeadShareCommand } from './referrals.ts';
import type { AdminCommand } from './types.ts';
import { createUserCommand, setLeadCommand } from './users.ts';
import { webhooksCommand } from './webhooks.ts';
import { withdrawalsCommand } from './withdrawals.ts';

/**
 * Issue 27: every `npm run admin` command that changes something writes its audit row (actor `admin-cli`, no
 * user id) in the change's own transaction; a refused command writes none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRON_XPUB: TEST_XPUB, OTP_MAX_SENDS_PER_HOUR: '1000' });
});
afterAll(() => closeAfterLedgerCheck(t));

const run = (command: AdminCommand, ...argv: string[]) => runAdminOutput(command, argv, appCliEnv(t));

/** The newest audit row, which must be the CLI's. */
async function lastAudit() {
  const [row] = await t.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
  expect(row).toMatchObject({ actor: 'admin-cli', actorId: null });
  return row!;
}
const auditCount = async () => (await t.database.db.select().from(adminAudit)).length;

describe('npm run admin writes the audit log', () => {
  it('create-user (an admin too) and set-lead', async () => {
    const created = await run(
      createUserCommand,
      ...['--email', 'ops-admin@example.com', '--password', 'Adm1n!pass', '--role', 'admin'],
    );
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/Created admin ops-admin@example\.com/);
    expect(await lastAudit()).toMatchObject({
      action: 'user.create',
      target: 'ops-admin@example.com',
      after: { role: 'admin' },
    });
    const { email } = await insertUser(t);
    expect((await run(setLeadCommand, email, 'true')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'user.lead',
      target: email,
      before: { is_lead: false },
      after: { is_lead: true },
    });
    const before = await auditCount();
    expect((await run(setLeadCommand, 'nobody@example.com', 'true')).code).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  it('set-fee, set-reward and set-lead-share with the percent before and after', async () => {
    const merchant = await insertUser(t, { role: 'merchant' });
    const lead = await insertUser(t, { isLead: true });
    expect((await run(setFeeCommand, merchant.email, '4')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'user.fee',
      target: merchant.email,
      after: { fee_pct: '4' },
    });
    expect((await run(setRewardCommand, lead.email, '1.5')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'user.reward', after: { reward_pct: '1.5' } });
    expect((await run(setLeadShareCommand, lead.email, '20')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'user.lead_share',
      target: lead.email,
      before: { lead_share_pct: null },
      after: { lead_share_pct: '20' },
    });
    const before = await auditCount();
    expect((await run(setFeeCommand, lead.email, '4')).code).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  it('adjust-balance, rating-adjust and rating-recompute', async () => {
    const trader = await insertUser(t);
    expect((await run(adjustBalanceCommand, trader.email, '5', '--reason', 'bonus')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'user.balance',
      after: { amount: '5', available: '5' },
      reason: 'bonus',
    });
    const before = await auditCount();
    expect((await run(adjustBalanceCommand, trader.email, '-6', '--reason', 'fix')).code).toBe(1);
    expect(await auditCount()).toBe(before);

    expect((await run(ratingAdjustCommand, trader.email, '+2', '--reason', 'late')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'user.rating',
      before: { points: 0 },
      after: { points: 2 },
      reason: 'late',
    });
    await t.database.db
      .update(users)
      .set({ ratingPointsTenths: 0, rating: '100.00' })
      .where(eq(users.id, trader.user.id));
    expect((await run(ratingRecomputeCommand)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'rating.recompute',
      target: trader.email,
      before: [{ subject: 'trader', points: 0 }],
      after: [{ subject: 'trader', points: 2 }],
    });
  });

  it('bank-add, rate-set and merchant-key create / revoke', async () => {
    expect((await run(bankAddCommand, '--name', 'Audit Bank', '--popular')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'bank.create',
      target: 'Audit Bank',
      after: { name: 'Audit Bank', popular: true },
    });
    expect((await run(rateSetCommand, '95,10')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'rate.set', after: { rub_per_usdt: '95.10' } });

    const merchant = await insertUser(t, { role: 'merchant' });
    const created = await run(merchantKeyCommand, 'create', merchant.email, '--name', 'ops');
    expect(created.code).toBe(0);
    const key = created.output.split('\n').at(-1)!;
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'api_key.create', target: merchant.email, after: { name: 'ops' } });
    // The secret is printed once and never kept in the log.
    expect(JSON.stringify([row.before, row.after])).not.toContain(key);
    const keyId = (row.after as { id: string }).id;
    expect((await run(merchantKeyCommand, 'revoke', keyId)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'api_key.revoke', target: keyId });
  });

  it('withdrawals approve, reject and mark-sent, and webhooks retry', async () => {
    const held = async () => {
      const lead = await fundedLead(t);
      return verifiedWithdrawalId(t, lead, 10, OUTSIDE_ADDRESSES[0]!);
    };
    const approved = await held();
    expect((await run(withdrawalsCommand, 'approve', approved, '--by', 'alice')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'withdrawal.approve',
      target: approved,
      before: { status: 'held' },
      after: { status: 'approved', by: 'alice' },
    });
    const rejected = await held();
    expect((await run(withdrawalsCommand, 'reject', rejected, '--reason', 'suspicious')).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'withdrawal.reject', reason: 'suspicious' });
    const sent = await held();
    const txid = 'ef'.repeat(32);
    expect((await run(withdrawalsCommand, 'mark-sent', sent, txid)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'withdrawal.mark_sent',
      after: { status: 'confirmed', txid },
    });

    const merchant = await insertUser(t, { role: 'merchant' });
    const eventId = await t.database.db.transaction((tx) =>
      t.ctx.webhooks.enqueueOrderEvent(tx, {
        merchantId: merchant.user.id,
        order: sampleOrder({ id: randomUUID() }),
        callbackUrl: null,
      }),
    );
    await t.database.db.update(webhookEvents).set({ state: 'failed' }).where(eq(webhookEvents.id, eventId));
    expect((await run(webhooksCommand, 'retry', eventId)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'webhook.retry',
      target: eventId,
      after: { state: 'pending' },
    });
  });

  it('ledger-verify records its outcome for the overview and its audit row', async () => {
    expect((await run(ledgerVerifyCommand)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'ledger.verify', after: { ok: true, differences: 0 } });
    expect(await verifications.latest(t.database.db)).toMatchObject({
      actor: 'admin-cli',
      ok: true,
      differences: [],
    });
    expect((await t.database.db.select().from(ledgerVerifications)).length).toBe(1);
  });
});
