/** SQL of the ledger: transactions, postings, accounts, balances rows (conditional updates), verification sums. */
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { builtOnce, UNNAMED_STATEMENT } from '../../db/built-once.ts';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRows } from '../../db/rows.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, userBalances } from '../../db/schema/index.ts';
import { type StatementPart, statementOf } from '../../db/writes-together.ts';
import { USER_BUCKETS, type UserBucket } from './accounts.ts';

/** Signed changes to one user's buckets, and what the user earned (never negative), in micro-USDT. */
export type BucketDelta = Record<UserBucket, bigint> & { earned: bigint };

/** A bigint as a SQL bigint parameter (sent as text so both drivers bind it the same way). */
const big = (value: bigint) => sql`${value.toString()}::bigint`;

/**
 * Inserts a ledger transaction unless its idempotency key exists. Returns the new id, or null when the key
 * was taken (also when a concurrent transaction took it and committed: ON CONFLICT waits for it).
 */
export async function insertTransaction(
  db: DbOrTx,
  values: { type: string; idempotencyKey: string; meta: Record<string, unknown> | null },
): Promise<string | null> {
  const rows = await db
    .insert(ledgerTransactions)
    .values(values)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  return rows[0]?.id ?? null;
}

/** The id of the transaction that holds an idempotency key. */
export async function findTransactionIdByKey(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<string | undefined> {
  const row = await firstRow(
    db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)),
  );
  return row?.id;
}

/** Creates the three bucket accounts of each user that has none yet. */
export async function ensureUserAccounts(db: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = userIds.flatMap((userId) =>
    USER_BUCKETS.map((name) => ({ id: `user:${userId}:${name}`, userId, name })),
  );
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing({ target: ledgerAccounts.id });
}

