import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The merchant's shop name; undefined when the user is no merchant. */
export async function findDisplayName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'merchant')))
    .limit(1);
  return row;
}

/** Sets a merchant's shop name (null clears it); false when the user is no merchant. */
export async function setDisplayName(db: DbOrTx, userId: string, displayName: string | null, at: Date) {
  const rows = await db
    .update(users)
    .set({ displayName, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.role, 'merchant')))
    .returning({ id: users.id });
  return rows.length > 0;
}
