import fs from 'node:fs';
import path from 'node:path';
import { API } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';
import { disputeHistory } from '../../db/schema/index.ts';
import * as repo from './disputes.repository.ts';

/**
 * Migration 0026 on history written before it: each of the deadline job's earlier moves gets the cause that
 * made it (at or past the evidence deadline: the deadline; before it: both sides' evidence), nothing else
 * gets one, and the history stays append-only afterwards.
 */
describe('migration 0026: the cause of earlier timer moves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROUTING_REQUIRE_TERMINAL: 'false' });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  async function openDispute() {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const order = (await postOrder(t, merchant.key, { amount: '5000.00' })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.id)}` });
    return t.ctx.disputes.openByMerchant(merchant.id, order.id, { reason: 'Оплачено' });
  }

  const timerMove = (disputeId: string, at: Date) =>
    repo.appendHistory(t.database.db, {
      disputeId,
      actorRole: 'timer',
      action: 'status',
      status: 'consideration',
      createdAt: at,
    });

  const causes = (disputeId: string) =>
    t.database.db
      .select({ actor: disputeHistory.actorRole, cause: disputeHistory.cause })
      .from(disputeHistory)
      .where(eq(disputeHistory.disputeId, disputeId))
      .orderBy(asc(disputeHistory.id));

  it('fills deadline or evidence from the move’s time against the evidence deadline', async () => {
    const late = await openDispute();
    const early = await openDispute();
    await timerMove(late.id, new Date(late.evidenceDeadline.getTime() + 5_000));
    await timerMove(early.id, new Date(early.evidenceDeadline.getTime() - 3_600_000));

    // The schema as it was before 0026, with these rows in it; then 0026 itself.
    await t.database.raw.query('alter table dispute_history drop column cause');
    await t.database.raw.query(
      fs.readFileSync(path.join(MIGRATIONS_DIR, '0026_dispute_move_cause.sql'), 'utf8'),
    );

    expect(await causes(late.id)).toEqual([
      { actor: 'merchant', cause: null },
      { actor: 'timer', cause: 'deadline' },
    ]);
    expect(await causes(early.id)).toEqual([
      { actor: 'merchant', cause: null },
      { actor: 'timer', cause: 'evidence' },
    ]);
    // Append-only again after the fill.
    const refusal = await t.database.db
      .update(disputeHistory)
      .set({ cause: 'deadline' })
      .where(and(eq(disputeHistory.disputeId, early.id), eq(disputeHistory.actorRole, 'timer')))
      .then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refusal).toMatch(/append-only/);
    // Only the job's moves carry a cause.
    await expect(
      repo.appendHistory(t.database.db, {
        disputeId: early.id,
        actorRole: 'support',
        action: 'status',
        status: 'deepconsideration',
        cause: 'deadline',
      }),
    ).rejects.toThrow();
  });
});
