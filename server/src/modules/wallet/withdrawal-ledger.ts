/** The ledger steps of a withdrawal (hold, then release or complete), each keyed by the withdrawal so it posts once. */
import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { WithdrawalRow } from './wallet.repository.ts';

type Withdrawal = Pick<WithdrawalRow, 'id' | 'userId' | 'amount' | 'fee'>;

/** A step's idempotency key: the user's verify, the operator and the sender may each reach the same step. */
const keyOf = (withdrawal: Withdrawal, step: 'hold' | 'release' | 'complete') =>
  `withdrawal:${withdrawal.id}:${step}`;

/**
 * Amount + fee out of in flight: back to the user's available (`release`: rejected or failed), or to the chain
 * and withdrawal fees (`complete`: sent by the sender or paid by hand).
 */
export function endWithdrawalFunds(
  ledger: Pick<LedgerService, 'releaseWithdrawal' | 'completeWithdrawal'>,
  row: Withdrawal,
  outcome: 'release' | 'complete',
  tx: Tx,
) {
  const input = { userId: row.userId, amount: row.amount, fee: row.fee, idempotencyKey: keyOf(row, outcome) };
  return outcome === 'release' ? ledger.releaseWithdrawal(input, tx) : ledger.completeWithdrawal(input, tx);
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
