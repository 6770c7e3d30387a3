import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userAvatars, users } from '../../db/schema/index.ts';

/** The fields of GET user_info. */
export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      avatarUrl: users.avatarUrl,
      isLead: users.isLead,
      notificationPayments: users.notificationPayments,
      notificationAccount: users.notificationAccount,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Sets the username. Uniqueness regardless of case is the database's (users_username_key on lower(username)):
 * a name taken by someone else, even a moment ago by a parallel request, fails with a unique violation.
 */
export async function setUsername(db: DbOrTx, userId: string, username: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ username, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets one or both notification switches; returns both as stored. */
export async function setNotifications(
  db: DbOrTx,
  userId: string,
  change: { notificationPayments?: boolean; notificationAccount?: boolean },
  at: Date,
) {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({
      notificationPayments: users.notificationPayments,
      notificationAccount: users.notificationAccount,
    });
  return row;
}

/** Stores the user's avatar (replacing an earlier one) and the URL that names it, in one transaction. */
export async function saveAvatar(
  db: DbOrTx,
  values: { userId: string; content: Buffer; sha256: string; avatarUrl: string; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId: values.userId, content: values.content, sha256: values.sha256, updatedAt: values.at })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { content: values.content, sha256: values.sha256, updatedAt: values.at },
      });
    await tx
      .update(users)
      .set({ avatarUrl: values.avatarUrl, updatedAt: values.at })
      .where(eq(users.id, values.userId));
  });
}

/** The user's stored avatar, if any. */
export async function findAvatar(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ content: userAvatars.content, sha256: userAvatars.sha256 })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .limit(1);
  return row;
}
