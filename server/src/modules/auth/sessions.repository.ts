// SQL of sessions: create, find live, list a user's live ones, touch, revoke (one, all, all but one), delete expired.
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { builtOnce, UNNAMED_STATEMENT } from '../../db/built-once.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

const liveSession = builtOnce((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        // A blocked user's sessions are revoked with the block; this keeps a race from letting one through.
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare(UNNAMED_STATEMENT),
);

/**
 * The live session for a token hash with its user: not revoked, not past absolute or idle expiry. Runs on
 * every signed-in request, so its SQL is built once (placeholders bind timestamps as ISO text).
 */
export async function findLive(db: DbOrTx, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await liveSession(db).execute({
    tokenHash,
    now: now.toISOString(),
    idleSince: idleSince.toISOString(),
  });
  return row;
}

const touchSession = builtOnce((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(sessions.id, sql.placeholder('id')), lt(sessions.lastSeenAt, sql.placeholder('before'))))
    .prepare(UNNAMED_STATEMENT),
);

/** Moves the idle clock forward, at most once a minute per session to keep reads cheap. */
export async function touch(db: DbOrTx, id: string, now: Date): Promise<void> {
  await touchSession(db).execute({
    id,
    now: now.toISOString(),
    before: new Date(now.getTime() - 60_000).toISOString(),
  });
}

export async function revokeByTokenHash(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** The user's sessions not revoked and not past absolute expiry, newest first (the console's user detail). */
export async function listLiveForUser(db: DbOrTx, userId: string, now: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

/** Ends every session of a user (password reset, a console block). */
export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of a user but one (a signed-in password change keeps the caller's). */
export async function revokeOthersForUser(
  db: DbOrTx,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Deletes sessions that can no longer be used: past absolute expiry, idle since before idleSince, or revoked
 * before revokedBefore (revoked ones are kept a while so a recent sign-out or reset stays visible).
 * Returns how many went.
 */
export async function deleteExpired(
  db: DbOrTx,
  cut: { now: Date; idleSince: Date; revokedBefore: Date },
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, cut.now),
        lt(sessions.lastSeenAt, cut.idleSince),
        lt(sessions.revokedAt, cut.revokedBefore),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
