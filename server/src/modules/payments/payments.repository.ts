/** Use cases: banks; payment methods: create, edit, list, link to terminals; ratings; the routing stamp (SQL). */
import { type PaymentListQuery, type PaymentMode, pageWindow } from '@app/shared';
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { banks, paymentMethodCounts, paymentMethods, users } from '../../db/schema/index.ts';
import { paymentMethodTurns } from '../../db/schema/payments.ts';

export type BankRow = typeof banks.$inferSelect;
export type NewBank = typeof banks.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;
export type PaymentMethodChanges = Partial<Omit<NewPaymentMethod, 'id' | 'userId' | 'createdAt'>>;

/** Every bank, popular ones first, then by name. */
export async function listBanks(db: DbOrTx): Promise<BankRow[]> {
  return db.select().from(banks).orderBy(desc(banks.isPopular), banks.name, banks.id);
}

export async function findBank(db: DbOrTx, id: number): Promise<BankRow | undefined> {
  return firstRow(db.select().from(banks).where(eq(banks.id, id)));
}

/** Every bank with how many payment methods name it, popular ones first, then by name (the console). */
export async function listBanksWithMethods(db: DbOrTx): Promise<(BankRow & { methods: number })[]> {
  const methods = sql<number>`(select count(*)::int from payment_methods m where m.bank_id = banks.id)`;
  const rows = await db
    .select({ bank: banks, methods })
    .from(banks)
    .orderBy(desc(banks.isPopular), banks.name, banks.id);
  return rows.map((row) => ({ ...row.bank, methods: Number(row.methods) }));
}

/** Changes a bank (the console's rename, popular flag, colour); a taken name raises banks_name_key. */
export async function updateBank(
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<NewBank, 'name' | 'fullName' | 'isPopular' | 'color'>>,
): Promise<BankRow | undefined> {
  const [row] = await db.update(banks).set(changes).where(eq(banks.id, id)).returning();
  return row;
}

/** Inserts a bank; a name that exists (case-insensitively) raises a unique violation on banks_name_key. */
export async function insertBank(db: DbOrTx, values: NewBank): Promise<BankRow> {
  const [row] = await db.insert(banks).values(values).returning();
  return row!;
}

/** The user's current rating: percent (numeric text) and penalty points in tenths; undefined when the user is gone. */
export async function findUserRating(
  db: DbOrTx,
  userId: string,
): Promise<{ rating: string; pointsTenths: number } | undefined> {
  return firstRow(
    db
      .select({ rating: users.rating, pointsTenths: users.ratingPointsTenths })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

/**
 * Inserts a method. A card or account number that exists on any method raises a unique violation on
 * payment_methods_card_key / payment_methods_account_key, so concurrent duplicates cannot both land.
 */
export async function insertMethod(db: DbOrTx, values: NewPaymentMethod): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

/** The method with this id only when the user owns it, with its bank. */
export async function findOwnedWithBank(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<{ method: PaymentMethodRow; bank: BankRow } | undefined> {
  return firstRow(
    db
      .select({ method: paymentMethods, bank: banks })
      .from(paymentMethods)
      .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId))),
  );
}

