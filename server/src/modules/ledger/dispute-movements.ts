/**
 * Dispute movements: holding a released deal's USDT again (the shortfall as the trader's debt, the release's
 * reserve used up) and releasing the hold when the trader wins (the hold's debt forgiven).
 */
import type { Database } from '../../db/client.ts';
import { userAccount } from './accounts.ts';
import * as repo from './ledger.repository.ts';
import type { LedgerService } from './ledger-types.ts';
import { legs, type Posting, repayment, requireNonNegative, requirePositive } from './posting.ts';
import * as reserves from './reserves.repository.ts';

export function createDisputeMovements(
  database: Database,
  { postSized }: Posting,
): Pick<LedgerService, 'holdForDispute' | 'releaseDisputeHold'> {
  const db = database.db;
  return {
    async holdForDispute({ userId, amount, idempotencyKey, reserveSubject, meta }, tx) {
      requirePositive('amount', amount);
      const result = await postSized(
        {
          type: 'dispute_hold',
          idempotencyKey,
          userId,
          request: `dispute_hold:${userId}:${amount}`,
          // The hold takes the deal's reserved money first: the reserve is used up, so what it held back is
          // neither counted twice nor released to withdrawal by the reserve's end.
          after: reserveSubject
            ? async (inner, transactionId) => {
                await reserves.consumeReserve(inner, {
                  userId,
                  subject: reserveSubject,
                  consumedBy: transactionId,
                });
              }
            : undefined,
        },
        ({ available }) => {
          const covered = available < amount ? available : amount;
          const shortfall = amount - covered;
          return {
            type: 'dispute_hold',
            idempotencyKey,
            meta: { ...meta, userId, amount, shortfall },
            postings: legs(
              { account: userAccount(userId, 'available'), amount: -covered },
              { account: userAccount(userId, 'frozen'), amount },
              { account: userAccount(userId, 'debt'), amount: -shortfall },
            ),
          };
        },
        tx,
      );
      const shortfall = result.spec
        ? BigInt(String(result.spec.meta?.shortfall ?? 0))
        : BigInt(String((await repo.findTransaction(tx ?? db, result.transactionId))?.meta?.shortfall ?? 0));
      return { transactionId: result.transactionId, replayed: result.replayed, shortfall };
    },

    async releaseDisputeHold({ userId, amount, forgive, idempotencyKey }, tx) {
      requirePositive('amount', amount);
      requireNonNegative('forgive', forgive);
      const { transactionId, replayed } = await postSized(
        {
          type: 'dispute_release',
          idempotencyKey,
          userId,
          request: `dispute_release:${userId}:${amount}:${forgive}`,
        },
        ({ debt }) => {
          const forgiven = repayment(debt, forgive < amount ? forgive : amount);
          // What else the trader owes (another dispute's shortfall) is repaid before anything reaches available.
          const repaid = repayment(debt - forgiven, amount - forgiven);
          return {
            type: 'dispute_release',
            idempotencyKey,
            meta:
              repaid > 0n ? { userId, amount, forgiven, debtRepaid: repaid } : { userId, amount, forgiven },
            postings: legs(
              { account: userAccount(userId, 'frozen'), amount: -amount },
              { account: userAccount(userId, 'available'), amount: amount - forgiven - repaid },
              { account: userAccount(userId, 'debt'), amount: forgiven + repaid },
            ),
          };
        },
        tx,
      );
      return { transactionId, replayed };
    },
  };
}
