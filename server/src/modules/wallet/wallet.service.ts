import {
  debtOutstandingText,
  formatUsdt,
  insufficientFundsText,
  microToNumber,
  parseUsdt,
  usdtNumberToMicro,
  WALLET_MESSAGES,
  type WalletData,
  WHITELIST_MAX_ENTRIES,
  type WhitelistEntry,
  WITHDRAWAL_IN_FLIGHT_STATUSES,
  WITHDRAWAL_LISTED_STATUSES,
  type WithdrawableBalance,
  type WithdrawalStatus,
  type WithdrawalsResponse,
  type WithdrawLimits,
  whitelistFullText,
  whitelistPendingText,
  withdrawalMinimumText,
} from '@app/shared';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, fieldErrors, HttpError, notALead, notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import {
  DebtOutstandingError,
  InsufficientFundsError,
  type LedgerService,
} from '../ledger/ledger.service.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import { type OtpPurpose, whitelistAddedMail } from '../mail/templates.ts';
import { OtpError, type OtpService } from '../otp/otp.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { TronService } from '../tron/tron.service.ts';
import * as repo from './wallet.repository.ts';

/** A user asking for a scan of their address is answered at most this often (TronGrid calls cost). */
const NUDGE_INTERVAL_MS = 10_000;

/** The withdrawal rules of the configuration, in micro-USDT. */
export function withdrawalLimits(config: AppConfig) {
  return {
    fee: parseUsdt(config.WITHDRAWAL_FEE_USDT)!,
    minimum: parseUsdt(config.WITHDRAWAL_MIN_USDT)!,
    autoLimit: parseUsdt(config.WITHDRAWAL_AUTO_LIMIT_USDT)!,
    autoDailyLimit: parseUsdt(config.WITHDRAWAL_AUTO_DAILY_LIMIT_USDT)!,
  };
}

/** 400 {error} — the body the withdraw dialog reads (spec §7 Wallet). */
const refuse = (message: string) => new HttpError(400, { error: message });

/** 400 {detail} while the user owes a dispute's shortfall (issue 23); nothing is held, no code is mailed. */
const refuseForDebt = (debt: bigint) => badRequest(debtOutstandingText(formatUsdt(debt)));

/** The rolling window of the automatic-approval cap. */
const AUTO_APPROVAL_WINDOW_MS = 24 * 3_600_000;

function requireLead(user: SessionUser): void {
  if (!user.isLead) throw notALead();
}

/**
 * Deposit addresses, the deposit nudge, withdrawals (request, verify) and the whitelist (spec §7 Wallet).
 * Authorization first in every method; money moves only through the ledger.
 */
