/** SQL of the users table (the only module that writes it): find, insert, and each column group's setter. */
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Finds a user by email, case-insensitively. */
export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`));
}

export async function findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, id)));
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setPassword(db: DbOrTx, id: string, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: at, updatedAt: at }).where(eq(users.id, id));
}

export async function setLead(db: DbOrTx, email: string, isLead: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isLead, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return row;
}

export async function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(users.createdAt);
}

/** Links a new user to the lead who referred them (only if not linked yet; a trigger refuses any later change). */
export async function setReferredBy(db: DbOrTx, userId: string, leadId: string): Promise<void> {
  await db
    .update(users)
    .set({ referredBy: leadId })
    .where(and(eq(users.id, userId), isNull(users.referredBy)));
}

/** A lead's own share of the platform fee in basis points. */
export async function setLeadShare(db: DbOrTx, id: string, bps: number, at: Date): Promise<void> {
  await db.update(users).set({ leadShareBps: bps, updatedAt: at }).where(eq(users.id, id));
}

/** A trader's penalty points and the percent beside them (the rating module decides both). */
export async function setRatingPoints(
  db: DbOrTx,
  id: string,
  pointsTenths: number,
  rating: string,
): Promise<void> {
  await db.update(users).set({ ratingPointsTenths: pointsTenths, rating }).where(eq(users.id, id));
}

/**
 * Sets the username. Uniqueness regardless of case is the database's (users_username_key on lower(username)):
 * a name taken by someone else, even a moment ago by a parallel request, fails with a unique violation.
 */
export async function setUsername(db: DbOrTx, id: string, username: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ username, updatedAt: at })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets one or both notification switches; returns both as stored. */
export async function setNotifications(
  db: DbOrTx,
  id: string,
  change: { notificationPayments?: boolean; notificationAccount?: boolean },
  at: Date,
): Promise<{ notificationPayments: boolean; notificationAccount: boolean } | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: at })
    .where(eq(users.id, id))
    .returning({
      notificationPayments: users.notificationPayments,
      notificationAccount: users.notificationAccount,
    });
  return row;
}

/** The URL path of the user's current avatar. */
export async function setAvatarUrl(db: DbOrTx, id: string, avatarUrl: string, at: Date): Promise<void> {
  await db.update(users).set({ avatarUrl, updatedAt: at }).where(eq(users.id, id));
}

/** The merchant's shop name; undefined when the user is no merchant. */
export async function findMerchantDisplayName(
  db: DbOrTx,
  id: string,
): Promise<{ displayName: string | null } | undefined> {
  return firstRow(
    db
      .select({ displayName: users.displayName })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'merchant'))),
  );
}

/** Sets a merchant's shop name (null clears it); false when the user is no merchant. */
export async function setMerchantDisplayName(
  db: DbOrTx,
  id: string,
  displayName: string | null,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ displayName, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.role, 'merchant')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Blocks (a time) or unblocks (null) a user; the row after the change, undefined when there is no such user. */
export async function setBlocked(
  db: DbOrTx,
  id: string,
  blockedAt: Date | null,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ blockedAt, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets the lead flag by id (the console names users by id). */
export async function setLeadById(db: DbOrTx, id: string, isLead: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isLead, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The console's user search: a substring of the email or username, or an exact id; newest first, one page. */
export async function searchUsers(
  db: DbOrTx,
  filter: { search?: string; role?: UserRow['role'] },
  window: { offset: number; limit: number },
): Promise<{ count: number; rows: UserRow[] }> {
  const text = filter.search?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const condition = and(
    filter.role ? eq(users.role, filter.role) : undefined,
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          isUuid(text!) ? eq(users.id, text!) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ value: count() }).from(users).where(condition),
  ]);
  return { count: total?.value ?? 0, rows };
}

/** The users a lead referred, newest first. */
export async function listReferred(db: DbOrTx, leadId: string, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.referredBy, leadId))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}
