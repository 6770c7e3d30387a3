// Use case: the merchant home's order figures (today and the week, open orders) and its newest orders (issue 25).
import {
  formatUsdt,
  kopecksToRubleString,
  type MerchantHomeOrder,
  type MerchantHomeResponse,
} from '@app/shared';
import type { Database } from '../../db/client.ts';
import * as views from './deal-views.repository.ts';
import * as repo from './merchant-summary.repository.ts';
import { utcOffset } from './order-shapes.ts';

/** How many of the newest orders the merchant home lists. */
export const MERCHANT_HOME_ORDERS = 10;

/**
 * The orders module's face for the merchant home (issue 25): the merchant's order figures of today and the
 * week, its open orders and its newest orders. Callers have checked that `merchantId` is a merchant.
 */
export function createMerchantSummary(deps: { database: Database }) {
  const db = deps.database.db;
  return {
    async figures(
      merchantId: string,
      timeZone: string,
      now: Date,
    ): Promise<
      Pick<
        MerchantHomeResponse,
        'time_zone' | 'day_start' | 'today' | 'conversion' | 'avg_confirmation_seconds' | 'open_orders'
      >
    > {
      const totals = await repo.merchantTotals(db, { merchantId, timeZone, now });
      return {
        time_zone: timeZone,
        day_start: `${totals.dayStartLocal}${utcOffset(totals.dayOffsetSeconds)}`,
        today: {
          completed: totals.completedToday,
          volume_rub: kopecksToRubleString(totals.volumeKopecks),
          volume_usdt: formatUsdt(totals.volumeUsdt),
          credited_usdt: formatUsdt(totals.creditedUsdt),
        },
        conversion: {
          today: { created: totals.createdToday, completed: totals.createdTodayCompleted },
          week: { created: totals.createdWeek, completed: totals.createdWeekCompleted },
        },
        avg_confirmation_seconds: totals.avgConfirmationSeconds,
        open_orders: {
          count: totals.openCount,
          amount_rub: kopecksToRubleString(totals.openKopecks),
          amount_usdt: formatUsdt(totals.openUsdt),
        },
      };
    },

    /** The merchant's newest orders (deals_merchant_created_idx). */
    async lastOrders(merchantId: string): Promise<MerchantHomeOrder[]> {
      const rows = await views.lastForUser(db, merchantId, 'merchant', MERCHANT_HOME_ORDERS);
      return rows.map((row) => ({
        id: row.id,
        external_id: row.externalId,
        status: row.status,
        amount_rub: kopecksToRubleString(row.amountKopecks),
        amount_usdt: formatUsdt(row.amountUsdt),
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MerchantSummary = ReturnType<typeof createMerchantSummary>;