/** Adds a delta with no negative part to a user's balances, creating the row on first use. */
export async function creditBalances(db: DbOrTx, userId: string, delta: BucketDelta): Promise<void> {
  await db
    .insert(userBalances)
    .values({
      userId,
      available: delta.available,
      frozen: delta.frozen,
      debt: delta.debt,
      totalProfit: delta.earned,
    })
    .onConflictDoUpdate({
      target: userBalances.userId,
      set: {
        available: sql`${userBalances.available} + excluded.available`,
        frozen: sql`${userBalances.frozen} + excluded.frozen`,
        debt: sql`${userBalances.debt} + excluded.debt`,
        totalProfit: sql`${userBalances.totalProfit} + excluded.total_profit`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Applies a delta to a user's balances only where no bucket would go negative. One conditional UPDATE: the
 * row lock serialises concurrent movers and the condition is re-checked on the newest row version.
 * Returns false when the funds were not there (or the user has no balances row yet).
 */
export async function applyBalanceDelta(db: DbOrTx, userId: string, delta: BucketDelta): Promise<boolean> {
  const rows = await db
    .update(userBalances)
    .set({
      available: sql`${userBalances.available} + ${big(delta.available)}`,
      frozen: sql`${userBalances.frozen} + ${big(delta.frozen)}`,
      debt: sql`${userBalances.debt} + ${big(delta.debt)}`,
      totalProfit: sql`${userBalances.totalProfit} + ${big(delta.earned)}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(userBalances.userId, userId),
        sql`${userBalances.available} + ${big(delta.available)} >= 0`,
        sql`${userBalances.frozen} + ${big(delta.frozen)} >= 0`,
        sql`${userBalances.debt} + ${big(delta.debt)} >= 0`,
      ),
    )
    .returning({ userId: userBalances.userId });
  return rows.length === 1;
}

/** What a movement of one user's buckets writes: the balances row's change, the transaction, its postings. */
export interface OneUserMove {
  userId: string;
  delta: BucketDelta;
  type: string;
  idempotencyKey: string;
  meta: Record<string, unknown> | null;
  postings: { accountId: string; amount: bigint }[];
}

/**
 * moveOneUserOnce's writes as named parts of a caller's statement (db/writes-together.ts): `<name>_moved`
 * (the conditional update of the balances row, only when `onlyIf` holds), `<name>_posted` (the transaction,
 * only when the row moved) and `<name>_legs` (its postings). `posted` reads the new transaction's id.
 */
export function moveOneUserOnceParts(
  input: OneUserMove,
  options: { name: string; onlyIf?: SQL },
): { parts: StatementPart[]; posted: SQL } {
  const { delta } = input;
  const accounts = `{${input.postings.map((posting) => posting.accountId).join(',')}}`;
  const amounts = `{${input.postings.map((posting) => posting.amount.toString()).join(',')}}`;
  const moved = `${options.name}_moved`;
  const posted = `${options.name}_posted`;
  return {
    parts: [
      {
        name: moved,
        statement: sql`
      update user_balances
      set available = available + ${big(delta.available)}, frozen = frozen + ${big(delta.frozen)},
          debt = debt + ${big(delta.debt)}, total_profit = total_profit + ${big(delta.earned)},
          updated_at = now()
      where user_id = ${input.userId}::uuid and available + ${big(delta.available)} >= 0
        and frozen + ${big(delta.frozen)} >= 0 and debt + ${big(delta.debt)} >= 0
        ${options.onlyIf ? sql`and ${options.onlyIf}` : sql``}
      returning user_id`,
      },
      {
        name: posted,
        statement: sql`
      insert into ledger_transactions (type, idempotency_key, meta)
      select ${input.type}, ${input.idempotencyKey}, ${input.meta === null ? null : JSON.stringify(input.meta)}::jsonb
      from ${sql.raw(moved)}
      returning id`,
      },
      {
        name: `${options.name}_legs`,
        statement: sql`
      insert into ledger_postings (transaction_id, account_id, amount)
      select posted.id, leg.account_id, leg.amount
      from ${sql.raw(posted)} as posted
        cross join unnest(${accounts}::text[], ${amounts}::bigint[]) as leg(account_id, amount)`,
      },
    ],
    posted: sql`select id from ${sql.raw(posted)}`,
  };
}

/**
 * applyBalanceDelta, insertTransaction and insertPostings of a one-user movement as one statement: the
 * balances row moves only where no bucket goes negative, and only then are the transaction and its legs
 * written (they read the update's row). Returns the transaction's id, or null when the funds were not there.
 * The key must be new: a used one violates ledger_transactions' unique key and fails the statement.
 */
export async function moveOneUserOnce(db: DbOrTx, input: OneUserMove): Promise<string | null> {
  const { parts, posted } = moveOneUserOnceParts(input, { name: 'move' });
  const [row] = await selectRows<{ id: string }>(db, statementOf(parts, [], posted));
  return row?.id ?? null;
}

export async function insertPostings(
  db: DbOrTx,
  rows: { transactionId: string; accountId: string; amount: bigint }[],
): Promise<void> {
  await db.insert(ledgerPostings).values(rows);
}

const balancesOf = builtOnce((db) =>
  db
    .select({
      available: userBalances.available,
      frozen: userBalances.frozen,
      totalProfit: userBalances.totalProfit,
      debt: userBalances.debt,
    })
    .from(userBalances)
    .where(eq(userBalances.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare(UNNAMED_STATEMENT),
);

/** Locks a user's balances row for the caller's transaction: a movement sized by the balance (debt) reads it here. */
export async function lockBalances(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ available: userBalances.available, debt: userBalances.debt })
    .from(userBalances)
    .where(eq(userBalances.userId, userId))
    .for('update');
  return row;
}

/**
 * Locks a user's balances row, creating an empty one (and the user's accounts) when the user never had money.
 * A movement sized by the balances takes this lock before it claims its idempotency key: were the row missing,
 * nothing would be locked, and two attempts of one movement could take the key and the row (created meanwhile
 * by another movement) in opposite orders and deadlock.
 */
export async function lockBalancesCreating(db: DbOrTx, userId: string) {
  const existing = await lockBalances(db, userId);
  if (existing) return existing;
  await ensureUserAccounts(db, [userId]);
  await db
    .insert(userBalances)
    .values({ userId, available: 0n, frozen: 0n, totalProfit: 0n, debt: 0n })
    .onConflictDoNothing({ target: userBalances.userId });
  return lockBalances(db, userId);
}

/** A user's balances row, if the user ever had money. Read on every dashboard, so built once. */
export async function findBalances(db: DbOrTx, userId: string) {
  const [row] = await balancesOf(db).execute({ userId });
  return row;
}

/** The postings and metadata of one ledger transaction (tests and audits). */
export async function findTransaction(db: DbOrTx, id: string) {
  const transaction = await firstRow(
    db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)),
  );
  if (!transaction) return undefined;
  const postings = await db
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, id))
    .orderBy(ledgerPostings.id);
  return { ...transaction, postings };
}

/** Sum of postings per user bucket account (accounts without postings are left out). */
export async function sumUserAccounts(db: DbOrTx) {
  const rows = await db
    .select({
      userId: ledgerAccounts.userId,
      name: ledgerAccounts.name,
      total: sql<string>`sum(${ledgerPostings.amount})::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(isNotNull(ledgerAccounts.userId))
    .groupBy(ledgerAccounts.userId, ledgerAccounts.name);
  return rows.map((row) => ({ userId: row.userId!, name: row.name as UserBucket, total: BigInt(row.total) }));
}

/** Every user's stored balances. */
export async function listBalances(db: DbOrTx) {
  return db
    .select({
      userId: userBalances.userId,
      available: userBalances.available,
      frozen: userBalances.frozen,
      totalProfit: userBalances.totalProfit,
      debt: userBalances.debt,
    })
    .from(userBalances);
}

/** Ledger transactions whose postings do not sum to zero (the commit trigger makes this impossible). */
export async function unbalancedTransactions(db: DbOrTx) {
  const rows = await db
    .select({ id: ledgerPostings.transactionId, total: sql<string>`sum(${ledgerPostings.amount})::text` })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.transactionId)
    .having(sql`sum(${ledgerPostings.amount}) <> 0`);
  return rows.map((row) => ({ id: row.id, total: BigInt(row.total) }));
}

/** Ledger transactions with fewer than two postings (the commit trigger makes this impossible too). */
export async function transactionsWithoutPostings(db: DbOrTx) {
  return db
    .select({ id: ledgerTransactions.id, postings: sql<number>`count(${ledgerPostings.id})::int` })
    .from(ledgerTransactions)
    .leftJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`count(${ledgerPostings.id}) < 2`);
}

/** Per user, the sum of the earnings every ledger transaction names in meta.earnings. */
export async function sumEarnings(db: DbOrTx) {
  const rows = await selectRows<{ user_id: string; total: string }>(
    db,
    sql`
    select earning.key as user_id, sum(earning.value::bigint)::text as total
    from ${ledgerTransactions},
      jsonb_each_text(coalesce(${ledgerTransactions.meta} -> 'earnings', '{}'::jsonb)) as earning
    group by earning.key`,
  );
  return rows.map((row) => ({ userId: row.user_id, total: BigInt(row.total) }));
}

/**
 * Totals over every user's balances, the reserves in force at `at`, the withdrawals in flight, and the credits
 * of the platform fee account (all time and since `dayStart`), in one statement so they share a snapshot.
 */
export async function platformTotals(db: DbOrTx, at: Date, dayStart: Date) {
  const [row] = await selectRows<Record<string, string>>(
    db,
    sql`select
      (select coalesce(sum(available), 0)::text from user_balances) as available,
      (select coalesce(sum(frozen), 0)::text from user_balances) as frozen,
      (select coalesce(sum(debt), 0)::text from user_balances) as debt,
      (select coalesce(sum(remaining), 0)::text from ledger_reserves
        where remaining > 0 and until > ${at.toISOString()}::timestamptz) as reserved,
      (select coalesce(sum(amount), 0)::text from ledger_postings
        where account_id = 'system:withdrawals_in_flight') as in_flight,
      (select coalesce(sum(amount), 0)::text from ledger_postings
        where account_id = 'system:platform_fees' and amount > 0) as fees_total,
      (select coalesce(sum(amount), 0)::text from ledger_postings
        where account_id = 'system:platform_fees' and amount > 0 and created_at >= ${dayStart.toISOString()}::timestamptz) as fees_today`,
  );
  const value = (name: string) => BigInt(row?.[name] ?? '0');
  return {
    available: value('available'),
    frozen: value('frozen'),
    reserved: value('reserved'),
    debt: value('debt'),
    inFlight: value('in_flight'),
    feesToday: value('fees_today'),
    feesTotal: value('fees_total'),
  };
}
