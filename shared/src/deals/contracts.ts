import { z } from 'zod';
import '../zod-messages.ts';
import { pageQueryFields } from '../paging.ts';
import { DEAL_ACTORS, DEAL_STATUSES } from './lifecycle.ts';
import { DEAL_MESSAGES } from './messages.ts';

/**
 * The web app's deal calls (spec §7 Transactions) and the public payer page's calls (our addition,
 * `c2c/…`). One deal id everywhere: a UUID that is also the merchant's order id and the /c2c/<id> id.
 * In these answers `amount` and `profit` are USDT as JSON numbers (shown as dollars, 2 decimals); rubles live
 * in payment_details.
 */

export const dealStatusSchema = z.enum(DEAL_STATUSES);
/** How the payer pays: SBP (by phone number) or card to card. */
export const ORDER_PAYMENT_MODES = ['sbp', 'c2c'] as const;
export type OrderPaymentMode = (typeof ORDER_PAYMENT_MODES)[number];
export const orderTypeSchema = z.enum(ORDER_PAYMENT_MODES);

/** Requisites the deal was routed to, and the ruble side of it (spec §3 Transaction payment_details). */
export const dealPaymentDetailsSchema = z.object({
  bank: z.object({ id: z.number().int(), name: z.string() }),
  card: z.string().nullable(),
  phone_number: z.string().nullable(),
  owner_name: z.string(),
  /** Rubles as a decimal string with 2 places. */
  amount: z.string(),
  currency: z.object({ code: z.literal('RUB'), symbol: z.literal('₽') }),
});
export type DealPaymentDetails = z.infer<typeof dealPaymentDetailsSchema>;

/** One item of GET api/v1/transactions/: exactly spec §3 Transaction. */
export const transactionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: dealStatusSchema,
  /** USDT. */
  amount: z.number(),
  /** Always 'USDT' (the unit of amount and profit). */
  currency: z.string(),
  /** USDT: the trader's reward (expected until complete); for a merchant, what it is credited. */
  profit: z.number(),
  order_type: orderTypeSchema,
  description: z.string(),
  payment_details: dealPaymentDetailsSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_SORTS = ['created_at', 'amount', 'profit'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const DEALS_PAGE_SIZE = 20;

const isoDate = z.iso.date();

/** GET api/v1/transactions/ query: page, page_size, status (comma list), sort, order, start_date, end_date. */
export const transactionsQuery = z
  .object({
    ...pageQueryFields({ defaultSize: DEALS_PAGE_SIZE }),
    status: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(dealStatusSchema)),
    sort: z.enum(TRANSACTION_SORTS).default('created_at'),
    order: z.enum(SORT_ORDERS).default('desc'),
    /** Inclusive calendar days (YYYY-MM-DD), in Moscow time. */
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: DEAL_MESSAGES.invalidDateRange,
    path: ['start_date'],
  });
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const transactionsResponse = z.object({
  count: z.number().int(),
  total_items: z.number().int(),
  results: z.array(transactionSchema),
});
export type TransactionsResponse = z.infer<typeof transactionsResponse>;

/** POST user/verficate-transaction/ (spec §7, path spelt as the spec writes it). */
export const verifyTransactionBody = z.object({ transaction_id: z.uuid() });
export type VerifyTransactionBody = z.infer<typeof verifyTransactionBody>;
export const verifyTransactionResponse = z.object({ id: z.string(), status: dealStatusSchema });

/** One status change of a deal (the detail modal's timeline). */
export const dealEventSchema = z.object({
  from: dealStatusSchema.nullable(),
  to: dealStatusSchema,
  by: z.enum(DEAL_ACTORS).nullable(),
  at: z.string(),
});

/** GET api/v1/transactions/{id}/ (our addition): the detail modal. */
export const transactionDetailSchema = transactionSchema.extend({
  amount_usdt: z.string(),
  /** RUB per USDT the deal was created with, decimal string. */
  rate: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  timeline: z.array(dealEventSchema),
  /** The bank notification that completed (or flagged) the deal. */
  notification: z
    .object({
      id: z.string(),
      received_at: z.string(),
      sender: z.string(),
      text: z.string(),
      amount: z.string().nullable(),
    })
    .nullable(),
  /** The payer's receipt, if uploaded. */
  receipt: z
    .object({ url: z.string(), sha256: z.string(), content_type: z.string(), uploaded_at: z.string() })
    .nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/** GET c2c/{id}/ (public payer page): only what the payer needs, nothing about the trader or merchant. */
export const payerOrderSchema = z.object({
  id: z.string(),
  status: dealStatusSchema,
  /** Rubles, decimal string with 2 places. */
  amount: z.string(),
  currency: z.literal('RUB'),
  payment_mode: orderTypeSchema,
  bank: z.object({ name: z.string() }),
  card: z.string().nullable(),
  phone_number: z.string().nullable(),
  owner_name: z.string(),
  expires_at: z.string(),
  /** The server's clock, so the countdown does not trust the phone's. */
  server_time: z.string(),
  paid_at: z.string().nullable(),
  receipt_uploaded: z.boolean(),
  /** The merchant's return address, only once the order is complete. */
  return_url: z.string().nullable(),
  /** The shop the payer pays: the merchant's display name from Settings, or null (then no name is shown). */
  shop_name: z.string().nullable(),
});
export type PayerOrder = z.infer<typeof payerOrderSchema>;

export { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from './receipt.ts';
