// SQL of merchant_api_keys: create within the cap, list, revoke, find by hash, touch last use.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { builtOnce, UNNAMED_STATEMENT } from '../../db/built-once.ts';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';
import { merchantApiKeys, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof merchantApiKeys.$inferSelect;

/** What the list and the create answer show of a key (never its hash). */
const listed = {
  id: merchantApiKeys.id,
  userId: merchantApiKeys.userId,
  name: merchantApiKeys.name,
  prefix: merchantApiKeys.prefix,
  createdAt: merchantApiKeys.createdAt,
  lastUsedAt: merchantApiKeys.lastUsedAt,
  revokedAt: merchantApiKeys.revokedAt,
};
export type ListedKeyRow = Omit<ApiKeyRow, 'keyHash'>;

/**
 * Inserts a key unless the merchant already holds `max` active ones: one conditional INSERT … SELECT … WHERE
 * count < max. The user's row is locked first (`for no key update`: other inserts' foreign-key checks pass,
 * but two creates of one merchant queue on it), so each statement of the READ COMMITTED transaction sees
 * the keys committed before it and parallel creates cannot pass the cap together.
 */
export async function insertKeyWithinCap(
  db: DbOrTx,
  input: { userId: string; name: string; prefix: string; keyHash: string; max: number; now: Date },
): Promise<ListedKeyRow | 'not-merchant' | 'cap-reached'> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.role, 'merchant')))
      .for('no key update');
    if (!owner) return 'not-merchant';
    const inserted = await selectRow<{ id: string }>(
      tx,
      sql`
      insert into merchant_api_keys (user_id, name, prefix, key_hash, created_at)
      select ${input.userId}::uuid, ${input.name}, ${input.prefix}, ${input.keyHash},
             ${input.now.toISOString()}::timestamptz
      where (select count(*) from merchant_api_keys
             where user_id = ${input.userId}::uuid and revoked_at is null) < ${input.max}
      returning id`,
    );
    const id = inserted?.id;
    if (!id) return 'cap-reached';
    const [row] = await tx.select(listed).from(merchantApiKeys).where(eq(merchantApiKeys.id, id));
    return row!;
  });
}

/** Every key of a merchant, revoked ones too, newest first. */
export async function listByUser(db: DbOrTx, userId: string): Promise<ListedKeyRow[]> {
  return db
    .select(listed)
    .from(merchantApiKeys)
    .where(eq(merchantApiKeys.userId, userId))
    .orderBy(desc(merchantApiKeys.createdAt), desc(merchantApiKeys.id));
}

/**
 * Revokes a key of this owner (any owner when `userId` is null: the operator's CLI). A key revoked before
 * keeps its first revocation time. Undefined when there is no such key of that owner.
 */
export async function revoke(
  db: DbOrTx,
  input: { keyId: string; userId: string | null; now: Date },
): Promise<ListedKeyRow | undefined> {
  const [row] = await db
    .update(merchantApiKeys)
    .set({ revokedAt: sql`coalesce(${merchantApiKeys.revokedAt}, ${input.now.toISOString()}::timestamptz)` })
    .where(
      input.userId === null
        ? eq(merchantApiKeys.id, input.keyId)
        : and(eq(merchantApiKeys.id, input.keyId), eq(merchantApiKeys.userId, input.userId)),
    )
    .returning(listed);
  return row;
}

/** The key a request authenticated with, and when it was last used (to decide whether to record this use). */
export interface AuthenticatedKeyRow {
  keyId: string;
  merchantId: string;
  lastUsedAt: Date | null;
}

// Every merchant API request runs this lookup first: one statement on the unique key_hash index, built once
// per handle. Revoked keys, keys of users who are no longer merchants and of blocked ones do not authenticate.
const byKeyHash = builtOnce((db) =>
  db
    .select({
      keyId: merchantApiKeys.id,
      merchantId: merchantApiKeys.userId,
      lastUsedAt: merchantApiKeys.lastUsedAt,
    })
    .from(merchantApiKeys)
    .innerJoin(users, eq(users.id, merchantApiKeys.userId))
    .where(
      and(
        eq(merchantApiKeys.keyHash, sql.placeholder('keyHash')),
        isNull(merchantApiKeys.revokedAt),
        eq(users.role, 'merchant'),
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare(UNNAMED_STATEMENT),
);

/** The active key of a merchant with this hash. */
export async function findActiveByHash(
  db: DbOrTx,
  keyHash: string,
): Promise<AuthenticatedKeyRow | undefined> {
  const [row] = await byKeyHash(db).execute({ keyHash });
  return row;
}

/**
 * Records a use of the key unless one was recorded after `notBefore`: a conditional write, so requests
 * racing within the same minute write the row once.
 */
export async function touchLastUsed(
  db: DbOrTx,
  input: { keyId: string; now: Date; notBefore: Date },
): Promise<boolean> {
  const rows = await db
    .update(merchantApiKeys)
    .set({ lastUsedAt: input.now })
    .where(
      and(
        eq(merchantApiKeys.id, input.keyId),
        sql`(${merchantApiKeys.lastUsedAt} is null or ${merchantApiKeys.lastUsedAt} <= ${input.notBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: merchantApiKeys.id });
  return rows.length > 0;
}
