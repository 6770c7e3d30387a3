/** The ledger steps of a withdrawal (hold, release, complete), each keyed by the withdrawal so it posts once. */
import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { WithdrawalRow } from './wallet.repository.ts';

type Withdrawal = Pick<WithdrawalRow, 'id' | 'userId' | 'amount' | 'fee'>;

/** A step's idempotency key: the user's verify, the operator and the sender may each reach the same step. */
const keyOf = (withdrawal: Withdrawal, step: 'hold' | 'release' | 'complete') =>
  `withdrawal:${withdrawal.id}:${step}`;

/** Amount + fee back from in flight to the user's available (rejected or failed). */
export function releaseWithdrawalFunds(
  ledger: Pick<LedgerService, 'releaseWithdrawal'>,
  row: Withdrawal,
  tx: Tx,
) {
  const { userId, amount, fee } = row;
  return ledger.releaseWithdrawal({ userId, amount, fee, idempotencyKey: keyOf(row, 'release') }, tx);
}

/** In flight → chain and withdrawal fees: the withdrawal left (sent by the sender or paid by hand). */
export function completeWithdrawalFunds(
  ledger: Pick<LedgerService, 'completeWithdrawal'>,
  row: Withdrawal,
  tx: Tx,
) {
  const { userId, amount, fee } = row;
  return ledger.completeWithdrawal({ userId, amount, fee, idempotencyKey: keyOf(row, 'complete') }, tx);
}

/** Amount + fee from the user's available to in flight, judged against the reserves in force at `at`. */
export function holdWithdrawalFunds(
  ledger: Pick<LedgerService, 'holdWithdrawal'>,
  row: Withdrawal & Pick<WithdrawalRow, 'toAddress'>,
  at: Date,
  tx: Tx,
) {
  const { userId, amount, fee } = row;
  return ledger.holdWithdrawal(
    {
      userId,
      amount,
      fee,
      idempotencyKey: keyOf(row, 'hold'),
      at,
      meta: { withdrawalId: row.id, address: row.toAddress },
    },
    tx,
  );
}
