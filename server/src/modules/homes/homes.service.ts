/** Use cases: the homes of merchants and support (issue 25), each about that role's own work. */
import { formatUsdt, HOMES_TEXT, type MerchantHomeResponse, type SupportQueueResponse } from '@app/shared';
import type { Database } from '../../db/client.ts';
import { fieldErrors, forbidden } from '../../lib/http-errors.ts';
import { invalidParameterValue } from '../../lib/pg-errors.ts';
import { UNKNOWN_TIME_ZONE } from '../dashboard/dashboard.service.ts';
import { createSupportQueue } from '../disputes/support-queue.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createMerchantSummary } from '../orders/merchant-summary.ts';
import type { SessionUser } from '../users/users.service.ts';
import { createWebhookHealth } from '../webhooks/webhook-health.ts';

/**
 * The homes of the roles that are not traders (issue 25). Each answer is one role's own work; another role
 * gets 403 (the web app never asks: it picks the home by the signed-in user's role). The figures come from
 * the owning modules' faces: orders, webhooks, ledger, disputes.
 */
export function createHomesService(deps: { database: Database; ledger: LedgerService; now: () => Date }) {
  const orders = createMerchantSummary(deps);
  const webhooks = createWebhookHealth(deps);
  const queue = createSupportQueue(deps);

  return {
    async merchantHome(
      user: Pick<SessionUser, 'id' | 'role'>,
      query: { tz?: string },
    ): Promise<MerchantHomeResponse> {
      if (user.role !== 'merchant') throw forbidden(HOMES_TEXT.merchantsOnly);
      const now = deps.now();
      try {
        const [figures, balances, hooks, lastOrders] = await Promise.all([
          orders.figures(user.id, query.tz ?? 'UTC', now),
          deps.ledger.getBalances(user.id),
          webhooks.forMerchant(user.id, now),
          orders.lastOrders(user.id),
        ]);
        return {
          ...figures,
          balance: { available_usdt: formatUsdt(balances.available) },
          webhooks: hooks,
          last_orders: lastOrders,
        };
      } catch (error) {
        // A zone the runtime knows but the database's zone data does not (their tzdata versions differ).
        if (invalidParameterValue(error)) throw fieldErrors({ tz: [UNKNOWN_TIME_ZONE] });
        throw error;
      }
    },

    async supportQueue(user: Pick<SessionUser, 'id' | 'role'>): Promise<SupportQueueResponse> {
      if (user.role !== 'support') throw forbidden(HOMES_TEXT.supportOnly);
      return queue.forSupport(user.id, deps.now());
    },
  };
}

export type HomesService = ReturnType<typeof createHomesService>;
