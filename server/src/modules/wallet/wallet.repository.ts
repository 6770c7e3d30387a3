/** SQL of the wallet: deposit addresses, the whitelist and its switch, withdrawals and their state changes. */
import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import {
  users,
  type WithdrawalStatusValue,
  walletAddresses,
  walletWhitelist,
  walletWhitelistSettings,
  withdrawals,
} from '../../db/schema/index.ts';

export type WalletAddressRow = typeof walletAddresses.$inferSelect;
export type WhitelistRow = typeof walletWhitelist.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

// Deposit addresses

/** The user's deposit address row, if they have one. */
export async function findAddressByUser(db: DbOrTx, userId: string): Promise<WalletAddressRow | undefined> {
  return firstRow(db.select().from(walletAddresses).where(eq(walletAddresses.userId, userId)));
}

/** True when the address is one of our deposit addresses. */
export async function isDepositAddress(db: DbOrTx, address: string): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ userId: walletAddresses.userId })
      .from(walletAddresses)
      .where(eq(walletAddresses.address, address)),
  );
  return !!row;
}

/** The next unused BIP44 address index (a sequence: never handed out twice, even under concurrency). */
export async function nextDerivationIndex(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ index: sql<number>`nextval('wallet_address_index_seq')::int` })
    .from(sql`(select 1) as one`);
  return Number(row!.index);
}

/** Stores a user's address unless they already have one; returns the row stored now, or undefined. */
export async function insertAddress(
  db: DbOrTx,
  values: typeof walletAddresses.$inferInsert,
): Promise<WalletAddressRow | undefined> {
  const [row] = await db
    .insert(walletAddresses)
    .values(values)
    .onConflictDoNothing({ target: walletAddresses.userId })
    .returning();
  return row;
}

/** The account-key fingerprints addresses were derived from (more than one means TRON_XPUB changed). */
export async function addressKeyFingerprints(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ fingerprint: walletAddresses.keyFingerprint }).from(walletAddresses);
  return rows.map((row) => row.fingerprint);
}

// Whitelist

/** Whether the user limited withdrawals to their whitelist (off until first switched on). */
export async function isWhitelistEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ enabled: walletWhitelistSettings.enabled })
      .from(walletWhitelistSettings)
      .where(eq(walletWhitelistSettings.userId, userId)),
  );
  return row?.enabled ?? false;
}

/** Flips the whitelist switch in one statement and returns the new value. */
export async function toggleWhitelist(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .insert(walletWhitelistSettings)
    .values({ userId, enabled: true })
    .onConflictDoUpdate({
      target: walletWhitelistSettings.userId,
      set: { enabled: sql`not ${walletWhitelistSettings.enabled}`, updatedAt: sql`now()` },
    })
    .returning({ enabled: walletWhitelistSettings.enabled });
  return row!.enabled;
}

/** The user's whitelist entries, oldest first. */
export async function listWhitelist(db: DbOrTx, userId: string): Promise<WhitelistRow[]> {
  return db
    .select()
    .from(walletWhitelist)
    .where(eq(walletWhitelist.userId, userId))
    .orderBy(asc(walletWhitelist.createdAt), asc(walletWhitelist.id));
}

/** Thrown inside addWhitelistEntry's transaction to undo the insert when the cap is reached. */
class WhitelistFull extends Error {}

/**
 * Adds an address that becomes usable at `usableAt`, unless the user already has it or has `max` entries.
 * The cap is the conditional update of the user's entry counter (… where entries < max), in the same
 * transaction as the insert, so concurrent adds cannot pass it.
 */
export async function addWhitelistEntry(
  db: DbOrTx,
  entry: { userId: string; address: string; usableAt: Date },
  max: number,
): Promise<{ added: WhitelistRow } | { refused: 'duplicate' | 'full' }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(walletWhitelist)
        .values(entry)
        .onConflictDoNothing({ target: [walletWhitelist.userId, walletWhitelist.address] })
        .returning();
      if (!row) return { refused: 'duplicate' as const };
      const [counted] = await tx
        .insert(walletWhitelistSettings)
        .values({ userId: entry.userId, entries: 1 })
        .onConflictDoUpdate({
          target: walletWhitelistSettings.userId,
          set: { entries: sql`${walletWhitelistSettings.entries} + 1`, updatedAt: sql`now()` },
          setWhere: sql`${walletWhitelistSettings.entries} < ${max}`,
        })
        .returning({ entries: walletWhitelistSettings.entries });
      if (!counted) throw new WhitelistFull();
      return { added: row };
    });
  } catch (error) {
    if (error instanceof WhitelistFull) return { refused: 'full' };
    throw error;
  }
}

