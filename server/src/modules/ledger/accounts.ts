/**
 * A user's buckets: spendable collateral (rewards and commissions land here too, so they back further deals and
 * can be withdrawn) and collateral held for open deals. The lifetime sum of what a user earned is not a bucket:
 * it is `user_balances.total_profit`, kept from the earnings each ledger transaction names (0010_deals.sql).
 * `debt` is the platform's claim on a trader (a dispute held more than the trader's available): its postings
 * are debits, and user_balances.debt is what is owed, their sum negated (0014_disputes.sql).
 */
export const USER_BUCKETS = ['available', 'frozen', 'debt'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * The platform's own accounts. They may go negative: chain_deposits is where deposited money comes from,
 * adjustments is the counterpart of operator corrections.
 */
export const SYSTEM_ACCOUNTS = [
  'chain_deposits',
  'withdrawals_in_flight',
  'chain_withdrawals',
  'withdrawal_fees',
  'adjustments',
  'merchant_settlement',
  'platform_fees',
  'referral_payouts',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** One ledger account: a user's bucket or a system account. */
export type AccountRef = { userId: string; bucket: UserBucket } | { system: SystemAccount };

/** A user's bucket. */
export const userAccount = (userId: string, bucket: UserBucket): AccountRef => ({ userId, bucket });
/** A system account. */
export const systemAccount = (system: SystemAccount): AccountRef => ({ system });

/** The account's id in ledger_accounts: `user:<uuid>:<bucket>` or `system:<name>`. */
export function accountId(account: AccountRef): string {
  return 'system' in account ? `system:${account.system}` : `user:${account.userId}:${account.bucket}`;
}

/** A bucket's balance as user_balances stores it, from the sum of its postings (debt is stored as owed). */
export const storedBalance = (bucket: UserBucket, postingsSum: bigint): bigint =>
  bucket === 'debt' ? -postingsSum : postingsSum;
