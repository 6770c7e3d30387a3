import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import * as ratingRepo from '../rating/rating.repository.ts';
import { startDisputeDeadlines } from './dispute-deadlines.ts';
import * as repo from './disputes.repository.ts';

describe('dispute deadlines', () => {
  let t: TestApp;
  let now = new Date('2031-06-01T09:00:00Z');
  beforeAll(async () => {
    // A fractional deadline: 1.5 h.
    t = await createTestApp(
      { ROUTING_REQUIRE_TERMINAL: 'false', DISPUTE_EVIDENCE_H: '1.5' },
      { now: () => now },
    );
  });
  afterAll(() => t.close());

  async function openDispute() {
    await setRate(t, '100.00');
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    return t.ctx.disputes.openByMerchant(merchant.id, order.id, { reason: 'Оплачено' });
  }
  const kinds = async (id: string) =>
    (await ratingRepo.eventsOfDispute(t.database.db, id)).map((e) => e.kind);
  const statusOf = async (id: string) => (await repo.findDispute(t.database.db, id))?.status;
  /** The deadline job's moves as support reads them in the detail (GET api/v1/disputes/{id}/). */
  async function timerMoves(id: string) {
    const support = await insertUser(t, { role: 'support' });
    const detail = await t.ctx.disputes.detail({ id: support.user.id, role: 'support' }, id);
    return detail.history
      .filter((item) => item.actor_role === 'timer')
      .map((item) => ({ status: item.status, cause: item.cause }));
  }

  it('the trader deadline passing without trader evidence moves to consideration and records ignored once', async () => {
    const dispute = await openDispute();
    expect(dispute.evidenceDeadline.getTime() - dispute.createdAt.getTime()).toBe(90 * 60_000);
    now = new Date(now.getTime() + 89 * 60_000);
    await t.ctx.disputes.advanceDue();
    expect(await statusOf(dispute.id)).toBe('waiting');
    now = new Date(now.getTime() + 60_000);
    // Two passes at once (as two instances would): one moves it, the event is written once.
    await Promise.all([t.ctx.disputes.advanceDue(), t.ctx.disputes.advanceDue()]);
    expect(await statusOf(dispute.id)).toBe('consideration');
    expect(await kinds(dispute.id)).toEqual(['created', 'ignored']);
    await t.ctx.disputes.advanceDue();
    expect(await kinds(dispute.id)).toEqual(['created', 'ignored']);
    // The deadline made this move, and the history says so.
    expect(await timerMoves(dispute.id)).toEqual([{ status: 'consideration', cause: 'deadline' }]);
  });

  it('both sides with evidence move it before the deadline, without ignored; the leased job runs the pass', async () => {
    const dispute = await openDispute();
    for (const side of ['trader', 'merchant'] as const) {
      await repo.appendHistory(t.database.db, {
        disputeId: dispute.id,
        actorRole: side,
        action: 'file_added',
        fileId: randomUUID(),
        fileName: `${side}.pdf`,
        fileSide: side,
        fileSha256: 'a'.repeat(64),
        fileSize: 10,
      });
    }
    const job = startDisputeDeadlines(t.ctx, { intervalMs: 50 });
    try {
      await expect.poll(() => statusOf(dispute.id), { timeout: 5_000 }).toBe('consideration');
    } finally {
      await job.stop();
    }
    expect(await kinds(dispute.id)).toEqual(['created']);
    // Both sides' evidence made this move, not the deadline (which had not come).
    expect(await timerMoves(dispute.id)).toEqual([{ status: 'consideration', cause: 'evidence' }]);
  });

  it('a merchant who opened it has had its say: the trader’s evidence alone moves it; one support opened waits for the merchant’s files', async () => {
    const byMerchant = await openDispute();
    const support = await insertUser(t, { role: 'support' });
    await setRate(t, '100.00');
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    const bySupport = await t.ctx.disputes.openBySupport(
      { id: support.user.id, role: 'support' },
      { transactionId: order.id, note: 'Жалоба плательщика' },
    );
    const addFile = (disputeId: string, side: 'trader' | 'merchant') =>
      repo.appendHistory(t.database.db, {
        disputeId,
        actorRole: side,
        action: 'file_added',
        fileId: randomUUID(),
        fileName: `${side}.pdf`,
        fileSide: side,
        fileSha256: 'b'.repeat(64),
        fileSize: 10,
      });
    await addFile(byMerchant.id, 'trader');
    await addFile(bySupport.id, 'trader');
    await t.ctx.disputes.advanceDue();
    expect(await statusOf(byMerchant.id)).toBe('consideration');
    expect(await statusOf(bySupport.id)).toBe('waiting');
    await addFile(bySupport.id, 'merchant');
    await t.ctx.disputes.advanceDue();
    expect(await statusOf(bySupport.id)).toBe('consideration');
    expect(await kinds(byMerchant.id)).toEqual(['created']);
    expect(await kinds(bySupport.id)).toEqual(['created']);
    expect(await timerMoves(byMerchant.id)).toEqual([{ status: 'consideration', cause: 'evidence' }]);
    expect(await timerMoves(bySupport.id)).toEqual([{ status: 'consideration', cause: 'evidence' }]);
  });

  it('a verdict on a waiting dispute past its deadline, before the pass, records ignored too', async () => {
    const dispute = await openDispute();
    now = new Date(now.getTime() + 2 * 3_600_000);
    const support = await insertUser(t, { role: 'support' });
    await t.ctx.disputes.resolve({ id: support.user.id, role: 'support' }, dispute.id, {
      resolution: 'merchant',
      comment: '',
    });
    expect(await kinds(dispute.id)).toEqual(['created', 'ignored', 'finished_within_18h']);
  });
});
