/**
 * Use cases: write an operator action's audit row (inside the action's own transaction, so an action and its
 * row exist together or not at all) and read the log, newest first, filtered by actor, action or target.
 */
import type { AdminAuditAction, AdminAuditEntry, AdminAuditQuery } from '@app/shared';
import { pageWindow } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AuditActor } from './admin-access.ts';
import * as repo from './admin-audit.repository.ts';

export interface AuditEntry {
  action: AdminAuditAction;
  /** What was acted on: a user's email, a withdrawal's id, a bank's name… */
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Writes one audit row with `db`, which must be the action's transaction. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await repo.insertAudit(db, {
    actorId: actor.actorId,
    actor: actor.actor,
    action: entry.action,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** One page of the log as the API answers it. */
export async function readAudit(
  db: DbOrTx,
  query: AdminAuditQuery,
): Promise<{ count: number; results: AdminAuditEntry[] }> {
  const { count, rows } = await repo.listAudit(
    db,
    { actor: query.actor, action: query.action, target: query.target },
    pageWindow(query),
  );
  return {
    count,
    results: rows.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action as AdminAuditAction,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
    })),
  };
}
