/**
 * Money in and out of a user's account: chain deposits (repaying debt first), withdrawals (hold under the
 * balances lock, complete, release) and the operator's adjustments.
 */
import { systemAccount, userAccount } from './accounts.ts';
import {
  DebtOutstandingError,
  InsufficientFundsError,
  LedgerError,
  type LedgerService,
} from './ledger-types.ts';
import { legs, type Posting, repayment, requireNonNegative, requirePositive } from './posting.ts';
import * as reserves from './reserves.repository.ts';

export function createAccountMovements({
  post,
  postSized,
}: Posting): Pick<
  LedgerService,
  'creditDeposit' | 'holdWithdrawal' | 'completeWithdrawal' | 'releaseWithdrawal' | 'adjust'
> {
  return {
    async creditDeposit({ userId, amount, idempotencyKey, meta }, tx) {
      requirePositive('amount', amount);
      return postSized(
        { type: 'deposit', idempotencyKey, userId, request: `deposit:${userId}:${amount}` },
        ({ debt }) => {
          const repaid = repayment(debt, amount);
          return {
            type: 'deposit',
            idempotencyKey,
            meta: repaid > 0n ? { ...meta, userId, debtRepaid: repaid } : { ...meta, userId },
            postings: legs(
              { account: systemAccount('chain_deposits'), amount: -amount },
              { account: userAccount(userId, 'available'), amount: amount - repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
            ),
          };
        },
        tx,
      );
    },

    async holdWithdrawal({ userId, amount, fee, idempotencyKey, at = new Date(), meta }, tx) {
      requirePositive('amount', amount);
      requireNonNegative('fee', fee);
      return postSized(
        {
          type: 'withdrawal_hold',
          idempotencyKey,
          userId,
          request: `withdrawal_hold:${userId}:${amount}:${fee}`,
          // Decided under the balances row's lock, which every movement of this user's money takes: two
          // withdrawals at once are checked one after the other, each against what the other left.
          check: async (inner, { available, debt }) => {
            if (debt > 0n) throw new DebtOutstandingError(userId, debt);
            const reserved = await reserves.sumOpenReserves(inner, userId, at);
            if (available - reserved < amount + fee) throw new InsufficientFundsError(userId);
          },
        },
        () => ({
          type: 'withdrawal_hold',
          idempotencyKey,
          meta: { ...meta, userId, amount, fee },
          postings: [
            { account: userAccount(userId, 'available'), amount: -(amount + fee) },
            { account: systemAccount('withdrawals_in_flight'), amount: amount + fee },
          ],
        }),
        tx,
      );
    },

    async completeWithdrawal({ userId, amount, fee, idempotencyKey }, tx) {
      requirePositive('amount', amount);
      requireNonNegative('fee', fee);
      return post(
        {
          type: 'withdrawal_complete',
          idempotencyKey,
          meta: { userId, amount, fee },
          postings: legs(
            { account: systemAccount('withdrawals_in_flight'), amount: -(amount + fee) },
            { account: systemAccount('chain_withdrawals'), amount },
            { account: systemAccount('withdrawal_fees'), amount: fee },
          ),
        },
        tx,
      );
    },

    async releaseWithdrawal({ userId, amount, fee, idempotencyKey }, tx) {
      requirePositive('amount', amount);
      requireNonNegative('fee', fee);
      return postSized(
        {
          type: 'withdrawal_release',
          idempotencyKey,
          userId,
          request: `withdrawal_release:${userId}:${amount}:${fee}`,
        },
        ({ debt }) => {
          // A dispute may have left a debt while the withdrawal was on its way: the returned money repays it.
          const repaid = repayment(debt, amount + fee);
          return {
            type: 'withdrawal_release',
            idempotencyKey,
            meta: repaid > 0n ? { userId, amount, fee, debtRepaid: repaid } : { userId, amount, fee },
            postings: legs(
              { account: systemAccount('withdrawals_in_flight'), amount: -(amount + fee) },
              { account: userAccount(userId, 'available'), amount: amount + fee - repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
            ),
          };
        },
        tx,
      );
    },

    async adjust({ userId, amount, reason, actor, idempotencyKey }, tx) {
      if (typeof amount !== 'bigint' || amount === 0n)
        throw new LedgerError('amount must be a non-zero bigint');
      if (!reason.trim()) throw new LedgerError('an adjustment needs a reason');
      if (!actor.trim()) throw new LedgerError('an adjustment needs an actor');
      return post(
        {
          type: 'adjustment',
          idempotencyKey,
          meta: { userId, reason: reason.trim(), actor: actor.trim() },
          postings: [
            { account: systemAccount('adjustments'), amount: -amount },
            { account: userAccount(userId, 'available'), amount },
          ],
        },
        tx,
      );
    },
  };
}
