import { z } from 'zod';
import { dealStatusSchema } from '../deals/contracts.ts';
import { disputeStatusSchema } from '../disputes/contracts.ts';

/**
 * Each role's home (issue 25): the merchant's and support's first screens. Traders keep the spec's
 * dashboard (API.dashboard); these are our additions under api/v1, session-authenticated, one role each.
 */

/** The merchant home's query: the IANA zone whose calendar day is "today" (default UTC), as the chart's. */
export const merchantHomeQuery = z.object({ tz: z.string().max(64).optional() });
export type MerchantHomeQuery = z.infer<typeof merchantHomeQuery>;

/** Orders created in a period and how many of those completed (conversion = completed ÷ created). */
const conversionSchema = z.object({
  created: z.number().int(),
  completed: z.number().int(),
});

/** A webhook event whose delivery failed (the outcome class of its last attempt, never the socket detail). */
export const merchantHomeWebhookFailure = z.object({
  id: z.string(),
  order_id: z.string(),
  type: z.string(),
  state: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  outcome: z.string().nullable(),
  status_code: z.number().int().nullable(),
  created_at: z.string(),
});
export type MerchantHomeWebhookFailure = z.infer<typeof merchantHomeWebhookFailure>;

/** One of the merchant's newest orders. Amounts: RUB as '1234.50', USDT as '12.345678'. */
export const merchantHomeOrder = z.object({
  id: z.string(),
  external_id: z.string(),
  status: dealStatusSchema,
  amount_rub: z.string(),
  amount_usdt: z.string(),
  created_at: z.string(),
});
export type MerchantHomeOrder = z.infer<typeof merchantHomeOrder>;

/**
 * GET api/v1/merchant/home/. Money that reached the merchant is the net credit after the merchant fee
 * (what the ledger credited); open orders are their own line and never part of the balance or volume.
 */
export const merchantHomeResponse = z.object({
  /** The zone "today" was counted in and the day's start in it (ISO 8601 with offset). */
  time_zone: z.string(),
  day_start: z.string(),
  /** Orders completed today: count, gross RUB and USDT, and the net USDT credited after the fee. */
  today: z.object({
    completed: z.number().int(),
    volume_rub: z.string(),
    volume_usdt: z.string(),
    credited_usdt: z.string(),
  }),
  /** Orders created today and in the last 7 days (today and the 6 days before), and how many completed. */
  conversion: z.object({ today: conversionSchema, week: conversionSchema }),
  /** Mean seconds from creation to completion of the orders completed in the last 7 days; null without any. */
  avg_confirmation_seconds: z.number().int().nullable(),
  /** The merchant's ledger balance in USDT: net credits after fee, minus what was paid out. */
  balance: z.object({ available_usdt: z.string() }),
  /** Orders not settled yet (pending, verification, dispute): not earned, not in the balance. */
  open_orders: z.object({ count: z.number().int(), amount_rub: z.string(), amount_usdt: z.string() }),
  webhooks: z.object({
    /** Events still to be delivered (new or retrying). */
    pending: z.number().int(),
    /** Undelivered events with a failed attempt in the last 24 hours. */
    failed_24h: z.number().int(),
    /** The newest undelivered events that failed at least once, newest first. */
    last_failures: z.array(merchantHomeWebhookFailure),
  }),
  last_orders: z.array(merchantHomeOrder),
});
export type MerchantHomeResponse = z.infer<typeof merchantHomeResponse>;

/** One open dispute of support's queue. */
export const supportQueueItem = z.object({
  id: z.string(),
  status: disputeStatusSchema,
  created_at: z.string(),
  /**
   * When this stage's time runs out: the trader's evidence deadline while waiting, else 18 hours after the
   * opening (the spec §9 fast-finish mark).
   */
  deadline: z.string(),
  amount_rub: z.string(),
  amount_usdt: z.string(),
  /** The support user holding the dispute's lock (a live block), or null. */
  blocked_by: z.object({ id: z.string(), name: z.string(), is_me: z.boolean() }).nullable(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItem>;

/** GET api/v1/support/disputes/queue/: every open dispute, oldest first, with the counts per status. */
export const supportQueueResponse = z.object({
  server_time: z.string(),
  counts: z.object({
    waiting: z.number().int(),
    consideration: z.number().int(),
    deepconsideration: z.number().int(),
    blocked: z.number().int(),
  }),
  results: z.array(supportQueueItem),
  /** More open disputes than the queue lists (its first SUPPORT_QUEUE_LIMIT). */
  truncated: z.boolean(),
});
export type SupportQueueResponse = z.infer<typeof supportQueueResponse>;

/** How many open disputes support's home lists at most (oldest first). */
export const SUPPORT_QUEUE_LIMIT = 100;
