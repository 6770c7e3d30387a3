import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import {
  type AccountRef,
  accountId,
  storedBalance,
  systemAccount,
  USER_BUCKETS,
  userAccount,
} from './accounts.ts';
import * as repo from './ledger.repository.ts';
import * as reserves from './reserves.repository.ts';

export type { AccountRef, SystemAccount, UserBucket } from './accounts.ts';
export { SYSTEM_ACCOUNTS, systemAccount, USER_BUCKETS, userAccount } from './accounts.ts';

/** An amount in micro-USDT (1 USDT = 1 000 000). */
export type Micro = bigint;

/** The outcome of a posting: the ledger transaction's id, and whether the key had been posted before. */
export interface PostResult {
  transactionId: string;
  replayed: boolean;
}

/** Thrown when a movement would take a user's available (or frozen) below zero. Nothing is posted. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly userId: string,
    message = 'Insufficient funds',
  ) {
    super(message);
    this.name = 'InsufficientFundsError';
  }
}

/**
 * Thrown when money would leave (a withdrawal) while the user owes the platform a dispute's shortfall: what is
 * owed is not available. Nothing is posted.
 */
export class DebtOutstandingError extends Error {
  constructor(
    readonly userId: string,
    readonly debt: Micro,
  ) {
    super('Debt outstanding');
    this.name = 'DebtOutstandingError';
  }
}

/** Thrown for a malformed movement (a programming error, never a user's): nothing is posted. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface PostingSpec {
  account: AccountRef;
  amount: Micro;
  /**
   * The credit is the user's earning (a deal reward, a referral commission): it lands in available like any
   * credit and also raises the user's lifetime total_profit. Only positive credits of a user's available.
   */
  earning?: boolean;
}

export interface TransferSpec {
  /** What the movement is, e.g. `deposit`, `freeze`, `settle` (lower-case letters and underscores). */
  type: string;
  idempotencyKey: string;
  /** Signed amounts: positive credits the account, negative debits it. They must sum to zero. */
  postings: PostingSpec[];
  meta?: Record<string, unknown>;
}

export interface Balances {
  available: Micro;
  frozen: Micro;
  /** Lifetime sum of what the user earned (rewards, commissions); spending never lowers it. */
  totalProfit: Micro;
  /** What the trader owes the platform (a dispute's hold the available could not cover). */
  debt: Micro;
}

/** What of a user's money can leave now, and why the rest cannot. */
export interface Withdrawable extends Balances {
  /** Released from expired or canceled deals whose dispute window is still open (part of available). */
  reserved: Micro;
  /** available − reserved, never below 0; nothing while debt stands. */
  withdrawable: Micro;
  /** The reserves in force, the soonest to end first. */
  reserves: { amount: Micro; until: Date }[];
}

/** Reserving what a release puts back into available until a dispute can no longer claim it. */
export interface ReserveSpec {
  /** What the reserve is for, e.g. `deal:<id>`; a dispute hold on the same subject uses it up. */
  subject: string;
  until: Date;
}

export interface LedgerDifference {
  account: string;
  expected: Micro;
  actual: Micro;
  /** What is wrong, where the amounts alone do not say it (a reserve). */
  problem?: string;
}

