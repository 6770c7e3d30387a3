import type { PaymentListQuery, PaymentMode } from '@app/shared';
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
import { banks, paymentMethods, users } from '../../db/schema/index.ts';

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
  const [row] = await db.select().from(banks).where(eq(banks.id, id)).limit(1);
  return row;
}

/** Inserts a bank; a name that exists (case-insensitively) raises a unique violation on banks_name_key. */
export async function insertBank(db: DbOrTx, values: NewBank): Promise<BankRow> {
  const [row] = await db.insert(banks).values(values).returning();
  return row!;
}

/** The user's current rating (numeric text), or undefined when the user is gone. */
export async function findUserRating(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ rating: users.rating }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.rating;
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
  const [row] = await db
    .select({ method: paymentMethods, bank: banks })
    .from(paymentMethods)
    .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .limit(1);
  return row;
}

/** The method with this id only when the user owns it, locked until the transaction ends. */
export async function lockOwned(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .for('update')
    .limit(1);
  return row;
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

/** One page of a user's methods with the Payments page filters, newest first, and the filtered total. */
export async function listOwned(
  db: DbOrTx,
  userId: string,
  query: PaymentListQuery,
): Promise<{ count: number; rows: { method: PaymentMethodRow; bank: BankRow }[] }> {
  const conditions: SQL[] = [eq(paymentMethods.userId, userId)];
  if (query.search) conditions.push(searchCondition(query.search, query.search_by));
  if (query.modes?.length) conditions.push(or(...query.modes.map((mode) => MODE_CONDITIONS[mode]))!);
  if (query.banks?.length) conditions.push(inArray(paymentMethods.bankId, query.banks));
  if (query.active_only) conditions.push(eq(paymentMethods.isActive, true));
  if (query.connected_only) conditions.push(isNotNull(paymentMethods.terminalId));
  if (query.not_connected_only) conditions.push(isNull(paymentMethods.terminalId));
  const where = and(...conditions);
  const [total] = await db.select({ count: count() }).from(paymentMethods).where(where);
  const rows = await db
    .select({ method: paymentMethods, bank: banks })
    .from(paymentMethods)
    .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
    .where(where)
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.count ?? 0, rows };
}
