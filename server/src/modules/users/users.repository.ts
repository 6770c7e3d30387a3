import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Finds a user by email, case-insensitively. */
export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
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
