/**
 * Withdrawals of a lead: request (checks, then a mailed code), verify (the ledger hold and the automatic or
 * operator approval in one transaction), the list, what is withdrawable, the limits, the amount in flight.
 */
import {
  debtOutstandingText,
  formatUsdt,
  insufficientFundsText,
  microToNumber,
  pageWindow,
  usdtNumberToMicro,
  WALLET_MESSAGES,
  WITHDRAWAL_IN_FLIGHT_STATUSES,
  WITHDRAWAL_LISTED_STATUSES,
  type WithdrawableBalance,
  type WithdrawalStatus,
  type WithdrawalsResponse,
  type WithdrawLimits,
  whitelistPendingText,
  withdrawalMinimumText,
} from '@app/shared';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { DebtOutstandingError, InsufficientFundsError } from '../ledger/ledger.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as repo from './wallet.repository.ts';
import { consumeCode, requireLead, type WalletDeps, withdrawalLimits } from './wallet-common.ts';
import { holdWithdrawalFunds } from './withdrawal-ledger.ts';

/** 400 {error} — the body the withdraw dialog reads (spec §7 Wallet). */
const refuse = (message: string) => new HttpError(400, { error: message });

/** 400 {detail} while the user owes a dispute's shortfall (issue 23); nothing is held, no code is mailed. */
const refuseForDebt = (debt: bigint) => badRequest(debtOutstandingText(formatUsdt(debt)));

/** The rolling window of the automatic-approval cap. */
const AUTO_APPROVAL_WINDOW_MS = 24 * 3_600_000;

