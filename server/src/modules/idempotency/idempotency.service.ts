/** Use cases: the Idempotency-Key store of merchant/v1 and device/v1: claim, replay, complete, release. */
import { createHash } from 'node:crypto';
import type { SQLWrapper } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import * as repo from './idempotency.repository.ts';

/** Keys are kept this long: a client may retry with the same key for a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 86_400_000;
/**
 * A claim this old without an answer belongs to a request whose process died; the same request may then run
 * again instead of being refused as in flight until the key expires.
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;

/** Where a request identified by (scope, key) stands. */
export type IdempotencyBegin =
  /** First time: the request runs; complete() or release() must follow. */
  | { kind: 'new' }
  /** Seen and answered: send this answer again. */
  | { kind: 'replay'; statusCode: number; body: string; headers: Record<string, string> }
  /** The same key with another method, path or body. */
  | { kind: 'mismatch' }
  /** The first request with this key has not finished. */
  | { kind: 'in-flight' };

export interface IdempotencyRequest {
  /** Whose key space, e.g. 'device:<terminal id>' or 'merchant:<merchant id>'. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** The request body (already parsed); hashed in a canonical form, so key order does not matter. */
  body: unknown;
}

/** An answer as stored and replayed. */
export interface IdempotentAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

export interface IdempotencyService {
  begin(request: IdempotencyRequest): Promise<IdempotencyBegin>;
  /**
   * begin() as the first statement of the action's own transaction `tx`: the claim commits with the action
   * or vanishes with it, so a process killed mid-request leaves no key in flight. A concurrent request with
   * the same key waits on the key's unique index until this transaction ends, then replays its answer.
   */
  beginIn(tx: Tx, request: IdempotencyRequest): Promise<IdempotencyBegin>;
  /**
   * beginIn()'s claim as a part of the first statement of `tx` (a write returning the key when it claimed),
   * for an action that has a statement of its own to run with it; `settle(claimed)` then gives what beginIn
   * would have (the earlier answer, a mismatch, a key in flight) from whether the part returned a row.
   */
  claimPartIn(
    tx: Tx,
    request: IdempotencyRequest,
  ): { statement: SQLWrapper; settle(claimed: boolean): Promise<IdempotencyBegin> };
  /** complete() inside `tx` as a write not yet run, for a statement that runs several (db/writes-together.ts). */
  completeWrite(tx: Tx, scope: string, key: string, answer: IdempotentAnswer): SQLWrapper;
  /**
   * Stores the answer of a request whose claim rolled back with its transaction (a refusal), so the same
   * key replays it; a key another request took meanwhile keeps that request's answer.
   */
  storeRefusal(request: IdempotencyRequest, answer: IdempotentAnswer): Promise<void>;
  /** Stores the answer; inside `tx` it commits with the change it answers (or rolls back with it). */
  complete(
    scope: string,
    key: string,
    answer: { statusCode: number; body: string; headers: Record<string, string> },
    tx?: Tx,
  ): Promise<void>;
  release(scope: string, key: string): Promise<void>;
  /** Deletes keys older than IDEMPOTENCY_KEY_TTL_MS; returns how many went. */
  purgeExpired(): Promise<number>;
}

/**
 * JSON with object keys sorted at every level: two bodies that mean the same hash the same. Built with a
 * work stack rather than recursion, so a body nested ten thousand levels deep (JSON.parse takes it) hashes
 * instead of exhausting the call stack.
 */
export function canonicalJson(value: unknown): string {
  type Work = { text: string } | { value: unknown };
  const work: Work[] = [{ value }];
  let out = '';
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) {
      out += item.text;
      continue;
    }
    const current = item.value;
    const next: Work[] = [];
    if (Array.isArray(current)) {
      next.push({ text: '[' });
      current.forEach((element, index) => {
        if (index > 0) next.push({ text: ',' });
        next.push({ value: element });
      });
      next.push({ text: ']' });
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      next.push({ text: '{' });
      entries.forEach(([name, entry], index) => {
        next.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(name)}:` });
        next.push({ value: entry });
      });
      next.push({ text: '}' });
    } else {
      out += JSON.stringify(current ?? null);
      continue;
    }
    for (let index = next.length - 1; index >= 0; index--) work.push(next[index]!);
  }
  return out;
}

/** The hash a key is bound to: method, path and body together. */
export function requestHash(request: Pick<IdempotencyRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/**
 * Idempotency keys of the program-facing APIs (DESIGN.md): the same key and body replay the first answer,
 * another body is refused, and a request still running is refused. Generic: the caller names the scope.
 */
export function createIdempotencyService(deps: { database: Database; now?: () => Date }): IdempotencyService {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const claimValues = (request: IdempotencyRequest, hash: string, at: Date) => ({
    scope: request.scope,
    key: request.key,
    method: request.method.toUpperCase(),
    path: request.path,
    requestHash: hash,
    createdAt: at,
  });
  async function begin(request: IdempotencyRequest, on: DbOrTx = db): Promise<IdempotencyBegin> {
    const hash = requestHash(request);
    const at = now();
    const claimed = await repo.claim(on, claimValues(request, hash, at));
    return claimed ? { kind: 'new' } : held(request, hash, at, on);
  }
  /** Where a request stands whose claim found the key held. */
  async function held(
    request: IdempotencyRequest,
    hash: string,
    at: Date,
    on: DbOrTx,
  ): Promise<IdempotencyBegin> {
    const existing = await repo.find(on, request.scope, request.key);
    // Purged between the two statements: the key is free again.
    if (!existing) return begin(request, on);
    if (existing.requestHash !== hash) return { kind: 'mismatch' };
    // A claim without an answer inside a transaction is never stale: its owner holds it until it ends.
    if (existing.statusCode === null && on !== db) return { kind: 'in-flight' };
    if (existing.statusCode === null) {
      const staleBefore = new Date(at.getTime() - IDEMPOTENCY_STALE_MS);
      const takenOver = await repo.takeOverStale(db, request.scope, request.key, hash, staleBefore, at);
      return takenOver ? { kind: 'new' } : { kind: 'in-flight' };
    }
    return {
      kind: 'replay',
      statusCode: existing.statusCode,
      body: existing.responseBody ?? '',
      headers: (existing.responseHeaders as Record<string, string> | null) ?? {},
    };
  }
  return {
    begin: (request) => begin(request),
    beginIn: (tx, request) => begin(request, tx),
    claimPartIn(tx, request) {
      const hash = requestHash(request);
      const at = now();
      return {
        statement: repo.claimWrite(tx, claimValues(request, hash, at)),
        settle: async (claimed) => (claimed ? { kind: 'new' } : held(request, hash, at, tx)),
      };
    },
    completeWrite: (tx, scope, key, answer) =>
      repo.completeWrite(tx, scope, key, { ...answer, completedAt: now() }),
    async storeRefusal(request, answer) {
      await repo.insertAnswered(db, {
        scope: request.scope,
        key: request.key,
        method: request.method.toUpperCase(),
        path: request.path,
        requestHash: requestHash(request),
        ...answer,
        completedAt: now(),
      });
    },
    async complete(scope, key, answer, tx) {
      await repo.complete(tx ?? db, scope, key, { ...answer, completedAt: now() });
    },
    async release(scope, key) {
      await repo.release(db, scope, key);
    },
    purgeExpired() {
      return repo.deleteCreatedBefore(db, new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
    },
  };
}