/** The one way money moves. Every later feature calls this; nothing else writes the ledger tables. */
export interface LedgerService {
  /** Chain deposit → user available. Idempotency key e.g. `deposit:${txid}:${eventIndex}`. */
  creditDeposit(
    input: { userId: string; amount: Micro; idempotencyKey: string; meta?: Record<string, unknown> },
    tx?: Tx,
  ): Promise<PostResult>;
  /**
   * User available → withdrawals in flight (amount + fee), under the balances row's lock: throws
   * DebtOutstandingError while the user owes anything, InsufficientFundsError when amount + fee is more than
   * available minus the reserves in force at `at`.
   */
  holdWithdrawal(
    input: {
      userId: string;
      amount: Micro;
      fee: Micro;
      idempotencyKey: string;
      /** The moment reserves are judged at (the caller's clock, as the dispute window is); default now. */
      at?: Date;
      meta?: Record<string, unknown>;
    },
    tx?: Tx,
  ): Promise<PostResult>;
  /** In flight → chain (amount) and withdrawal fees (fee): the withdrawal left. */
  completeWithdrawal(
    input: { userId: string; amount: Micro; fee: Micro; idempotencyKey: string },
    tx?: Tx,
  ): Promise<PostResult>;
  /** In flight → back to the user's available (failed or rejected withdrawal), repaying debt first. */
  releaseWithdrawal(
    input: { userId: string; amount: Micro; fee: Micro; idempotencyKey: string },
    tx?: Tx,
  ): Promise<PostResult>;
  /** Deals: available → frozen. Throws InsufficientFundsError. */
  freeze(
    input: { userId: string; amount: Micro; idempotencyKey: string; meta?: Record<string, unknown> },
    tx?: Tx,
  ): Promise<PostResult>;
  /**
   * Deals: frozen → available (cancelled or expired deal), repaying debt first; with `reserve`, what reaches
   * available is reserved (not withdrawable) until `reserve.until`. Throws InsufficientFundsError.
   */
  release(
    input: { userId: string; amount: Micro; idempotencyKey: string; reserve?: ReserveSpec },
    tx?: Tx,
  ): Promise<PostResult>;
  /**
   * Deals: the trader's frozen `amount` is split into platformFee → platform fees, traderReward → the trader's
   * available (an earning), referral.amount → the lead's available (an earning), and the rest → the merchant's
   * available (merchantUserId) or the merchant settlement account. Throws InsufficientFundsError.
   */
  settle(
    input: {
      userId: string;
      amount: Micro;
      merchantUserId?: string;
      platformFee?: Micro;
      traderReward?: Micro;
      referral?: { userId: string; amount: Micro };
      idempotencyKey: string;
    },
    tx?: Tx,
  ): Promise<PostResult>;
  /**
   * Disputes: holds a released deal's `amount` again. Freezes what available has; the rest (the shortfall)
   * is posted as the trader's debt, so no balance goes negative and no money is created. The release's reserve
   * (`reserveSubject`) is used up: the hold takes the reserved money first.
   */
  holdForDispute(
    input: {
      userId: string;
      amount: Micro;
      idempotencyKey: string;
      reserveSubject?: string;
      meta?: Record<string, unknown>;
    },
    tx?: Tx,
  ): Promise<PostResult & { shortfall: Micro }>;
  /**
   * Disputes, the trader won: the held `amount` leaves frozen; the debt the hold made (`forgive`, at most
   * what is still owed) is forgiven, the rest goes back to available.
   */
  releaseDisputeHold(
    input: { userId: string; amount: Micro; forgive: Micro; idempotencyKey: string },
    tx?: Tx,
  ): Promise<PostResult>;
  /** Operator adjustment (signed amount) of the user's available, with an audited reason and actor. */
  adjust(
    input: { userId: string; amount: Micro; reason: string; actor: string; idempotencyKey: string },
    tx?: Tx,
  ): Promise<PostResult>;
  /** The general primitive every helper above uses: one balanced ledger transaction. */
  post(spec: TransferSpec, tx?: Tx): Promise<PostResult>;
  getBalances(userId: string, tx?: Tx): Promise<Balances>;
  /** What the user could withdraw at `at` (the wallet shows it; holdWithdrawal decides under a lock). */
  withdrawable(userId: string, at: Date, tx?: Tx): Promise<Withdrawable>;
  /**
   * Recomputes every balance from the postings and checks every reserve against the release that made it;
   * returns the differences (empty = clean).
   */
  verify(): Promise<LedgerDifference[]>;
}

const TYPE_PATTERN = /^[a-z][a-z_]{1,39}$/;
const MAX_KEY_LENGTH = 200;
const ZERO: Balances = { available: 0n, frozen: 0n, totalProfit: 0n, debt: 0n };

/** The part of a user's balances row a movement sized by it reads under the row's lock. */
type LockedBalances = { available: Micro; debt: Micro };

