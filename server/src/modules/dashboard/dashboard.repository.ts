/** Use case: the trader dashboard's profile card (SQL). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';

/** The profile fields the dashboard shows. */
export async function findProfile(db: DbOrTx, userId: string) {
  return firstRow(
    db
      .select({
        avatarUrl: users.avatarUrl,
        username: users.username,
        rating: users.rating,
        isLead: users.isLead,
        role: users.role,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
}
