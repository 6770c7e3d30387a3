/** Settings' profile reads (user_info) and the avatar store (user_avatars); the users row is written by the users module. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { userAvatars, users } from '../../db/schema/index.ts';

/** The fields of GET user_info. */
export async function findProfile(db: DbOrTx, userId: string) {
  return firstRow(
    db
      .select({
        username: users.username,
        email: users.email,
        avatarUrl: users.avatarUrl,
        isLead: users.isLead,
        notificationPayments: users.notificationPayments,
        notificationAccount: users.notificationAccount,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

/** Stores the user's avatar, replacing an earlier one (the service sets the URL naming it in the same transaction). */
export async function saveAvatar(
  db: DbOrTx,
  values: { userId: string; content: Buffer; sha256: string; at: Date },
): Promise<void> {
  await db
    .insert(userAvatars)
    .values({ userId: values.userId, content: values.content, sha256: values.sha256, updatedAt: values.at })
    .onConflictDoUpdate({
      target: userAvatars.userId,
      set: { content: values.content, sha256: values.sha256, updatedAt: values.at },
    });
}

/** The user's stored avatar, if any. */
export async function findAvatar(db: DbOrTx, userId: string) {
  return firstRow(
    db
      .select({ content: userAvatars.content, sha256: userAvatars.sha256 })
      .from(userAvatars)
      .where(eq(userAvatars.userId, userId)),
  );
}
