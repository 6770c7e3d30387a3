import { z } from 'zod';
import '../zod-messages.ts';
import { CHART_RANGES } from './chart.ts';
import { whitelistEntrySchema } from './contracts.ts';

export * from './chart.ts';

/** GET /api/account/dashboard/ profile (spec §3 Dashboard response). Amounts in USDT, up to 6 decimals. */
export const dashboardProfileSchema = z.object({
  avatar: z.string().nullable(),
  username: z.string().nullable(),
  rating: z.number(),
  /** Total: available + frozen. */
  balance: z.number(),
  frozen_balance: z.number(),
  total_profit: z.number(),
  /**
   * Our addition: the amount + fee of the user's withdrawals in flight (verified, not yet confirmed on chain or
   * returned). It has left balance and comes back only if the withdrawal fails or is rejected.
   */
  withdrawing: z.number(),
  /**
   * Our additions (issue 23): what can be withdrawn now (available − reserved, never below 0; 0 while the user
   * owes a dispute's shortfall), and the part of available released from expired or canceled deals whose
   * dispute window is still open (it backs deals but cannot be withdrawn).
   */
  withdrawable: z.number(),
  reserved: z.number(),
  is_lead: z.boolean(),
  /**
   * The lead's whitelist entries (spec: item shape not shown), each with when it becomes usable, so the
   * withdraw dialog can show entries still in their cool-down as pending; empty for everyone else.
   */
  white_list: z.array(whitelistEntrySchema),
});
export type DashboardProfile = z.infer<typeof dashboardProfileSchema>;

/** A row of the dashboard's Last Transaction table (filled by the deals issue). */
export const dashboardTransactionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  amount: z.number(),
  profit: z.number(),
  bank: z.string().nullable(),
  status: z.string(),
});
export type DashboardTransaction = z.infer<typeof dashboardTransactionSchema>;

/** A row of the dashboard's terminals list (filled by the terminals issue). */
export const dashboardTerminalSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null until the phone reports its battery; the device card then shows the spec's default 12 %. */
  phone_charge: z.number().nullable(),
});
export type DashboardTerminal = z.infer<typeof dashboardTerminalSchema>;

export const dashboardResponse = z.object({
  profile: dashboardProfileSchema,
  transactions: z.array(dashboardTransactionSchema),
  terminals: z.array(dashboardTerminalSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * GET get-data-grafic query: `range` (spec §7) and our optional `tz`, an IANA time zone the buckets follow
 * (default UTC).
 */
export const chartQuerySchema = z.object({
  range: z.enum(CHART_RANGES),
  tz: z.string().min(1).max(64).optional(),
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** Spec §3 Chart data: `period` is the bucket's start in ISO 8601 (with the zone's offset), `count` the deals created in it. */
export const chartResponseSchema = z.object({
  time_range: z.enum(CHART_RANGES),
  data: z.array(z.object({ period: z.string(), count: z.number().int().nonnegative() })),
});
export type ChartResponse = z.infer<typeof chartResponseSchema>;
