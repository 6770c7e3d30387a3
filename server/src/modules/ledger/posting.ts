/**
 * The posting engine every movement uses: validating a balanced set of postings, claiming its idempotency key,
 * moving the users' balances rows and writing the postings (post), or doing so sized by locked balances
 * (postSized: a debt repaid or made).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { accountId, storedBalance, USER_BUCKETS } from './accounts.ts';
import * as repo from './ledger.repository.ts';
import {
  InsufficientFundsError,
  LedgerError,
  type Micro,
  type MovementParts,
  type PostingSpec,
  type PostResult,
  type TransferSpec,
} from './ledger-types.ts';

const TYPE_PATTERN = /^[a-z][a-z_]{1,39}$/;
const MAX_KEY_LENGTH = 200;

/** The part of a user's balances row a movement sized by it reads under the row's lock. */
export type LockedBalances = { available: Micro; debt: Micro };

export function requirePositive(name: string, amount: Micro): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new LedgerError(`${name} must be a positive bigint`);
}

export function requireNonNegative(name: string, amount: Micro): void {
  if (typeof amount !== 'bigint' || amount < 0n)
    throw new LedgerError(`${name} must be a non-negative bigint`);
}

/** Drops zero legs so that an optional part left at 0 (a fee, a profit) adds no posting. */
export const legs = (...postings: PostingSpec[]) => postings.filter((posting) => posting.amount !== 0n);

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

/** A movement of exactly one user's buckets (no system account), validated, as the repository writes it. */
function oneUserMove(spec: TransferSpec): repo.OneUserMove {
  validate(spec);
  const deltas = userDeltas(spec.postings);
  const [only] = deltas;
  if (deltas.length !== 1 || !only || spec.postings.some(({ account }) => 'system' in account)) {
    throw new LedgerError('postNew moves the buckets of exactly one user');
  }
  const [userId, delta] = only;
  const earnings = earningsOf(spec.postings);
  const withEarnings = earnings ? { ...spec.meta, earnings } : spec.meta;
  return {
    userId,
    delta,
    type: spec.type,
    idempotencyKey: spec.idempotencyKey,
    meta: withEarnings ? (jsonSafe(withEarnings) as Record<string, unknown>) : null,
    postings: spec.postings.map((posting) => ({
      accountId: accountId(posting.account),
      amount: posting.amount,
    })),
  };
}

/** Part of a credit to `userId`'s available that repays their debt first (a deposit, a reward). */
export const repayment = (debt: Micro, credit: Micro): Micro => (debt < credit ? debt : credit);

/**
 * The double-entry ledger's posting. Each movement is one database transaction (or a savepoint inside the
 * caller's, so a refused movement never leaves half a posting behind): the idempotency key is claimed first,
 * then the users' balances rows move with conditional updates, then the postings are written. Triggers check
 * at commit that the postings sum to zero, and refuse updates and deletes of posted entries.
 */
export function createPosting(database: Database) {
  const db = database.db;

  async function post(spec: TransferSpec, tx?: Tx): Promise<PostResult> {
    validate(spec);
    if (tx) return tx.transaction((savepoint) => postIn(savepoint, spec));
    return db.transaction((own) => postIn(own, spec));
  }

  /**
   * A movement of one user's buckets under a key never used before, as one statement in `tx` (no savepoint:
   * refused funds write nothing and throw InsufficientFundsError; a used key fails `tx`). The balances row
   * moves by the same conditional update as post()'s, and the transaction and its postings are written only
   * when it moved.
   */
  async function postNew(spec: TransferSpec, tx: Tx): Promise<PostResult> {
    const move = oneUserMove(spec);
    const transactionId = await repo.moveOneUserOnce(tx, move);
    if (!transactionId) throw new InsufficientFundsError(move.userId);
    return { transactionId, replayed: false };
  }

  /**
   * postNew() as named parts of the caller's statement (db/writes-together.ts), moving only when `onlyIf`
   * holds; `moved` is true in that statement when the funds were there and the movement was written.
   */
  function postNewParts(spec: TransferSpec, options: { name: string; onlyIf?: SQL }): MovementParts {
    const { parts, posted } = repo.moveOneUserOnceParts(oneUserMove(spec), options);
    return { parts, moved: sql`exists (${posted})` };
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

  return { post, postNew, postNewParts, postSized };
}

export type Posting = ReturnType<typeof createPosting>;