/** The method with this id only when the user owns it, locked until the transaction ends. */
export async function lockOwned(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<PaymentMethodRow | undefined> {
  return firstRow(
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .for('update'),
  );
}

/** Writes changes to a method and moves updated_at. */
export async function updateMethod(
  db: DbOrTx,
  id: string,
  changes: PaymentMethodChanges,
  at: Date,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .update(paymentMethods)
    .set({ ...changes, updatedAt: at })
    .where(eq(paymentMethods.id, id))
    .returning();
  return row;
}

const MODE_CONDITIONS: Record<PaymentMode, SQL> = {
  sbp_c2c: and(eq(paymentMethods.isSbp, true), eq(paymentMethods.isC2c, true))!,
  sbp: and(eq(paymentMethods.isSbp, true), eq(paymentMethods.isC2c, false))!,
  c2c: and(eq(paymentMethods.isSbp, false), eq(paymentMethods.isC2c, true))!,
};

/** LIKE pattern matching a literal text anywhere. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchCondition(search: string, searchBy: PaymentListQuery['search_by']): SQL {
  const digits = search.replace(/\D/g, '');
  const byName = sql`${paymentMethods.name} ilike ${contains(search)}`;
  const byDigits = (column: AnyColumn) => (digits ? sql`${column} like ${contains(digits)}` : sql`false`);
  switch (searchBy) {
    case 'name':
      return byName;
    case 'card':
      return byDigits(paymentMethods.card);
    case 'phone':
      return byDigits(paymentMethods.phoneNumber);
    case 'account':
      return byDigits(paymentMethods.nomerScheta);
    default:
      return or(
        byName,
        byDigits(paymentMethods.card),
        byDigits(paymentMethods.phoneNumber),
        byDigits(paymentMethods.nomerScheta),
      )!;
  }
}

/** The filters of the Payments page as conditions, without the owner (empty: no filter). */
function listFilters(query: PaymentListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(searchCondition(query.search, query.search_by));
  if (query.modes?.length) conditions.push(or(...query.modes.map((mode) => MODE_CONDITIONS[mode]))!);
  if (query.banks?.length) conditions.push(inArray(paymentMethods.bankId, query.banks));
  if (query.active_only) conditions.push(eq(paymentMethods.isActive, true));
  if (query.connected_only) conditions.push(isNotNull(paymentMethods.terminalId));
  if (query.not_connected_only) conditions.push(isNull(paymentMethods.terminalId));
  return conditions;
}

/** A row's place in the list order (created_at desc, id desc); created_at as UTC text to the microsecond. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** created_at exactly (a JS Date would drop the microseconds and break ties in the keyset). */
const positionOf = sql<string>`to_char(${paymentMethods.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after a position in the list order; the index (user_id, created_at desc, id desc) serves it. */
function after(position: ListPosition): SQL {
  const createdAt = sql`${position.createdAt}::timestamptz`;
  return and(
    sql`${paymentMethods.createdAt} <= ${createdAt}`,
    or(sql`${paymentMethods.createdAt} < ${createdAt}`, sql`${paymentMethods.id} < ${position.id}::uuid`),
  )!;
}

/**
 * Owners with at most this many methods get an exact filtered count; above it the count is an estimate
 * from this many of their newest methods, so counting never reads more than this many rows.
 */
export const EXACT_COUNT_LIMIT = 1000;

export interface ListPage {
  rows: { method: PaymentMethodRow; bank: BankRow }[];
  /** Where the next page starts, or null on the last page. */
  next: ListPosition | null;
  count: number;
  /** False when count is an estimate (filtered, and the owner has more than EXACT_COUNT_LIMIT methods). */
  exact: boolean;
}

/**
 * One page of a user's methods with the Payments page filters, newest first, and the filtered total. The
 * page is read from `start` by keyset when given (the usual walk to the next page), otherwise by OFFSET from
 * (page - 1) * page_size. Its cost depends on the page, not on the user's history:
 * - rows: an index range scan (or the trigram indexes for a search), page_size + 1 rows;
 * - count without filters: exact, from payment_method_counts (kept by triggers);
 * - count with filters: exact when the owner has at most `exactCountLimit` methods; otherwise the share of
 *   matches among the newest `exactCountLimit` scaled to the owner's total, never below what this page
 *   proves exists (rows before and on it, plus one when a next page exists) and never above the total.
 */
export async function listOwned(
  db: DbOrTx,
  userId: string,
  query: PaymentListQuery,
  start?: ListPosition,
  exactCountLimit = EXACT_COUNT_LIMIT,
): Promise<ListPage> {
  const owner = eq(paymentMethods.userId, userId);
  const filters = listFilters(query);
  const skipped = pageWindow(query).offset;
  const found = await db
    .select({ method: paymentMethods, bank: banks, position: positionOf })
    .from(paymentMethods)
    .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
    .where(and(owner, ...filters, start ? after(start) : undefined))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(query.page_size + 1)
    .offset(start ? 0 : skipped);
  const hasMore = found.length > query.page_size;
  const page = found.slice(0, query.page_size);
  const last = page.at(-1);
  const next = hasMore && last ? { createdAt: last.position, id: last.method.id } : null;
  const rows = page.map(({ method, bank }) => ({ method, bank }));

  const [counted] = await db
    .select({ total: paymentMethodCounts.total })
    .from(paymentMethodCounts)
    .where(eq(paymentMethodCounts.userId, userId));
  const total = counted?.total ?? 0;
  if (filters.length === 0) return { rows, next, count: total, exact: true };

  // The owner's newest methods, under the table's own name so the filter conditions apply to them as is.
  const newest = db
    .select()
    .from(paymentMethods)
    .where(owner)
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(exactCountLimit)
    .as('payment_methods');
  const [sample] = await db
    .select({
      matched: sql<number>`count(*) filter (where ${and(...filters)})`.mapWith(Number),
      scanned: count(),
    })
    .from(newest);
  const matched = sample?.matched ?? 0;
  const scanned = sample?.scanned ?? 0;
  if (scanned < exactCountLimit || scanned >= total) return { rows, next, count: matched, exact: true };
  const proven = skipped + rows.length + (hasMore ? 1 : 0);
  const estimate = Math.round((matched / scanned) * total);
  return { rows, next, count: Math.min(total, Math.max(estimate, matched, proven)), exact: false };
}

/** A page of methods with their banks and the total they were cut from. */
export interface MethodPage {
  rows: { method: PaymentMethodRow; bank: BankRow }[];
  count: number;
}

/** One page (newest first) of a user's methods matching a condition, with the exact total. */
async function pageOf(
  db: DbOrTx,
  where: SQL,
  page: { page: number; page_size: number },
): Promise<MethodPage> {
  const { offset, limit } = pageWindow(page);
  const rows = await db
    .select({ method: paymentMethods, bank: banks })
    .from(paymentMethods)
    .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
    .where(where)
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(paymentMethods).where(where);
  return { rows, count: counted?.total ?? 0 };
}

/** A user's methods linked to one terminal, newest first. */
export function listLinkedToTerminal(
  db: DbOrTx,
  userId: string,
  terminalId: string,
  page: { page: number; page_size: number },
): Promise<MethodPage> {
  return pageOf(db, and(eq(paymentMethods.userId, userId), eq(paymentMethods.terminalId, terminalId))!, page);
}

/** A user's methods linked to no terminal, newest first. */
export function listUnlinked(
  db: DbOrTx,
  userId: string,
  page: { page: number; page_size: number },
): Promise<MethodPage> {
  return pageOf(db, and(eq(paymentMethods.userId, userId), isNull(paymentMethods.terminalId))!, page);
}

/**
 * Links the user's unlinked methods among `ids` to a terminal in one conditional UPDATE; returns how many
 * it linked. A method of someone else or already linked is left alone, so the caller compares the count.
 */
export async function linkUnlinked(
  db: DbOrTx,
  userId: string,
  ids: string[],
  terminalId: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(paymentMethods)
    .set({ terminalId, updatedAt: at })
    .where(
      and(
        inArray(paymentMethods.id, ids),
        eq(paymentMethods.userId, userId),
        isNull(paymentMethods.terminalId),
      ),
    )
    .returning({ id: paymentMethods.id });
  return rows.length;
}

/** Unlinks one of the user's methods when it is linked; returns whether it was. */
export async function unlinkOwned(db: DbOrTx, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(paymentMethods)
    .set({ terminalId: null, updatedAt: at })
    .where(
      and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNotNull(paymentMethods.terminalId)),
    )
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}

/** Unlinks every method of a terminal; returns how many. */
export async function unlinkTerminal(db: DbOrTx, terminalId: string, at: Date): Promise<number> {
  const rows = await db
    .update(paymentMethods)
    .set({ terminalId: null, updatedAt: at })
    .where(eq(paymentMethods.terminalId, terminalId))
    .returning({ id: paymentMethods.id });
  return rows.length;
}

/** How many methods each of these terminals has linked (terminals with none are absent). */
export async function countByTerminals(
  db: DbOrTx,
  terminalIds: string[],
): Promise<{ terminalId: string; total: number }[]> {
  if (terminalIds.length === 0) return [];
  const rows = await db
    .select({ terminalId: paymentMethods.terminalId, total: count() })
    .from(paymentMethods)
    .where(inArray(paymentMethods.terminalId, terminalIds))
    .groupBy(paymentMethods.terminalId);
  return rows.map((row) => ({ terminalId: row.terminalId!, total: row.total }));
}

/** Whether the method exists and the user owns it. */
export async function isOwned(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId))),
  );
  return row !== undefined;
}

/** A method's rating points and percent (the rating module decides both, in its transaction). */
export async function setRatingPoints(
  db: DbOrTx,
  id: string,
  pointsTenths: number,
  rating: string,
): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ ratingPointsTenths: pointsTenths, rating })
    .where(eq(paymentMethods.id, id));
}

/**
 * The idle flag of every method linked to these terminals, where it differs from the terminal's state: mostly
 * nothing to write (a heartbeat of a terminal that was not idle), found by a plain read. The flag written comes
 * from the SQL function terminal_idle (0031), which locks the terminal's row for share until this statement ends
 * and reads its newest committed state. A change this read did not see yet refreshes the flag itself after it.
 */
export async function refreshTerminalIdle(db: DbOrTx, terminalIds: string[]): Promise<void> {
  if (terminalIds.length === 0) return;
  const ids = sql`${`{${terminalIds.join(',')}}`}::uuid[]`;
  await db.execute(sql`update payment_method_turns turn set terminal_idle = terminal_idle(pm.terminal_id)
    from payment_methods pm join terminals t on t.id = pm.terminal_id
    where pm.id = turn.payment_method_id and pm.terminal_id = any(${ids})
      and turn.terminal_idle <> terminal_is_idle(t.status, t.last_ping, t.offline_notified_ping)`);
}

/**
 * Routing's round-robin stamp: the method took a deal at `at` (its turn comes again after the others'). On the
 * narrow turns table, not payment_methods, whose row would be rewritten into every one of its indexes.
 */
export function stampLastDealWrite(db: DbOrTx, id: string, at: Date) {
  return db
    .update(paymentMethodTurns)
    .set({ lastDealAt: at })
    .where(eq(paymentMethodTurns.paymentMethodId, id));
}
