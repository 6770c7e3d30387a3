/**
 * Use cases: keep the outcome of a `ledger-verify` run (the CLI's or the console's button) with its audit row,
 * in one transaction, and read the newest outcome for the console's overview.
 */
import { type AdminLedgerVerification, formatUsdt } from '@app/shared';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { LedgerDifference } from '../ledger/ledger.service.ts';
import type { AuditActor } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import * as repo from './ledger-verification.repository.ts';

function toApi(row: repo.LedgerVerificationRow): AdminLedgerVerification {
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    ok: row.ok,
    differences: row.differences as AdminLedgerVerification['differences'],
  };
}

/** Records one run's differences (none: the ledger is consistent) and its `ledger.verify` audit row together. */
export async function recordLedgerVerification(
  database: Database,
  actor: AuditActor,
  differences: LedgerDifference[],
): Promise<AdminLedgerVerification> {
  const shown = differences.map((difference) => ({
    account: difference.account,
    expected: formatUsdt(difference.expected),
    actual: formatUsdt(difference.actual),
    problem: difference.problem ?? null,
  }));
  return database.db.transaction(async (tx) => {
    const row = await repo.insertVerification(tx, {
      actor: actor.actor,
      ok: shown.length === 0,
      differences: shown,
    });
    await recordAudit(tx, actor, {
      action: 'ledger.verify',
      after: { ok: row.ok, differences: shown.length },
    });
    return toApi(row);
  });
}

/** The newest recorded run, or null before the first. */
export async function latestLedgerVerification(db: DbOrTx): Promise<AdminLedgerVerification | null> {
  const row = await repo.latestVerification(db);
  return row ? toApi(row) : null;
}
