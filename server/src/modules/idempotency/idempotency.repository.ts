/** Use cases: claim, find, take over and complete an Idempotency-Key (SQL). */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

type ClaimValues = {
  scope: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  createdAt: Date;
};

/** Claims a key for a request in flight; false when the scope already holds this key. */
export async function claim(db: DbOrTx, values: ClaimValues): Promise<boolean> {
  const rows = await claimWrite(db, values);
  return rows.length === 1;
}

/** claim() as a write not yet run: returns the key when it claimed, no row when the scope holds it. */
export function claimWrite(db: DbOrTx, values: ClaimValues) {
  return db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
}

export async function find(db: DbOrTx, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  return firstRow(
    db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))),
  );
}

/**
 * Takes over a claim whose request never finished (its process died) once it is older than `staleBefore`,
 * for the same request only; one caller wins.
 */
export async function takeOverStale(
  db: DbOrTx,
  scope: string,
  key: string,
  requestHash: string,
  staleBefore: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, staleBefore),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export type StoredAnswer = {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  completedAt: Date;
};

/** Records the answer of a claimed request, so the same key and body replay it. */
export async function complete(db: DbOrTx, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await completeWrite(db, scope, key, answer);
}

/** complete() as a write not yet run, for a statement that runs several (db/writes-together.ts). */
export function completeWrite(db: DbOrTx, scope: string, key: string, answer: StoredAnswer) {
  return db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.statusCode,
      responseBody: answer.body,
      responseHeaders: answer.headers,
      completedAt: answer.completedAt,
    })
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)),
    );
}

/**
 * Stores an answer under a key nobody holds: a request whose claim was part of its transaction and rolled
 * back with it (a refusal). A key taken meanwhile by a retry keeps that retry's answer.
 */
export async function insertAnswered(
  db: DbOrTx,
  values: { scope: string; key: string; method: string; path: string; requestHash: string } & StoredAnswer,
): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({
      scope: values.scope,
      key: values.key,
      method: values.method,
      path: values.path,
      requestHash: values.requestHash,
      statusCode: values.statusCode,
      responseBody: values.body,
      responseHeaders: values.headers,
      createdAt: values.completedAt,
      completedAt: values.completedAt,
    })
    .onConflictDoNothing();
}

/** Drops a claim whose request failed on our side, so a retry with the same key runs again. */
export async function release(db: DbOrTx, scope: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)),
    );
}

/** Deletes keys created before a moment; returns how many went. */
export async function deleteCreatedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < ${before.toISOString()}`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
