/**
 * The ledger module's face (ctx.ledger): the one way money moves, assembled from the posting engine and the
 * movements of deals, disputes and accounts (deposits, withdrawals, adjustments) and the reads.
 */
import type { Database } from '../../db/client.ts';
import { createAccountMovements } from './account-movements.ts';
import { createDealMovements } from './deal-movements.ts';
import { createDisputeMovements } from './dispute-movements.ts';
import { createLedgerReads } from './ledger-reads.ts';
import type { LedgerService } from './ledger-types.ts';
import { createPosting } from './posting.ts';

export type { AccountRef, SystemAccount, UserBucket } from './accounts.ts';
export { SYSTEM_ACCOUNTS, systemAccount, USER_BUCKETS, userAccount } from './accounts.ts';
export type {
  Balances,
  LedgerDifference,
  LedgerService,
  Micro,
  PlatformTotals,
  PostingSpec,
  PostResult,
  ReserveSpec,
  TransferSpec,
  Withdrawable,
} from './ledger-types.ts';
export { DebtOutstandingError, InsufficientFundsError, LedgerError } from './ledger-types.ts';

/** The double-entry ledger: every movement is posted by posting.ts (one transaction or savepoint each). */
export function createLedgerService(deps: { database: Database }): LedgerService {
  const posting = createPosting(deps.database);
  return {
    post: posting.post,
    ...createAccountMovements(posting),
    ...createDealMovements(posting),
    ...createDisputeMovements(deps.database, posting),
    ...createLedgerReads(deps.database),
  };
}
