/**
 * Use cases: the console's withdrawal queue (by status, with the address's whitelist age and the user's recent
 * deposits and disputes) and the operator's decisions: approve (mailed code), reject with a reason (the funds
 * return), mark as sent by hand with a txid (mailed code). The CLI's rules exactly: both go through the wallet's
 * withdrawal operator; each decision's audit row is written in the decision's own transaction.
 */
import {
  ADMIN_MESSAGES,
  type AdminWithdrawal,
  type AdminWithdrawalsQuery,
  formatUsdt,
  pageWindow,
  WITHDRAWAL_STATUSES,
} from '@app/shared';
import type { WithdrawalStatusValue } from '../../db/schema/index.ts';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../users/users.service.ts';
import type { createWithdrawalOperator, OperatorResult } from '../wallet/withdrawal-operator.ts';
import { type AuditActor, requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import type { AdminCodes } from './admin-codes.ts';

/** The wallet's withdrawal operator, the one the CLI uses too. */
export type WithdrawalOperator = ReturnType<typeof createWithdrawalOperator>;
type ReviewedWithdrawal = Awaited<ReturnType<WithdrawalOperator['page']>>['rows'][number];
type UserActivity = NonNullable<ReturnType<Awaited<ReturnType<WithdrawalOperator['recentActivity']>>['get']>>;

/** The states the queue shows by default (as the CLI's `withdrawals list`): someone may still act or wait. */
const OPEN_STATES: WithdrawalStatusValue[] = ['held', 'approved', 'signing', 'signed', 'broadcast'];

/** `open` (default), `all`, or one WITHDRAWAL_STATUSES value; 400 {status} for anything else. */
function statesOf(status: string | undefined): WithdrawalStatusValue[] | undefined {
  if (!status || status === 'open') return OPEN_STATES;
  if (status === 'all') return undefined;
  if ((WITHDRAWAL_STATUSES as readonly string[]).includes(status)) return [status as WithdrawalStatusValue];
  throw fieldErrors({ status: [ADMIN_MESSAGES.withdrawalStatusUnknown] });
}

function toApi(row: ReviewedWithdrawal, activity: UserActivity | undefined): AdminWithdrawal {
  return {
    id: row.id,
    status: row.status,
    user_id: row.userId,
    email: row.email,
    amount: formatUsdt(row.amount),
    fee: formatUsdt(row.fee),
    to_address: row.toAddress,
    whitelisted_at: row.whitelistedAt?.toISOString() ?? null,
    txid: row.txid,
    last_error: row.lastError,
    marked_sent_by: row.markedSentBy,
    created_at: row.createdAt.toISOString(),
    recent_deposits: (activity?.deposits ?? []).map((deposit) => ({
      amount: formatUsdt(deposit.amount),
      txid: deposit.txid,
      at: deposit.at.toISOString(),
    })),
    recent_disputes: (activity?.disputes ?? []).map((dispute) => ({
      id: dispute.id,
      status: dispute.status,
      created_at: dispute.createdAt.toISOString(),
    })),
  };
}

/** A refusal of the operator in the console's words: 404 unknown, 409 not in a state for it, 400 the txid. */
function refusal(result: Extract<OperatorResult, { ok: false }>): Error {
  switch (result.code) {
    case 'not_found':
      return notFound(ADMIN_MESSAGES.withdrawalNotFound);
    case 'debt':
      return conflict(ADMIN_MESSAGES.withdrawalUserInDebt);
    case 'txid_taken':
      return fieldErrors({ txid: [ADMIN_MESSAGES.txidTaken] });
    case 'invalid_txid':
      return fieldErrors({ txid: ['Введите txid: 64 шестнадцатеричных символа'] });
    default:
      return conflict(ADMIN_MESSAGES.withdrawalWrongState);
  }
}

export function createAdminWithdrawals(deps: { operator: WithdrawalOperator; codes: AdminCodes }) {
  const { operator } = deps;

  /** The page row of one withdrawal after a decision (the answer of every action). */
  async function reviewed(id: string): Promise<AdminWithdrawal> {
    const { rows } = await operator.page({ offset: 0, limit: 1, id });
    const row = rows[0]!;
    const activity = await operator.recentActivity([row.userId]);
    return toApi(row, activity.get(row.userId));
  }

  /** Runs a decision with its audit row in the decision's transaction; the refusal otherwise. */
  async function decide(
    actor: AuditActor,
    action: 'withdrawal.approve' | 'withdrawal.reject' | 'withdrawal.mark_sent',
    run: (hook: Parameters<typeof operator.approve>[2]) => Promise<OperatorResult>,
    reason?: string,
  ): Promise<AdminWithdrawal> {
    const result = await run(async (tx, withdrawal, before) => {
      await recordAudit(tx, actor, {
        action,
        target: withdrawal.id,
        before: {
          status: before.status,
          amount: formatUsdt(withdrawal.amount),
          fee: formatUsdt(withdrawal.fee),
        },
        after: { status: withdrawal.status, ...(withdrawal.txid ? { txid: withdrawal.txid } : {}) },
        reason: reason ?? null,
      });
    });
    if (!result.ok) throw refusal(result);
    return reviewed(result.withdrawal.id);
  }

  return {
    /** GET api/v1/admin/withdrawals/: one page of the queue, newest first. */
    async withdrawals(user: SessionUser, query: AdminWithdrawalsQuery) {
      requireAdmin(user);
      const { count, rows } = await operator.page({ states: statesOf(query.status), ...pageWindow(query) });
      const activity = await operator.recentActivity([...new Set(rows.map((row) => row.userId))]);
      return { count, results: rows.map((row) => toApi(row, activity.get(row.userId))) };
    },

    /** POST …/{id}/approve/ {otp}: held → approved (the sender sends it). */
    async approveWithdrawal(user: SessionUser, id: string, otp: string) {
      const actor = requireAdmin(user);
      await deps.codes.confirm(user, 'approve_withdrawal', otp);
      return decide(actor, 'withdrawal.approve', (hook) => operator.approve(id, user.email, hook));
    },

    /** POST …/{id}/reject/ {reason}: held or approved → rejected, amount + fee back to the user. */
    async rejectWithdrawal(user: SessionUser, id: string, reason: string) {
      const actor = requireAdmin(user);
      return decide(
        actor,
        'withdrawal.reject',
        (hook) => operator.reject(id, user.email, reason, hook),
        reason,
      );
    },

    /** POST …/{id}/mark-sent/ {txid, otp}: paid by hand, settled as a confirmed chain withdrawal. */
    async markWithdrawalSent(user: SessionUser, id: string, txid: string, otp: string) {
      const actor = requireAdmin(user);
      await deps.codes.confirm(user, 'mark_sent', otp);
      return decide(actor, 'withdrawal.mark_sent', (hook) => operator.markSent(id, txid, user.email, hook));
    },
  };
}