export function createWithdrawals(deps: WalletDeps, now: () => Date) {
  const db = deps.database.db;
  const { config, log } = deps;
  const limits = withdrawalLimits(config);
  const hotWallet = deps.tron.hotWalletAddress;
  const isValidTronAddress = deps.tron.isValidAddress;

  /** Amount and address checks shared by request and verify; returns the amount in micro-USDT. */
  async function checkWithdrawal(
    user: SessionUser,
    input: { amount: number; address: string },
  ): Promise<bigint> {
    if (!input.address) throw refuse(WALLET_MESSAGES.fillAllFields);
    if (!(input.amount > 0)) throw refuse(WALLET_MESSAGES.amountPositive);
    const amount = usdtNumberToMicro(input.amount);
    if (amount === null || amount <= 0n || microToNumber(amount) !== input.amount) {
      throw refuse(WALLET_MESSAGES.amountPrecision);
    }
    if (amount < limits.minimum) throw refuse(withdrawalMinimumText(formatUsdt(limits.minimum)));
    if (!isValidTronAddress(input.address)) throw refuse(WALLET_MESSAGES.invalidAddress);
    // Paying one of our own addresses would come straight back as a deposit, minus the fee.
    if (input.address === hotWallet || (await repo.isDepositAddress(db, input.address))) {
      throw refuse(WALLET_MESSAGES.ownAddress);
    }
    if (await repo.isWhitelistEnabled(db, user.id)) {
      const entry = await repo.findWhitelistEntry(db, user.id, input.address);
      if (!entry) throw refuse(WALLET_MESSAGES.notWhitelisted);
      // A session alone can add an address; the cool-down (and the mail about it) gives the owner time.
      if (entry.usableAt.getTime() > now().getTime()) throw refuse(whitelistPendingText(entry.usableAt));
    }
    return amount;
  }

  return {
    /**
     * POST withdraw/request: checks the withdrawal, records it as requested and mails a code. The record
     * (and the cancelling of an earlier request) is written in the code's transaction after the send limits
     * passed: a request refused with 429 changes nothing.
     */
    async requestWithdrawal(user: SessionUser, input: { amount: number; address: string }, ip: string) {
      requireLead(user);
      const amount = await checkWithdrawal(user, input);
      // A first answer before a code is mailed; verify decides again under the balances row's lock.
      const { debt, withdrawable } = await deps.ledger.withdrawable(user.id, now());
      if (debt > 0n) throw refuseForDebt(debt);
      if (withdrawable < amount + limits.fee) {
        throw refuse(insufficientFundsText(formatUsdt(amount + limits.fee), formatUsdt(limits.fee)));
      }
      await deps.otp.issue({
        email: user.email,
        purpose: 'withdrawal',
        ip,
        userId: user.id,
        prepare: async (tx) => {
          await repo.cancelRequested(tx, user.id);
          const withdrawal = await repo.insertWithdrawal(tx, {
            userId: user.id,
            amount,
            fee: limits.fee,
            toAddress: input.address,
            status: 'requested',
          });
          return { withdrawal_id: withdrawal.id };
        },
      });
      return { message: WALLET_MESSAGES.withdrawOtpSent };
    },

    /**
     * POST withdraw/verify: the code, for the same amount and address, moves amount + fee from available to
     * in flight in the same transaction that moves the withdrawal on — to approved (the sender sends it)
     * when a hot-wallet key is configured and the amount is within the auto limit, otherwise to held (the
     * operator decides).
     */
    async verifyWithdrawal(user: SessionUser, input: { amount: number; address: string; otp: string }) {
      requireLead(user);
      const payload = await consumeCode(deps.otp, user, 'withdrawal', input.otp);
      const id = typeof payload.withdrawal_id === 'string' ? payload.withdrawal_id : '';
      const row = id ? await repo.findWithdrawal(db, id) : undefined;
      if (!row || row.userId !== user.id || row.status !== 'requested')
        throw refuse(WALLET_MESSAGES.requestMismatch);
      const cancel = () => repo.transition(db, row.id, ['requested'], { status: 'canceled' });
      const amount = usdtNumberToMicro(input.amount);
      if (amount !== row.amount || input.address !== row.toAddress) {
        await cancel();
        throw refuse(WALLET_MESSAGES.requestMismatch);
      }
      try {
        await checkWithdrawal(user, input);
      } catch (error) {
        await cancel();
        throw error;
      }
      const withinAutoLimit = hotWallet !== null && row.amount <= limits.autoLimit;
      let status: WithdrawalStatus;
      try {
        status = await db.transaction(async (tx) => {
          const at = now();
          // The hold comes first: it takes the user's balances row lock, which serialises this user's
          // withdrawals, so the rolling automatic-approval sum below cannot be passed by two at once.
          await holdWithdrawalFunds(deps.ledger, row, at, tx);
          const auto =
            withinAutoLimit &&
            (await repo.sumAutoApprovedSince(tx, user.id, new Date(at.getTime() - AUTO_APPROVAL_WINDOW_MS))) +
              row.amount <=
              limits.autoDailyLimit;
          const moved = await repo.transition(tx, row.id, ['requested'], {
            status: auto ? 'approved' : 'held',
            approvedBy: auto ? 'auto' : null,
            approvedAt: auto ? at : null,
            nextAttemptAt: at,
          });
          if (!moved) throw refuse(WALLET_MESSAGES.requestMismatch);
          await deps.notifier.notify(tx, user.id, {
            kind: 'withdrawal_requested',
            amountMicro: row.amount,
            address: row.toAddress,
          });
          return moved.status;
        });
      } catch (error) {
        if (error instanceof DebtOutstandingError) {
          await cancel();
          throw refuseForDebt(error.debt);
        }
        if (error instanceof InsufficientFundsError) {
          await cancel();
          throw refuse(insufficientFundsText(formatUsdt(row.amount + row.fee), formatUsdt(row.fee)));
        }
        throw error;
      }
      log.info(
        { withdrawalId: row.id, userId: user.id, status, amount: row.amount.toString() },
        'withdrawal verified',
      );
      return {
        message: WALLET_MESSAGES.withdrawalSent,
        withdrawal: {
          id: row.id,
          status,
          amount: microToNumber(row.amount),
          fee: microToNumber(row.fee),
          address: row.toAddress,
        },
      };
    },

    /** GET withdrawals (our addition): the lead's confirmed withdrawals, newest first, a page at a time. */
    async listWithdrawals(
      user: SessionUser,
      query: { page: number; page_size: number },
    ): Promise<WithdrawalsResponse> {
      requireLead(user);
      const { rows, count } = await repo.pageOfUserWithdrawals(db, user.id, WITHDRAWAL_LISTED_STATUSES, {
        ...pageWindow(query),
      });
      return {
        results: rows.map((row) => ({
          id: row.id,
          amount: microToNumber(row.amount),
          fee: microToNumber(row.fee),
          address: row.toAddress,
          status: row.status as (typeof WITHDRAWAL_LISTED_STATUSES)[number],
          txid: row.txid,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        })),
        count,
      };
    },

    /**
     * Amount + fee of the user's withdrawals in flight (micro-USDT): what has left their balance and is on its
     * way (the dashboard's `withdrawing`). Zero for anyone who never withdrew.
     */
    async withdrawingAmount(userId: string): Promise<bigint> {
      return repo.sumUserWithdrawals(db, userId, WITHDRAWAL_IN_FLIGHT_STATUSES);
    },

    /**
     * GET withdraw/available (our addition): what the lead can withdraw now and what holds the rest back (the
     * reserves of recently released deals, a dispute's debt).
     */
    async getWithdrawable(user: SessionUser): Promise<WithdrawableBalance> {
      requireLead(user);
      const balance = await deps.ledger.withdrawable(user.id, now());
      return {
        available: microToNumber(balance.available),
        withdrawable: microToNumber(balance.withdrawable),
        reserved: microToNumber(balance.reserved),
        debt: microToNumber(balance.debt),
        reserves: balance.reserves.map((reserve) => ({
          amount: microToNumber(reserve.amount),
          until: reserve.until.toISOString(),
        })),
      };
    },

    /** GET withdraw/limits (our addition): the configured fee and minimum in USDT, for leads. */
    async getWithdrawLimits(user: SessionUser): Promise<WithdrawLimits> {
      requireLead(user);
      return { fee: microToNumber(limits.fee), minimum: microToNumber(limits.minimum) };
    },
  };
}
