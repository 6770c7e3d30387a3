/**
 * The operator's withdrawal decisions (admin CLI and console): list, review page, approve, reject, mark as sent
 * by hand.
 */
import { formatUsdt } from '@app/shared';
import type { Database, Tx } from '../../db/client.ts';
import type { WithdrawalStatusValue } from '../../db/schema/index.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import * as repo from './wallet.repository.ts';
import { endWithdrawalFunds } from './withdrawal-ledger.ts';
import * as review from './withdrawal-review.repository.ts';

/** Why a decision was refused, for a caller that answers in its own words (the console's 404 and 409). */
export type OperatorRefusal = 'not_found' | 'wrong_state' | 'debt' | 'invalid_txid' | 'txid_taken';

/** The outcome of an operator's decision: done, or why not (`reason` in English for the CLI). */
export type OperatorResult =
  | { ok: true; withdrawal: repo.WithdrawalRow }
  | { ok: false; code: OperatorRefusal; reason: string };

/**
 * Runs inside the decision's transaction once the withdrawal moved (the console writes its audit row there, so
 * the decision and its row exist together or not at all). The CLI passes none.
 */
export type DecisionHook = (
  tx: Tx,
  withdrawal: repo.WithdrawalRow,
  before: repo.WithdrawalRow,
) => Promise<void>;

const TXID = /^[0-9a-f]{64}$/i;

/**
 * What the operator does with withdrawals that wait for a person (`npm run admin -- withdrawals …`):
 * approve hands a held withdrawal to the sender; reject ends a held or approved one and gives the funds back;
 * markSent records one the operator paid by hand. All are conditional state changes, so a decision racing
 * the sender cannot undo (or duplicate) a transaction it signed.
 */
export function createWithdrawalOperator(deps: {
  database: Database;
  ledger: LedgerService;
  /** Telegram notifications: a withdrawal paid by hand or rejected is told in its own transaction. */
  notifier: Notifier;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  async function find(id: string): Promise<repo.WithdrawalRow | undefined> {
    return isUuid(id) ? repo.findWithdrawal(db, id) : undefined;
  }

  return {
    /** Withdrawals newest first; by default those that still need someone (held) or are on their way. */
    list(filter: { states?: WithdrawalStatusValue[]; limit?: number } = {}) {
      return repo.listWithdrawals(db, { states: filter.states, limit: filter.limit ?? 100 });
    },

    /** One page of withdrawals (all states when none given; one when `id`), newest first, with the whitelist age. */
    page(filter: { states?: WithdrawalStatusValue[]; id?: string; offset: number; limit: number }) {
      return review.pageWithdrawals(db, filter);
    },

    /** The last `limit` deposits and disputes of each user, for judging their withdrawals. */
    recentActivity(userIds: string[], limit = 5) {
      return review.recentActivity(db, userIds, limit);
    },

    /** held → approved: the sender signs and sends it on its next pass. */
    async approve(id: string, actor: string, hook?: DecisionHook): Promise<OperatorResult> {
      const row = await find(id);
      if (!row) return { ok: false, code: 'not_found', reason: `no withdrawal ${id}` };
      // Nothing leaves while the user owes a dispute's shortfall; rejecting returns the amount, which repays it.
      const { debt } = await deps.ledger.getBalances(row.userId);
      if (debt > 0n && row.status === 'held') {
        return {
          ok: false,
          code: 'debt',
          reason: `the user owes ${formatUsdt(debt)} USDT from disputes; reject the withdrawal (its amount repays the debt) or approve it once the debt is repaid`,
        };
      }
      const moved = await db.transaction(async (tx) => {
        const approved = await repo.transition(tx, id, ['held'], {
          status: 'approved',
          approvedBy: actor,
          approvedAt: now(),
          nextAttemptAt: now(),
        });
        if (approved && hook) await hook(tx, approved, row);
        return approved;
      });
      if (!moved)
        return {
          ok: false,
          code: 'wrong_state',
          reason: `withdrawal ${id} is ${row.status}; only a held withdrawal can be approved`,
        };
      return { ok: true, withdrawal: moved };
    },

    /** held or approved → rejected, and amount + fee back to the user's available, in one transaction. */
    async reject(id: string, actor: string, reason: string, hook?: DecisionHook): Promise<OperatorResult> {
      const row = await find(id);
      if (!row) return { ok: false, code: 'not_found', reason: `no withdrawal ${id}` };
      const moved = await db.transaction(async (tx) => {
        const rejected = await repo.transition(tx, id, ['held', 'approved'], {
          status: 'rejected',
          approvedBy: actor,
          lastError: reason.slice(0, 500),
          completedAt: now(),
        });
        if (!rejected) return undefined;
        await endWithdrawalFunds(deps.ledger, rejected, 'release', tx);
        await deps.notifier.notify(tx, rejected.userId, {
          kind: 'withdrawal_returned',
          outcome: 'rejected',
          amountMicro: rejected.amount,
          feeMicro: rejected.fee,
          address: rejected.toAddress,
        });
        if (hook) await hook(tx, rejected, row);
        return rejected;
      });
      if (!moved) {
        return {
          ok: false,
          code: 'wrong_state',
          reason: `withdrawal ${id} is ${row.status}; only a held or approved withdrawal can be rejected`,
        };
      }
      return { ok: true, withdrawal: moved };
    },

    /**
     * held or approved → confirmed with the operator's txid, for a withdrawal paid by hand: the in-flight
     * amount and fee settle exactly as a confirmed chain withdrawal's do (same ledger step, same key), in the
     * same transaction. Refused for any other state (a signed one is the sender's; an ended one is ended),
     * a second time, and for a txid another withdrawal already has.
     */
    async markSent(id: string, txid: string, actor: string, hook?: DecisionHook): Promise<OperatorResult> {
      const row = await find(id);
      if (!row) return { ok: false, code: 'not_found', reason: `no withdrawal ${id}` };
      if (!TXID.test(txid))
        return {
          ok: false,
          code: 'invalid_txid',
          reason: `${txid} is not a transaction id (64 hex characters)`,
        };
      const hash = txid.toLowerCase();
      let moved: repo.WithdrawalRow | undefined;
      try {
        moved = await db.transaction(async (tx) => {
          const sent = await repo.transition(tx, id, ['held', 'approved'], {
            status: 'confirmed',
            txid: hash,
            markedSentBy: actor,
            lastError: null,
            completedAt: now(),
          });
          if (!sent) return undefined;
          await endWithdrawalFunds(deps.ledger, sent, 'complete', tx);
          await deps.notifier.notify(tx, sent.userId, {
            kind: 'withdrawal_sent',
            amountMicro: sent.amount,
            address: sent.toAddress,
            txid: hash,
          });
          if (hook) await hook(tx, sent, row);
          return sent;
        });
      } catch (error) {
        if (uniqueViolation(error))
          return { ok: false, code: 'txid_taken', reason: `txid ${hash} is recorded for another withdrawal` };
        throw error;
      }
      if (!moved) {
        const current = (await find(id)) ?? row;
        const already = current.markedSentBy
          ? `; it was marked as sent by hand by ${current.markedSentBy} (txid ${current.txid})`
          : '';
        return {
          ok: false,
          code: 'wrong_state',
          reason: `withdrawal ${id} is ${current.status}${already}; only a held or approved withdrawal can be marked as sent`,
        };
      }
      return { ok: true, withdrawal: moved };
    },
  };
}
