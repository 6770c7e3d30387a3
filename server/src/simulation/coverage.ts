import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRow } from '../db/rows.ts';

/**
 * What a run really exercised, read from the database after it: one count per behaviour issue 15 lists
 * (deposits replayed and reordered, each withdrawal ending, terminal matches and ambiguities, every dispute
 * verdict and a debt, referral commissions, rating events…). A count of 0 means the op mix never reached
 * that behaviour, so the invariants were never checked against it.
 */
export const COVERAGE_ITEMS = [
  'deposits credited',
  'deposit replays ignored',
  'deposits confirmed out of order',
  'withdrawals confirmed',
  'withdrawals failed on chain',
  'withdrawals rejected',
  'withdrawals approved by the operator',
  'terminals taken offline',
  'orders retried with their idempotency key',
  'payer marks',
  'notifications matched',
  'notifications resent as duplicates',
  'ambiguous notifications (deals to verification)',
  'trader confirmations',
  'merchant cancels',
  'expiries',
  'disputes opened',
  'verdicts towards the merchant',
  'verdicts towards the trader',
  'disputes insufficient (deep consideration)',
  'debts made',
  'referral commissions',
  'rating events',
] as const;
export type CoverageItem = (typeof COVERAGE_ITEMS)[number];
export type Coverage = Record<CoverageItem, number>;

/** Counts the simulation keeps itself (what the database cannot tell apart afterwards). */
export interface OpTally {
  depositReplays: number;
  depositReorders: number;
  withdrawalsApproved: number;
  terminalsOffline: number;
  orderRetries: number;
  duplicateNotifications: number;
}

export const emptyTally = (): OpTally => ({
  depositReplays: 0,
  depositReorders: 0,
  withdrawalsApproved: 0,
  terminalsOffline: 0,
  orderRetries: 0,
  duplicateNotifications: 0,
});

export async function measureCoverage(database: Database, tally: OpTally): Promise<Coverage> {
  const row = (await selectRow<Record<string, number>>(
    database.db,
    sql`select
      (select count(*) from deposits)::int as deposits,
      (select count(*) from withdrawals where status = 'confirmed')::int as w_confirmed,
      (select count(*) from withdrawals where status = 'failed')::int as w_failed,
      (select count(*) from withdrawals where status = 'rejected')::int as w_rejected,
      (select count(*) from deal_events where to_status = 'verification' and actor = 'payer')::int as paid,
      (select count(*) from deal_events where to_status = 'complete' and actor = 'terminal')::int as matched,
      (select count(*) from deal_events where to_status = 'verification' and actor = 'terminal')::int as ambiguous,
      (select count(*) from deal_events where to_status = 'complete' and actor = 'trader')::int as confirmed,
      (select count(*) from deal_events where to_status = 'canceled' and actor = 'merchant')::int as canceled,
      (select count(*) from deal_events where to_status = 'expired')::int as expired,
      (select count(*) from disputes)::int as disputes,
      (select count(*) from disputes where status = 'completed_towards_merchant')::int as to_merchant,
      (select count(*) from disputes where status = 'completed_towards_trader')::int as to_trader,
      (select count(*) from dispute_history where action = 'status' and status = 'deepconsideration')::int as deep,
      (select count(*) from ledger_postings where account_id like 'user:%:debt' and amount < 0)::int as debts,
      (select count(*) from referral_commissions where amount_micro > 0)::int as commissions,
      (select count(*) from rating_events)::int as ratings`,
  ))!;
  return {
    'deposits credited': row.deposits!,
    'deposit replays ignored': tally.depositReplays,
    'deposits confirmed out of order': tally.depositReorders,
    'withdrawals confirmed': row.w_confirmed!,
    'withdrawals failed on chain': row.w_failed!,
    'withdrawals rejected': row.w_rejected!,
    'withdrawals approved by the operator': tally.withdrawalsApproved,
    'terminals taken offline': tally.terminalsOffline,
    'orders retried with their idempotency key': tally.orderRetries,
    'payer marks': row.paid!,
    'notifications matched': row.matched!,
    'notifications resent as duplicates': tally.duplicateNotifications,
    'ambiguous notifications (deals to verification)': row.ambiguous!,
    'trader confirmations': row.confirmed!,
    'merchant cancels': row.canceled!,
    expiries: row.expired!,
    'disputes opened': row.disputes!,
    'verdicts towards the merchant': row.to_merchant!,
    'verdicts towards the trader': row.to_trader!,
    'disputes insufficient (deep consideration)': row.deep!,
    'debts made': row.debts!,
    'referral commissions': row.commissions!,
    'rating events': row.ratings!,
  };
}
