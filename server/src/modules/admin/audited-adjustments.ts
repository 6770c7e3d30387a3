/**
 * Use cases: the two operator adjustments the console and the CLI share, each with its audit row in the
 * adjustment's own transaction: a balance adjustment through the ledger and a trader's rating adjustment.
 * One place, so the console and `npm run admin` cannot record them differently.
 */
import { randomUUID } from 'node:crypto';
import { formatUsdt } from '@app/shared';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import type { AuditActor } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';

interface Subject {
  id: string;
  email: string;
}

/**
 * Adds (or with a negative amount takes) micro-USDT to the user's available balance as a ledger adjustment and
 * writes the `user.balance` row; throws the ledger's InsufficientFundsError when too much is taken.
 */
export async function adjustBalanceAudited(
  deps: { database: Database; ledger: Pick<LedgerService, 'adjust' | 'getBalances'> },
  actor: AuditActor,
  user: Subject,
  amount: bigint,
  reason: string,
): Promise<{ transactionId: string }> {
  return deps.database.db.transaction(async (tx) => {
    const before = await deps.ledger.getBalances(user.id, tx);
    const posted = await deps.ledger.adjust(
      { userId: user.id, amount, reason, actor: actor.actor, idempotencyKey: `adjustment:${randomUUID()}` },
      tx,
    );
    await recordAudit(tx, actor, {
      action: 'user.balance',
      target: user.email,
      before: { available: formatUsdt(before.available) },
      after: { available: formatUsdt(before.available + amount), amount: formatUsdt(amount) },
      reason,
    });
    return { transactionId: posted.transactionId };
  });
}

/** Penalty points on a trader (not their methods) as an `adjustment` rating event, with the `user.rating` row. */
export function adjustRatingAudited(
  rating: Pick<RatingService, 'adjust'>,
  actor: AuditActor,
  trader: Subject,
  pointsTenths: number,
  reason: string,
) {
  return rating.adjust({
    traderId: trader.id,
    pointsTenths,
    reason,
    actor: actor.actor,
    audit: (tx, change) =>
      recordAudit(tx, actor, {
        action: 'user.rating',
        target: trader.email,
        before: { points: change.beforeTenths / 10 },
        after: { points: change.afterTenths / 10 },
        reason,
      }),
  });
}
