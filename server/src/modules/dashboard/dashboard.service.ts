/** Use cases: the trader dashboard: profile and balances, last deals, terminals, the Transaction Summary chart. */
import {
  CHART_BUCKETS,
  type ChartQuery,
  type ChartRange,
  type ChartResponse,
  type DashboardResponse,
  microToNumber,
} from '@app/shared';
import type { Database } from '../../db/client.ts';
import { fieldErrors, notFound } from '../../lib/http-errors.ts';
import { invalidParameterValue } from '../../lib/pg-errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { TerminalsService } from '../terminals/terminals.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import * as repo from './dashboard.repository.ts';

/**
 * The dashboard's terminals list: all of the user's terminals, newest first, paged 5 per page in the browser.
 * A trader runs a handful of phones; the cap only keeps one answer bounded should someone pair hundreds.
 */
export const DASHBOARD_TERMINALS_CAP = 100;

/** The chart's `tz` when it names no zone the runtime or the database knows. */
export const UNKNOWN_TIME_ZONE = 'Неизвестный часовой пояс';

/** Bucket length per spec §2 range: 24 hours, 30 days, 12 months. */
const RANGE_UNIT = { '24h': 'hour', '30d': 'day', '1y': 'month' } as const satisfies Record<
  ChartRange,
  string
>;

/** IANA-shaped (Area/Location, UTC, Etc/GMT-3): no POSIX strings such as "+03:00", whose sign PostgreSQL reads reversed. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** A time zone name the chart accepts: IANA-shaped and known to the runtime's zone data. */
export function isKnownTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The home page's data (spec §3 Dashboard response and Chart data). */
export function createDashboardService(deps: {
  database: Database;
  ledger: LedgerService;
  wallet: WalletService;
  terminals: TerminalsService;
  orders: Pick<OrdersService, 'lastDeals' | 'dealCountsByBucket'>;
  /** The clock the reserves are judged by (the services' clock). */
  now?: () => Date;
}) {
  const db = deps.database.db;

  return {
    /**
     * The signed-in user's own dashboard; it takes no id, so there is nobody else's to ask for. Every read is
     * one indexed lookup or a bounded index range (balances by key, withdrawals in flight by a partial index,
     * the newest deals and terminals by their (owner, created_at) indexes), so its cost does not grow with the
     * user's history (`npm run bench`, BENCH_ONLY=dashboard).
     */
    async forUser(userId: string): Promise<DashboardResponse> {
      const profile = await repo.findProfile(db, userId);
      if (!profile) throw notFound();
      const [balances, withdrawing, whiteList, terminals, transactions] = await Promise.all([
        deps.ledger.withdrawable(userId, (deps.now ?? (() => new Date()))()),
        deps.wallet.withdrawingAmount(userId),
        profile.isLead ? deps.wallet.whitelistEntries(userId) : Promise.resolve([]),
        deps.terminals.dashboardTerminals(userId, DASHBOARD_TERMINALS_CAP),
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
          withdrawable: microToNumber(balances.withdrawable),
          reserved: microToNumber(balances.reserved),
          is_lead: profile.isLead,
          white_list: whiteList,
        },
        transactions,
        terminals,
      };
    },

    /** GET get-data-grafic: the user's deals per hour, day or month of `tz` (default UTC), zero-filled. */
    async chart(user: Pick<SessionUser, 'id' | 'role'>, query: ChartQuery): Promise<ChartResponse> {
      try {
        const data = await deps.orders.dealCountsByBucket(user, {
          unit: RANGE_UNIT[query.range],
          buckets: CHART_BUCKETS[query.range],
          timeZone: query.tz ?? 'UTC',
        });
        return { time_range: query.range, data };
      } catch (error) {
        // A name the runtime knows but the database's zone data does not (their tzdata versions differ).
        if (invalidParameterValue(error)) throw fieldErrors({ tz: [UNKNOWN_TIME_ZONE] });
        throw error;
      }
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
