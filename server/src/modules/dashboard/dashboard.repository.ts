import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, walletWhitelist } from '../../db/schema/index.ts';

/** The profile fields the dashboard shows. */
export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      avatarUrl: users.avatarUrl,
      username: users.username,
      rating: users.rating,
      isLead: users.isLead,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The user's whitelisted withdrawal addresses, oldest first. */
export async function listWhitelistAddresses(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ address: walletWhitelist.address })
    .from(walletWhitelist)
    .where(eq(walletWhitelist.userId, userId))
    .orderBy(asc(walletWhitelist.createdAt), asc(walletWhitelist.id));
  return rows.map((row) => row.address);
}
