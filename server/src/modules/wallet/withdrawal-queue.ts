/** The withdrawals the sender works through (tron's withdrawal sender): what waits, and each state change. */
import type { Database, DbOrTx } from '../../db/client.ts';
import type { WithdrawalStatusValue } from '../../db/schema/index.ts';
import * as repo from './wallet.repository.ts';

export type WithdrawalRow = repo.WithdrawalRow;
/** What one step of the state machine may change on a withdrawal. */
export type WithdrawalChange = Parameters<typeof repo.transition>[3];

/**
 * The wallet module's face for whoever carries withdrawals out (the tron withdrawal sender): the withdrawals
 * that wait for it, and the conditional state change every step of the state machine is. The sender never
 * reads the wallet's tables itself.
 */
export function createWithdrawalQueue(deps: { database: Database }) {
  const db = deps.database.db;
  return {
    /**
     * Moves a withdrawal on only from one of the given states (and, when given, only under the sender's
     * claim number); undefined when someone else moved it first. Pass tx to take part in a transaction.
     */
    transition(
      id: string,
      from: WithdrawalStatusValue[],
      change: WithdrawalChange,
      claim?: number,
      tx: DbOrTx = db,
    ): Promise<WithdrawalRow | undefined> {
      return repo.transition(tx, id, from, change, claim);
    },

    /** Approved withdrawals whose next attempt is due, oldest first. */
    dueApproved(at: Date, limit: number): Promise<WithdrawalRow[]> {
      return repo.dueApproved(db, at, limit);
    },

    /** Withdrawals in the given states, oldest first. */
    inStates(states: WithdrawalStatusValue[]): Promise<WithdrawalRow[]> {
      return repo.inStates(db, states);
    },

    /** Claims left in 'signing' for longer than olderThanMs (database clock): their sender stopped. */
    staleSigning(olderThanMs: number): Promise<WithdrawalRow[]> {
      return repo.staleSigning(db, olderThanMs);
    },
  };
}

export type WithdrawalQueue = ReturnType<typeof createWithdrawalQueue>;