/** Deletes one of the user's entries and lowers their counter; its address, or null when the id is not theirs. */
export async function deleteWhitelist(db: DbOrTx, userId: string, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(walletWhitelist)
      .where(and(eq(walletWhitelist.id, id), eq(walletWhitelist.userId, userId)))
      .returning({ address: walletWhitelist.address });
    if (rows.length !== 1) return null;
    await tx
      .update(walletWhitelistSettings)
      .set({ entries: sql`${walletWhitelistSettings.entries} - 1`, updatedAt: sql`now()` })
      .where(eq(walletWhitelistSettings.userId, userId));
    return rows[0]!.address;
  });
}

/** The user's whitelist entry for an address, if any. */
export async function findWhitelistEntry(
  db: DbOrTx,
  userId: string,
  address: string,
): Promise<WhitelistRow | undefined> {
  return firstRow(
    db
      .select()
      .from(walletWhitelist)
      .where(and(eq(walletWhitelist.userId, userId), eq(walletWhitelist.address, address))),
  );
}

// Withdrawals

/** Records a new withdrawal (status requested). */
export async function insertWithdrawal(db: DbOrTx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

/** One withdrawal by id. */
export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  return firstRow(db.select().from(withdrawals).where(eq(withdrawals.id, id)));
}

/** Cancels a user's withdrawals still waiting for their code (a new request replaces them). */
export async function cancelRequested(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(withdrawals)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'requested')));
}

type WithdrawalChange = Partial<
  Omit<NewWithdrawal, 'id' | 'userId' | 'amount' | 'fee' | 'toAddress' | 'createdAt'>
> & {
  status?: WithdrawalStatusValue;
};

/**
 * Moves a withdrawal on only from one of the given states (and, when given, only under the sender's claim
 * number): the state machine's every step is a conditional update, so two actors cannot both take it.
 * Returns the updated row, or undefined when someone else moved it first.
 */
export async function transition(
  db: DbOrTx,
  id: string,
  from: WithdrawalStatusValue[],
  change: WithdrawalChange,
  claim?: number,
): Promise<WithdrawalRow | undefined> {
  const conditions = [eq(withdrawals.id, id), inArray(withdrawals.status, from)];
  if (claim !== undefined) conditions.push(eq(withdrawals.attempts, claim));
  const [row] = await db
    .update(withdrawals)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning();
  return row;
}

/** Approved withdrawals whose next attempt is due, oldest first. */
export async function dueApproved(db: DbOrTx, at: Date, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'approved'), lte(withdrawals.nextAttemptAt, at)))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/** Withdrawals in the given states, oldest first. */
export async function inStates(
  db: DbOrTx,
  states: WithdrawalStatusValue[],
  limit = 100,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.status, states))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/** Claims left in 'signing' (by the database clock) for longer than olderThanMs: their sender stopped. */
export async function staleSigning(db: DbOrTx, olderThanMs: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'signing'),
        sql`${withdrawals.updatedAt} <= now() - ${olderThanMs} * interval '1 millisecond'`,
      ),
    );
}

/** The operator's list, newest first, with each withdrawal's user email. */
export async function listWithdrawals(
  db: DbOrTx,
  filter: { states?: WithdrawalStatusValue[]; limit: number },
): Promise<(WithdrawalRow & { email: string })[]> {
  const query = db
    .select({ withdrawal: withdrawals, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId));
  const filtered = filter.states?.length ? query.where(inArray(withdrawals.status, filter.states)) : query;
  const rows = await filtered.orderBy(desc(withdrawals.createdAt)).limit(filter.limit);
  return rows.map((row) => ({ ...row.withdrawal, email: row.email }));
}

/** One page of a user's withdrawals in the given states, newest first, with how many there are in all. */
export async function pageOfUserWithdrawals(
  db: DbOrTx,
  userId: string,
  states: readonly WithdrawalStatusValue[],
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; count: number }> {
  const where = and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...states]));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(withdrawals).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** The sum of amount + fee over a user's withdrawals in the given states (micro-USDT). */
export async function sumUserWithdrawals(
  db: DbOrTx,
  userId: string,
  states: readonly WithdrawalStatusValue[],
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount} + ${withdrawals.fee}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...states])));
  return BigInt(row?.total ?? '0');
}

/**
 * The amounts of a user's withdrawals the service approved on its own since a moment, except those that failed
 * (their money came back): the rolling cap on automatic approval (WITHDRAWAL_AUTO_DAILY_LIMIT_USDT).
 */
export async function sumAutoApprovedSince(db: DbOrTx, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.approvedBy, 'auto'),
        gt(withdrawals.approvedAt, since),
        ne(withdrawals.status, 'failed'),
      ),
    );
  return BigInt(row?.total ?? '0');
}
