/**
 * The wallet module's face (ctx.wallet, spec §7 Wallet): deposit addresses and the nudge, withdrawals, and the
 * whitelist, each in its own file. Authorization first in every method; money moves only through the ledger.
 */
import { createDepositAddresses } from './deposit-addresses.ts';
import type { WalletDeps } from './wallet-common.ts';
import { createWhitelist } from './wallet-whitelist.ts';
import { createWithdrawals } from './wallet-withdrawals.ts';

export function createWalletService(deps: WalletDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    ...createDepositAddresses(deps, now),
    ...createWithdrawals(deps, now),
    ...createWhitelist(deps, now),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