export function createWalletService(deps: {
  database: Database;
  otp: OtpService;
  ledger: LedgerService;
  /** The mail outbox, written in the change's own transaction. */
  mail: MailOutbox;
  tron: TronService;
  config: AppConfig;
  log: Logger;
  /** Telegram notifications, written in the change's own transaction. */
  notifier: Notifier;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const { config, log } = deps;
  const limits = withdrawalLimits(config);
  const whitelistCooldownMs = Math.round(config.WHITELIST_COOLDOWN_H * 3_600_000);
  const hotWallet = deps.tron.hotWalletAddress;
  const isValidTronAddress = deps.tron.isValidAddress;
  let keysChecked: Promise<void> | null = null;
  const lastNudge = new Map<string, number>();

  /** Loads the deposit keys once and says so when earlier addresses came from another account key. */
  function checkDepositKeys(): Promise<void> {
    keysChecked ??= (async () => {
      const { fingerprint } = await deps.tron.depositKeys();
      const others = (await repo.addressKeyFingerprints(db)).filter((print) => print !== fingerprint);
      if (others.length > 0) {
        log.error(
          { current: fingerprint, earlier: others },
          'some deposit addresses were derived from another account key than the one configured now (TRON_XPUB changed?); they are still watched',
        );
      }
    })().catch((error: unknown) => {
      keysChecked = null;
      throw error;
    });
    return keysChecked;
  }

  /** Uses up a code; a wrong one answers 400 {detail} with the code service's message. */
  async function consumeCode(user: SessionUser, purpose: OtpPurpose, code: string) {
    try {
      return await deps.otp.consume({ email: user.email, purpose, code });
    } catch (error) {
      if (error instanceof OtpError) throw badRequest(error.message);
      throw error;
    }
  }

  /** The user's whitelist entries as the API shows them, oldest first. */
  async function whitelistEntries(userId: string): Promise<WhitelistEntry[]> {
    return (await repo.listWhitelist(db, userId)).map((entry) => ({
      id: entry.id,
      wallet: entry.address,
      usable_at: entry.usableAt.toISOString(),
    }));
  }

  async function walletData(userId: string): Promise<WalletData> {
    const [enabled, wallets] = await Promise.all([
      repo.isWhitelistEnabled(db, userId),
      whitelistEntries(userId),
    ]);
    return { is_white_wallet: enabled, wallets };
  }

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
    /** GET address: the user's deposit address, 404 until they have one. */
    async getAddress(user: SessionUser): Promise<{ address: string }> {
      const row = await repo.findAddressByUser(db, user.id);
      if (!row) throw notFound(WALLET_MESSAGES.noAddress);
      return { address: row.address };
    },

    /** POST address/request: mails a code, or answers with the address the user already has. */
    async requestAddress(user: SessionUser, ip: string) {
      const row = await repo.findAddressByUser(db, user.id);
      if (row) return { status: 'exists' as const, address: row.address };
      await deps.otp.issue({ email: user.email, purpose: 'wallet_address', ip, userId: user.id });
      return { status: 'otp_sent' as const, message: WALLET_MESSAGES.codeSent };
    },

    /** POST address/confirm: the code creates the address m/44'/195'/0'/0/i with a fresh index i. */
    async confirmAddress(user: SessionUser, otp: string) {
      await consumeCode(user, 'wallet_address', otp);
      const existing = await repo.findAddressByUser(db, user.id);
      if (existing) return { address: existing.address, message: WALLET_MESSAGES.addressCreated };
      await checkDepositKeys();
      const index = await repo.nextDerivationIndex(db);
      const { address, fingerprint } = await deps.tron.depositAddress(index);
      const stored = await repo.insertAddress(db, {
        userId: user.id,
        address,
        derivationIndex: index,
        keyFingerprint: fingerprint,
      });
      // A concurrent confirm of the same user won; its address stands and this index stays unused.
      const row = stored ?? (await repo.findAddressByUser(db, user.id))!;
      if (stored) log.info({ userId: user.id, address, index }, 'deposit address created');
      return { address: row.address, message: WALLET_MESSAGES.addressCreated };
    },

    /**
     * POST deposit: scans the user's address now (when a chain is configured). Answers at once; `scan`
     * settles when the scan is done (never rejects: a failure is logged, the watcher will catch up).
     */
    async nudgeDeposit(
      user: SessionUser,
    ): Promise<{ status: 'scanning' | 'disabled'; scan: Promise<number> }> {
      if (!deps.tron.scanner) return { status: 'disabled', scan: Promise.resolve(0) };
      const row = await repo.findAddressByUser(db, user.id);
      const at = now().getTime();
      if (!row || at - (lastNudge.get(user.id) ?? 0) < NUDGE_INTERVAL_MS) {
        return { status: 'scanning', scan: Promise.resolve(0) };
      }
      if (lastNudge.size > 10_000) {
        for (const [id, when] of lastNudge) if (at - when >= NUDGE_INTERVAL_MS) lastNudge.delete(id);
      }
      lastNudge.set(user.id, at);
      const scan = deps.tron.scanAddress(row.address, row.createdAt).catch((error: unknown) => {
        log.warn({ err: error, userId: user.id }, 'deposit nudge: address scan failed');
        return 0;
      });
      return { status: 'scanning', scan };
    },

    /** A user's withdrawal whitelist entries with when each becomes usable (the dashboard shows them). */
    whitelistEntries,

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
      const payload = await consumeCode(user, 'withdrawal', input.otp);
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
          await deps.ledger.holdWithdrawal(
            {
              userId: user.id,
              amount: row.amount,
              fee: row.fee,
              idempotencyKey: `withdrawal:${row.id}:hold`,
              at,
              meta: { withdrawalId: row.id, address: row.toAddress },
            },
            tx,
          );
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

    /** GET white. */
    async getWhitelist(user: SessionUser): Promise<WalletData> {
      requireLead(user);
      return walletData(user.id);
    },

    /** POST white/otp: mails the code that PATCH white needs. */
    async requestWhitelistCode(user: SessionUser, ip: string) {
      requireLead(user);
      await deps.otp.issue({ email: user.email, purpose: 'whitelist', ip, userId: user.id });
      return { message: WALLET_MESSAGES.codeSent };
    },

    /** PATCH white {otp}: flips whether withdrawals are limited to the whitelist. */
    async toggleWhitelist(user: SessionUser, otp: string) {
      requireLead(user);
      await consumeCode(user, 'whitelist', otp);
      const enabled = await db.transaction(async (tx) => {
        const on = await repo.toggleWhitelist(tx, user.id);
        await deps.notifier.notify(tx, user.id, {
          kind: 'whitelist_changed',
          change: on ? 'enabled' : 'disabled',
        });
        return on;
      });
      log.info({ userId: user.id, enabled }, 'withdrawal whitelist switched');
      return {
        is_white_wallet: enabled,
        message: enabled ? WALLET_MESSAGES.whitelistEnabled : WALLET_MESSAGES.whitelistDisabled,
      };
    },

    /**
     * POST white {wallet}: the entry is pending (usable from WHITELIST_COOLDOWN_H on, listed with usable_at
     * and counted toward the cap), and the user is mailed a notice, so an address added by someone who only
     * holds the session cannot receive a withdrawal before the owner can react.
     */
    async addToWhitelist(user: SessionUser, wallet: string) {
      requireLead(user);
      if (!isValidTronAddress(wallet)) throw fieldErrors({ wallet: [WALLET_MESSAGES.invalidAddress] });
      const usableAt = new Date(now().getTime() + whitelistCooldownMs);
      const result = await db.transaction(async (tx) => {
        const added = await repo.addWhitelistEntry(
          tx,
          { userId: user.id, address: wallet, usableAt },
          WHITELIST_MAX_ENTRIES,
        );
        if ('added' in added) {
          await deps.notifier.notify(tx, user.id, {
            kind: 'whitelist_changed',
            change: 'added',
            address: wallet,
          });
          await deps.mail.enqueue(tx, whitelistAddedMail(user.email, wallet, usableAt));
        }
        return added;
      });
      if ('refused' in result) {
        throw fieldErrors({
          wallet: [
            result.refused === 'full'
              ? whitelistFullText(WHITELIST_MAX_ENTRIES)
              : WALLET_MESSAGES.whitelistDuplicate,
          ],
        });
      }
      log.info({ userId: user.id, entryId: result.added.id }, 'whitelist address added');
      return { wallet_data: await walletData(user.id) };
    },

    /** GET withdrawals (our addition): the lead's confirmed withdrawals, newest first, a page at a time. */
    async listWithdrawals(
      user: SessionUser,
      query: { page: number; page_size: number },
    ): Promise<WithdrawalsResponse> {
      requireLead(user);
      const { rows, count } = await repo.pageOfUserWithdrawals(db, user.id, WITHDRAWAL_LISTED_STATUSES, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
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

    /** DELETE white {id}: another user's id (or an unknown one) is 404. */
    async deleteFromWhitelist(user: SessionUser, id: string) {
      requireLead(user);
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const deleted =
        uuid.test(id) &&
        (await db.transaction(async (tx) => {
          const address = await repo.deleteWhitelist(tx, user.id, id);
          if (address === null) return false;
          await deps.notifier.notify(tx, user.id, { kind: 'whitelist_changed', change: 'removed', address });
          return true;
        }));
      if (!deleted) throw notFound();
      return { message: WALLET_MESSAGES.deleted, wallet_data: await walletData(user.id) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
