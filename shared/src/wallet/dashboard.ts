import { z } from 'zod';
import '../zod-messages.ts';
import { whitelistEntrySchema } from './contracts.ts';

/** GET /api/account/dashboard/ profile (spec §3 Dashboard response). Amounts in USDT, up to 6 decimals. */
export const dashboardProfileSchema = z.object({
  avatar: z.string().nullable(),
  username: z.string().nullable(),
  rating: z.number(),
  /** Total: available + frozen. */
  balance: z.number(),
  frozen_balance: z.number(),
  total_profit: z.number(),
  is_lead: z.boolean(),
  /**
   * The lead's whitelist entries (spec: item shape not shown), each with when it becomes usable, so the
   * withdraw dialog can show entries still in their cool-down as pending; empty for everyone else.
   */
  white_list: z.array(whitelistEntrySchema),
  /**
   * USDT on its way out (verified withdrawals not yet confirmed or returned), as a decimal string; already
   * taken from the balance, so the card says where it went. Optional until every server sends it.
   */
  withdrawing: z.string().optional(),
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
