/**
 * The ledger's vocabulary: amounts, posting specs, balances, the errors a movement throws, and the LedgerService
 * interface (the one way money moves) that ledger.service.ts assembles.
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { StatementPart } from '../../db/writes-together.ts';
import type { AccountRef } from './accounts.ts';

/** An amount in micro-USDT (1 USDT = 1 000 000). */
export type Micro = bigint;

/** A movement as parts of a caller's statement, and the condition that it was written. */
export interface MovementParts {
  parts: StatementPart[];
  moved: SQL;
}

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
   * freeze() of a new deal, under a key never used before, as one statement inside `tx` and without a
   * savepoint: refused funds write nothing (InsufficientFundsError, `tx` goes on); a key used before is a
   * caller's bug and fails `tx`. The order's hot path: a fifth of its statements.
   */
  freezeNew(
    input: { userId: string; amount: Micro; idempotencyKey: string; meta?: Record<string, unknown> },
    tx: Tx,
  ): Promise<PostResult>;
  /**
   * freezeNew() as named parts (`<name>_…`) of a statement the caller builds from several modules' writes
   * (db/writes-together.ts), moving only when `onlyIf` holds: `moved` is true in that statement when the
   * funds were there and the freeze was written. The caller decides what a refused freeze means (the order
   * ends its statement with `abortWhen`).
   */
  freezeNewParts(
    input: { userId: string; amount: Micro; idempotencyKey: string; meta?: Record<string, unknown> },
    options: { name: string; onlyIf?: SQL },
  ): MovementParts;
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
  /** verify()'s reserve check on the reserves `ids` only, read in `on` (e.g. a checker's snapshot). */
  reserveDifferences(ids: string[], on: DbOrTx): Promise<LedgerDifference[]>;
  /** The platform's totals at `at` (the operator console's overview); fees today count from `dayStart`. */
  platformTotals(at: Date, dayStart: Date): Promise<PlatformTotals>;
}

/** USDT summed over every user (micro-USDT), what is on its way to the chain, and the platform fees earned. */
export interface PlatformTotals {
  available: Micro;
  frozen: Micro;
  /** Reserves still in force (part of available that cannot be withdrawn yet). */
  reserved: Micro;
  debt: Micro;
  /** Withdrawals held from available and not yet ended (the withdrawals_in_flight account). */
  inFlight: Micro;
  feesToday: Micro;
  feesTotal: Micro;
}