function requirePositive(name: string, amount: Micro): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new LedgerError(`${name} must be a positive bigint`);
}

function requireNonNegative(name: string, amount: Micro): void {
  if (typeof amount !== 'bigint' || amount < 0n)
    throw new LedgerError(`${name} must be a non-negative bigint`);
}

/** Drops zero legs so that an optional part left at 0 (a fee, a profit) adds no posting. */
const legs = (...postings: PostingSpec[]) => postings.filter((posting) => posting.amount !== 0n);

/** JSON cannot hold a bigint: amounts in meta are stored as decimal strings of micro-USDT. */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonSafe(item)]));
  }
  return value;
}

function validate(spec: TransferSpec): void {
  if (!TYPE_PATTERN.test(spec.type)) throw new LedgerError(`invalid ledger transaction type: ${spec.type}`);
  if (!spec.idempotencyKey || spec.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new LedgerError('an idempotency key of 1 to 200 characters is required');
  }
  if (spec.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
  let sum = 0n;
  for (const posting of spec.postings) {
    if (typeof posting.amount !== 'bigint' || posting.amount === 0n) {
      throw new LedgerError('every posting needs a non-zero bigint amount');
    }
    if ('userId' in posting.account && !USER_BUCKETS.includes(posting.account.bucket)) {
      throw new LedgerError(`unknown user bucket: ${String(posting.account.bucket)}`);
    }
    if (
      posting.earning &&
      !('userId' in posting.account && posting.account.bucket === 'available' && posting.amount > 0n)
    ) {
      throw new LedgerError("only a credit of a user's available can be an earning");
    }
    sum += posting.amount;
  }
  if (sum !== 0n) throw new LedgerError(`postings must sum to zero (sum ${sum})`);
}

/** The per-user bucket deltas of a set of postings, users in a fixed order so row locks never deadlock. */
function userDeltas(postings: PostingSpec[]): [string, repo.BucketDelta][] {
  const deltas = new Map<string, repo.BucketDelta>();
  for (const { account, amount, earning } of postings) {
    if ('system' in account) continue;
    const delta = deltas.get(account.userId) ?? { available: 0n, frozen: 0n, debt: 0n, earned: 0n };
    delta[account.bucket] += storedBalance(account.bucket, amount);
    if (earning) delta.earned += amount;
    deltas.set(account.userId, delta);
  }
  return [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether stored postings are the same legs as a requested set, in any order. */
function samePostings(stored: { accountId: string; amount: bigint }[], requested: PostingSpec[]): boolean {
  const key = (account: string, amount: bigint) => `${account} ${amount}`;
  const left = stored.map((posting) => key(posting.accountId, posting.amount)).sort();
  const right = requested.map((posting) => key(accountId(posting.account), posting.amount)).sort();
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** The earnings of a movement per user, recorded in its meta so ledger-verify can recompute total_profit. */
function earningsOf(postings: PostingSpec[]): Record<string, bigint> | undefined {
  const earnings: Record<string, bigint> = {};
  for (const { account, amount, earning } of postings) {
    if (!earning || 'system' in account) continue;
    earnings[account.userId] = (earnings[account.userId] ?? 0n) + amount;
  }
  return Object.keys(earnings).length > 0 ? earnings : undefined;
}

async function postIn(db: DbOrTx, spec: TransferSpec): Promise<PostResult> {
  const earnings = earningsOf(spec.postings);
  const withEarnings = earnings ? { ...spec.meta, earnings } : spec.meta;
  const meta = withEarnings ? (jsonSafe(withEarnings) as Record<string, unknown>) : null;
  const transactionId = await repo.insertTransaction(db, {
    type: spec.type,
    idempotencyKey: spec.idempotencyKey,
    meta,
  });
  if (!transactionId) {
    const firstId = await repo.findTransactionIdByKey(db, spec.idempotencyKey);
    // Only under a snapshot isolation of the caller's choosing can the winner be invisible here.
    if (!firstId) {
      throw new LedgerError(`idempotency key ${spec.idempotencyKey} is held by an invisible transaction`);
    }
    const first = await repo.findTransaction(db, firstId);
    // A key reused for another movement is a bug in the caller; answering "done" would hide it.
    // A movement sized by the balances is the same movement when its request is (its legs may differ).
    const sameMovement =
      spec.meta?.request !== undefined
        ? first?.meta?.request === spec.meta.request
        : first !== undefined && samePostings(first.postings, spec.postings);
    if (!first || first.type !== spec.type || !sameMovement) {
      throw new LedgerError(`idempotency key ${spec.idempotencyKey} was used for a different movement`);
    }
    return { transactionId: firstId, replayed: true };
  }
  const deltas = userDeltas(spec.postings);
  // A user's accounts are created with their balances row (the first credit). A user this movement debits
  // already has that row (the conditional update needs it), so only credited-only users may be new: asking
  // for the others would be a wasted statement on every freeze and settlement.
  const creditedOnly = deltas
    .filter(([, delta]) => delta.available >= 0n && delta.frozen >= 0n && delta.debt >= 0n)
    .map(([userId]) => userId);
  await repo.ensureUserAccounts(db, creditedOnly);
  for (const [userId, delta] of deltas) {
    const debits = delta.available < 0n || delta.frozen < 0n || delta.debt < 0n;
    if (!debits) {
      await repo.creditBalances(db, userId, delta);
    } else if (!(await repo.applyBalanceDelta(db, userId, delta))) {
      throw new InsufficientFundsError(userId);
    }
  }
  await repo.insertPostings(
    db,
    spec.postings.map((posting) => ({
      transactionId,
      accountId: accountId(posting.account),
      amount: posting.amount,
    })),
  );
  return { transactionId, replayed: false };
}

/**
 * The double-entry ledger. Each movement is one database transaction (or a savepoint inside the caller's,
 * so a refused movement never leaves half a posting behind): the idempotency key is claimed first, then
 * the users' balances rows move with conditional updates, then the postings are written. Triggers check at
 * commit that the postings sum to zero, and refuse updates and deletes of posted entries.
 */
export function createLedgerService(deps: { database: Database }): LedgerService {
  const db = deps.database.db;

  async function post(spec: TransferSpec, tx?: Tx): Promise<PostResult> {
    validate(spec);
    if (tx) return tx.transaction((savepoint) => postIn(savepoint, spec));
    return db.transaction((own) => postIn(own, spec));
  }

  /**
   * A movement whose legs depend on the user's balances (a debt repaid or made): the balances row is locked,
   * then the legs are built from it. A replay is recognised by the request (type and the caller's inputs,
   * kept in meta.request), since its legs may differ from the first time's.
   */
  async function postSized(
    input: {
      type: string;
      idempotencyKey: string;
      userId: string;
      request: string;
      alsoLocks?: string[];
      /** Runs under the locks, before the legs are built: refuses the movement by throwing. */
      check?: (inner: Tx, balances: LockedBalances) => Promise<void>;
      /** Runs after a first (not replayed) posting, in its transaction: what the movement writes beside it. */
      after?: (inner: Tx, transactionId: string, spec: TransferSpec) => Promise<void>;
    },
    build: (balances: LockedBalances, balancesOf: (userId: string) => LockedBalances) => TransferSpec,
    tx?: Tx,
  ): Promise<PostResult & { spec?: TransferSpec }> {
    const run = async (inner: Tx) => {
      const firstId = await repo.findTransactionIdByKey(inner, input.idempotencyKey);
      if (firstId) {
        const first = await repo.findTransaction(inner, firstId);
        if (!first || first.type !== input.type || first.meta?.request !== input.request) {
          throw new LedgerError(`idempotency key ${input.idempotencyKey} was used for a different movement`);
        }
        return { transactionId: firstId, replayed: true };
      }
      // Every user the movement touches is locked in the order the balance updates use, so two movements
      // crossing the same users (a settlement each way) cannot deadlock on these locks; a missing row is
      // created first, so the lock is always taken (repo.lockBalancesCreating says why).
      const locked = new Map<string, LockedBalances>();
      for (const userId of [...new Set([input.userId, ...(input.alsoLocks ?? [])])].sort()) {
        locked.set(userId, (await repo.lockBalancesCreating(inner, userId)) ?? { available: 0n, debt: 0n });
      }
      const balancesOf = (userId: string) => locked.get(userId) ?? { available: 0n, debt: 0n };
      await input.check?.(inner, balancesOf(input.userId));
      const spec = build(balancesOf(input.userId), balancesOf);
      const withRequest = { ...spec, meta: { ...spec.meta, request: input.request } };
      validate(withRequest);
      const result = await postIn(inner, withRequest);
      if (!result.replayed) await input.after?.(inner, result.transactionId, spec);
      return { ...result, spec };
    };
    if (tx) return tx.transaction(run);
    return db.transaction(run);
  }

  /** Part of a credit to `userId`'s available that repays their debt first (a deposit, a reward). */
  const repayment = (debt: Micro, credit: Micro): Micro => (debt < credit ? debt : credit);

  return {
    post,

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

    async freeze({ userId, amount, idempotencyKey, meta }, tx) {
      requirePositive('amount', amount);
      return post(
        {
          type: 'freeze',
          idempotencyKey,
          meta: { ...meta, userId },
          postings: [
            { account: userAccount(userId, 'available'), amount: -amount },
            { account: userAccount(userId, 'frozen'), amount },
          ],
        },
        tx,
      );
    },

    async release({ userId, amount, idempotencyKey, reserve }, tx) {
      requirePositive('amount', amount);
      return postSized(
        {
          type: 'release',
          idempotencyKey,
          userId,
          request: `release:${userId}:${amount}:${reserve?.subject ?? ''}`,
          after: reserve
            ? async (inner, transactionId, spec) => {
                const credited = spec.postings.find(
                  ({ account }) => 'userId' in account && account.bucket === 'available',
                );
                if (!credited) return;
                await reserves.insertReserve(inner, {
                  userId,
                  subject: reserve.subject,
                  releaseTransactionId: transactionId,
                  amount: credited.amount,
                  until: reserve.until,
                });
              }
            : undefined,
        },
        ({ debt }) => {
          const repaid = repayment(debt, amount);
          return {
            type: 'release',
            idempotencyKey,
            meta: repaid > 0n ? { userId, debtRepaid: repaid } : { userId },
            postings: legs(
              { account: userAccount(userId, 'frozen'), amount: -amount },
              { account: userAccount(userId, 'available'), amount: amount - repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
            ),
          };
        },
        tx,
      );
    },

    async settle(
      { userId, amount, merchantUserId, platformFee = 0n, traderReward = 0n, referral, idempotencyKey },
      tx,
    ) {
      requirePositive('amount', amount);
      requireNonNegative('platformFee', platformFee);
      requireNonNegative('traderReward', traderReward);
      const referralAmount = referral?.amount ?? 0n;
      requireNonNegative('referral.amount', referralAmount);
      const merchantShare = amount - platformFee - traderReward - referralAmount;
      if (merchantShare < 0n) throw new LedgerError('fees, reward and referral exceed the settled amount');
      const request = `settle:${userId}:${amount}:${merchantUserId ?? ''}:${platformFee}:${traderReward}:${referral?.userId ?? ''}:${referralAmount}`;
      const { transactionId, replayed } = await postSized(
        {
          type: 'settle',
          idempotencyKey,
          userId,
          request,
          alsoLocks: [merchantUserId, referral?.userId].filter((id): id is string => id !== undefined),
        },
        ({ debt }, balancesOf) => {
          // The reward is earned in full (total_profit), and repays the trader's debt first; so does the lead's
          // commission repay the lead's own debt (a lead is a trader too).
          const repaid = repayment(debt, traderReward);
          const leadRepaid =
            referral && referral.userId !== userId
              ? repayment(balancesOf(referral.userId).debt, referral.amount)
              : 0n;
          return {
            type: 'settle',
            idempotencyKey,
            meta: {
              userId,
              merchantUserId,
              platformFee,
              traderReward,
              referral,
              debtRepaid: repaid,
              ...(leadRepaid > 0n ? { leadDebtRepaid: leadRepaid } : {}),
            },
            postings: legs(
              { account: userAccount(userId, 'frozen'), amount: -amount },
              {
                account: merchantUserId
                  ? userAccount(merchantUserId, 'available')
                  : systemAccount('merchant_settlement'),
                amount: merchantShare,
              },
              { account: systemAccount('platform_fees'), amount: platformFee },
              { account: userAccount(userId, 'available'), amount: traderReward, earning: true },
              { account: userAccount(userId, 'available'), amount: -repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
              ...(referral
                ? [
                    {
                      account: userAccount(referral.userId, 'available'),
                      amount: referral.amount,
                      earning: true,
                    },
                    { account: userAccount(referral.userId, 'available'), amount: -leadRepaid },
                    { account: userAccount(referral.userId, 'debt'), amount: leadRepaid },
                  ]
                : []),
            ),
          };
        },
        tx,
      );
      return { transactionId, replayed };
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

    async getBalances(userId, tx) {
      const row = await repo.findBalances(tx ?? db, userId);
      return row ?? { ...ZERO };
    },

    async withdrawable(userId, at, tx) {
      const [row, open] = await Promise.all([
        repo.findBalances(tx ?? db, userId),
        reserves.openReserves(tx ?? db, userId, at),
      ]);
      const balances = row ?? { ...ZERO };
      const reserved = open.reduce((sum, reserve) => sum + reserve.amount, 0n);
      const free = balances.available - reserved;
      return {
        ...balances,
        reserved,
        withdrawable: balances.debt > 0n || free < 0n ? 0n : free,
        reserves: open,
      };
    },

    async verify() {
      // One snapshot, so a movement committing halfway through the check cannot look like a difference.
      return db.transaction(
        async (snapshot) => {
          const differences: LedgerDifference[] = [];
          const expected = new Map<string, bigint>();
          for (const row of await repo.sumUserAccounts(snapshot)) {
            expected.set(`user:${row.userId}:${row.name}`, row.total);
          }
          const seen = new Set<string>();
          for (const balances of await repo.listBalances(snapshot)) {
            for (const bucket of USER_BUCKETS) {
              const account = `user:${balances.userId}:${bucket}`;
              seen.add(account);
              const sum = storedBalance(bucket, expected.get(account) ?? 0n);
              if (sum !== balances[bucket])
                differences.push({ account, expected: sum, actual: balances[bucket] });
            }
          }
          for (const [account, sum] of expected) {
            if (!seen.has(account) && sum !== 0n)
              differences.push({ account, expected: account.endsWith(':debt') ? -sum : sum, actual: 0n });
          }
          const earned = new Map<string, bigint>();
          for (const row of await repo.sumEarnings(snapshot)) earned.set(row.userId, row.total);
          for (const balances of await repo.listBalances(snapshot)) {
            const sum = earned.get(balances.userId) ?? 0n;
            earned.delete(balances.userId);
            if (sum !== balances.totalProfit) {
              differences.push({
                account: `user:${balances.userId}:total_profit`,
                expected: sum,
                actual: balances.totalProfit,
              });
            }
          }
          for (const [userId, sum] of earned) {
            if (sum !== 0n)
              differences.push({ account: `user:${userId}:total_profit`, expected: sum, actual: 0n });
          }
          for (const { id, total } of await repo.unbalancedTransactions(snapshot)) {
            differences.push({ account: `transaction:${id}`, expected: 0n, actual: total });
          }
          for (const reserve of await reserves.inconsistentReserves(snapshot)) {
            differences.push({
              account: `reserve:${reserve.id}`,
              expected: reserve.expected,
              actual: reserve.actual,
              problem: reserve.problem,
            });
          }
          for (const { id, postings } of await repo.transactionsWithoutPostings(snapshot)) {
            differences.push({
              account: `transaction:${id}:postings`,
              expected: 2n,
              actual: BigInt(postings),
            });
          }
          return differences.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
