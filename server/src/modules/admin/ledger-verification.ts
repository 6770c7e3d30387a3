/**
 * Use cases: keep the outcome of each ledger verification (console or CLI) and read the newest one. The console's
 * overview shows it; `record` and `latest` are what the CLI's ledger-verify calls too.
 */
import { type AdminLedgerVerification, formatUsdt } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { LedgerDifference } from '../ledger/ledger.service.ts';
import * as repo from './ledger-verification.repository.ts';

type StoredDifference = AdminLedgerVerification['differences'][number];

/** A difference as stored and shown: USDT amounts, except a transaction's posting count (a plain number). */
function toStored(difference: LedgerDifference): StoredDifference {
  const amount = (value: bigint) =>
    difference.account.endsWith(':postings') ? value.toString() : formatUsdt(value);
  return {
    account: difference.account,
    expected: amount(difference.expected),
    actual: amount(difference.actual),
    problem: difference.problem ?? null,
  };
}

function toApi(row: repo.VerificationRow): AdminLedgerVerification {
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    ok: row.ok,
    differences: (row.differences as StoredDifference[]) ?? [],
  };
}

/** Stores a verification's outcome (clean when `differences` is empty) under `actor` (an email or admin-cli). */
export async function record(
  db: DbOrTx,
  actor: string,
  differences: LedgerDifference[],
): Promise<AdminLedgerVerification> {
  const row = await repo.insertVerification(db, {
    actor,
    ok: differences.length === 0,
    differences: differences.map(toStored),
  });
  return toApi(row);
}

/** The newest verification, or null when none ran yet. */
export async function latest(db: DbOrTx): Promise<AdminLedgerVerification | null> {
  const row = await repo.latestVerification(db);
  return row ? toApi(row) : null;
}
