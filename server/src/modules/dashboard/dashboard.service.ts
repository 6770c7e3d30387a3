import { type DashboardResponse, microToNumber, PAGE_SIZES } from '@app/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { TerminalsService } from '../terminals/terminals.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import * as repo from './dashboard.repository.ts';

/** The home page's data (spec §3 Dashboard response). */
export function createDashboardService(deps: {
  database: Database;
  ledger: LedgerService;
  wallet: WalletService;
  terminals: TerminalsService;
  orders: Pick<OrdersService, 'lastDeals'>;
}) {
  const db = deps.database.db;

  return {
    /** The signed-in user's own dashboard; it takes no id, so there is nobody else's to ask for. */
    async forUser(userId: string): Promise<DashboardResponse> {
      const profile = await repo.findProfile(db, userId);
      if (!profile) throw notFound();
      const [balances, withdrawing, whiteList, terminals, transactions] = await Promise.all([
        deps.ledger.getBalances(userId),
        deps.wallet.withdrawingAmount(userId),
        profile.isLead ? deps.wallet.whitelistEntries(userId) : Promise.resolve([]),
        deps.terminals.dashboardTerminals(userId, PAGE_SIZES.dashboardTerminals),
        deps.orders.lastDeals({ id: userId, role: profile.role }),
      ]);
      return {
        profile: {
          avatar: profile.avatarUrl,
          username: profile.username,
          rating: Number(profile.rating),
          balance: microToNumber(balances.available + balances.frozen),
          frozen_balance: microToNumber(balances.frozen),
          total_profit: microToNumber(balances.totalProfit),
          withdrawing: microToNumber(withdrawing),
          is_lead: profile.isLead,
          white_list: whiteList,
        },
        transactions,
        terminals,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
