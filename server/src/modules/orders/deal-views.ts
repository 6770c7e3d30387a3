// Use cases of the read views: the web's transaction list, detail and receipt file, the dashboard's last deals
// and chart buckets, the bot's /status count, and a deal as a dispute sees it.
import {
  API,
  type DashboardTransaction,
  DEAL_MESSAGES,
  type DealActor,
  type DealStatus,
  formatUsdt,
  kopecksToRubleString,
  microToNumber,
  pageWindow,
  type TransactionDetail,
  type TransactionsQuery,
  type TransactionsResponse,
} from '@app/shared';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as chartCounts from './deal-chart-counts.repository.ts';
import * as views from './deal-views.repository.ts';
import { iso, profitOf, sideOf, toTransaction, utcOffset } from './order-shapes.ts';
import * as repo from './orders.repository.ts';
import type { OrdersDeps } from './orders-deps.ts';

/** The dashboard's Last Transaction table pages through this many (5 per page, 10 pages). */
export const DASHBOARD_DEALS = 50;

/** Moscow midnight of a calendar day (the web's date filter is in the service's home time zone). */
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextDay = (day: string) => new Date(moscowMidnight(day).getTime() + 86_400_000);

export function createDealViews(deps: Pick<OrdersDeps, 'database' | 'now'>) {
  const db = deps.database.db;

  return {
    /** A deal as its merchant or the support sees it in a dispute (undefined: no such deal). */
    findDeal(db_: Tx | undefined, id: string) {
      return isUuid(id) ? repo.findById(db_ ?? db, id) : Promise.resolve(undefined);
    },

    /** How many deals the user had since `since` (the Telegram bot's /status). */
    countDealsSince(userId: string, since: Date): Promise<number> {
      return views.countDealsSince(db, userId, since);
    },

    /** GET api/v1/transactions/: a trader's deals or a merchant's orders (spec §7). */
    async listTransactions(user: SessionUser, query: TransactionsQuery): Promise<TransactionsResponse> {
      const side = sideOf(user);
      const { rows, matching, total } = await views.listForUser(db, {
        userId: user.id,
        side,
        statuses: query.status,
        from: query.start_date ? moscowMidnight(query.start_date) : undefined,
        before: query.end_date ? nextDay(query.end_date) : undefined,
        sort: query.sort,
        order: query.order,
        ...pageWindow(query),
      });
      return { count: matching, total_items: total, results: rows.map((row) => toTransaction(row, side)) };
    },

    /** The detail modal: the deal with its rate, timeline, matched notification and receipt. */
    async transactionDetail(user: SessionUser, id: string): Promise<TransactionDetail> {
      const row = isUuid(id) ? await views.findVisibleTo(db, id, user.id) : undefined;
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      const side = row.traderId === user.id ? 'trader' : 'merchant';
      const [events, notification, receipt] = await Promise.all([
        views.listEvents(db, row.id),
        row.matchedNotificationId !== null
          ? views.findNotification(db, row.matchedNotificationId)
          : Promise.resolve(undefined),
        views.findReceiptMeta(db, row.id),
      ]);
      return {
        ...toTransaction(row, side),
        amount_usdt: formatUsdt(row.amountUsdt),
        rate: kopecksToRubleString(row.rateKopecks),
        expires_at: iso(row.expiresAt),
        paid_at: row.paidAt ? iso(row.paidAt) : null,
        timeline: events.map((event) => ({
          from: event.fromStatus as DealStatus | null,
          to: event.toStatus as DealStatus,
          by: event.actor as DealActor,
          at: iso(event.createdAt),
        })),
        notification: notification
          ? {
              id: notification.id.toString(),
              received_at: iso(notification.receivedAt),
              sender: notification.sender,
              text: notification.body,
              amount:
                notification.amountKopecks !== null ? kopecksToRubleString(notification.amountKopecks) : null,
            }
          : null,
        receipt: receipt
          ? {
              url: API.transactions.receipt(row.id),
              sha256: receipt.sha256,
              content_type: receipt.contentType,
              uploaded_at: iso(receipt.uploadedAt),
            }
          : null,
      };
    },

    /** The payer's receipt file, for the deal's trader or merchant. */
    async receiptFile(user: SessionUser, id: string) {
      const row = isUuid(id) ? await views.findVisibleTo(db, id, user.id) : undefined;
      const receipt = row ? await views.findReceipt(db, row.id) : undefined;
      if (!receipt) throw notFound(DEAL_MESSAGES.notFound);
      return { contentType: receipt.contentType, content: receipt.content, sha256: receipt.sha256 };
    },

    /** The dashboard's Last Transaction rows. */
    async lastDeals(user: Pick<SessionUser, 'id' | 'role'>): Promise<DashboardTransaction[]> {
      const side = sideOf(user);
      const rows = await views.lastForUser(db, user.id, side, DASHBOARD_DEALS);
      return rows.map((row) => ({
        id: row.id,
        created_at: iso(row.createdAt),
        amount: microToNumber(row.amountUsdt),
        profit: microToNumber(profitOf(row, side)),
        bank: row.bankName,
        status: row.status,
      }));
    },

    /**
     * The dashboard chart's counts: deals created by the user's side (a trader's deals, a merchant's orders)
     * per bucket of the time zone, oldest first, zero-filled; `period` is the bucket's start in ISO 8601 with
     * the zone's offset at that moment.
     */
    async dealCountsByBucket(
      user: Pick<SessionUser, 'id' | 'role'>,
      input: { unit: views.BucketUnit; buckets: number; timeZone: string },
    ): Promise<{ period: string; count: number }[]> {
      const rows = await views.countByBucket(db, {
        ...input,
        userId: user.id,
        side: sideOf(user),
        now: deps.now(),
      });
      return rows.map((row) => ({ period: `${row.local}${utcOffset(row.offsetSeconds)}`, count: row.count }));
    },

    /** The folding job's pass (deal-chart-folding.ts): ended buckets' stripes summed into one row each. */
    foldChartStripes(limit: number): Promise<number> {
      return chartCounts.foldClosedStripes(db, { now: deps.now(), limit });
    },

    /** The console's user detail (issue 27; the admin module checked the caller): the side's newest deals. */
    async latestOfUser(userId: string, side: 'trader' | 'merchant', limit: number) {
      const rows = await views.lastForUser(db, userId, side, limit);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        amount_rub: kopecksToRubleString(row.amountKopecks),
        amount_usdt: formatUsdt(row.amountUsdt),
        created_at: iso(row.createdAt),
      }));
    },
  };
}
