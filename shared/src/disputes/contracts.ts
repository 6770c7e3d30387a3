import { z } from 'zod';
import '../zod-messages.ts';
import { orderTypeSchema } from '../deals/contracts.ts';
import { pageQueryFields } from '../paging.ts';
import { DISPUTE_FILE_SIDES, DISPUTE_RESOLUTIONS, DISPUTE_ROLES, DISPUTE_STATUSES } from './messages.ts';

export const disputeStatusSchema = z.enum(DISPUTE_STATUSES);

/** Statuses a verdict may still be given in. */
export const OPEN_DISPUTE_STATUSES = ['waiting', 'consideration', 'deepconsideration'] as const;
/** GET api/v1/disputes/user-role/ */
export const disputeUserRoleResponse = z.object({
  role: z.enum(DISPUTE_ROLES),
  /**
   * Our addition: whether the spec §6 Telegram-link rule applies on this server. False when no bot is
   * configured (TELEGRAM_BOT_TOKEN unset): nobody could link an account, so /dispute is open without one and
   * dispute notices go by mail.
   */
  telegram_required: z.boolean(),
});
export type DisputeUserRoleResponse = z.infer<typeof disputeUserRoleResponse>;

/** POST api/v1/disputes/{id}/resolve/ */
export const disputeResolveBody = z.object({
  resolution: z.enum(DISPUTE_RESOLUTIONS),
  comment: z.string().trim().max(2000).default(''),
});
export type DisputeResolveBody = z.infer<typeof disputeResolveBody>;

/** POST support/dispute/block/ and unblock/ */
export const disputeBlockBody = z.object({ dispute_id: z.uuid() });
export type DisputeBlockBody = z.infer<typeof disputeBlockBody>;

/** The merchant API's opening body (JSON; the multipart form carries the same `reason`). */
export const merchantDisputeBody = z.object({ reason: z.string().trim().min(1).max(2000) });
export type MerchantDisputeBody = z.infer<typeof merchantDisputeBody>;

/** The merchant API's answer to opening a dispute (201). */
export const merchantDisputeSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  status: disputeStatusSchema,
  reason: z.string(),
  evidence_deadline: z.string(),
  created_at: z.string(),
});
export type MerchantDispute = z.infer<typeof merchantDisputeSchema>;

/** POST api/v1/disputes/create-by-support/ fields (multipart or JSON); the comment (`note`) is optional (spec §5). */
export const supportDisputeBody = z.object({
  transaction_id: z.uuid(),
  note: z.string().trim().max(2000).default(''),
});
export type SupportDisputeBody = z.infer<typeof supportDisputeBody>;

export const DISPUTE_SORTS = ['id', 'created_at', 'amount', 'status'] as const;
/** GET api/v1/disputes/?page&page_size&sort&order&status (status a comma list). */
export const disputeListQuery = z.object({
  ...pageQueryFields({ defaultSize: 10 }),
  sort: z.enum(DISPUTE_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : []))
    .pipe(z.array(disputeStatusSchema)),
  /**
   * Our addition: the page's search by id or requisites — part of the dispute's or the deal's id, the card or
   * phone number (digits), the owner's name or the bank.
   */
  search: z.string().trim().max(100).optional(),
});
export type DisputeListQuery = z.infer<typeof disputeListQuery>;

/** One dispute of the list: exactly spec §3 Dispute; amount and profit are USDT numbers as in transactions. */
export const disputeSchema = z.object({
  id: z.string(),
  status: disputeStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** Support's comment. */
  comments: z.string().nullable(),
  /**
   * Our addition: why the dispute exists — the merchant's statement when it opened the dispute through the
   * merchant API, support's note when support created it.
   */
  reason: z.string(),
  /** Our addition: who opened it, so the reason is read as the merchant's or support's words. */
  opened_by: z.enum(['merchant', 'support']),
  files_from_trader: z.array(z.string()),
  files_from_merchant: z.array(z.string()),
  transaction: z.object({
    amount: z.number(),
    /** Our addition: the deal's amount in rubles, a decimal string ("1500.00"), as the payer paid it. */
    amount_rub: z.string(),
    profit: z.number(),
    order_type: orderTypeSchema,
    payment_details: z.object({
      phone_number: z.string().nullable(),
      card: z.string().nullable(),
      bank: z.object({ name: z.string() }),
      currency: z.object({ symbol: z.string() }),
    }),
  }),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListResponse = z.object({
  count: z.number().int(),
  total_items: z.number().int(),
  results: z.array(disputeSchema),
  /** Ids of listed disputes support may act on (not blocked by another support user); [] for others. */
  support_data: z.array(z.string()),
});
export type DisputeListResponse = z.infer<typeof disputeListResponse>;

export const disputeFileSchema = z.object({
  id: z.string(),
  side: z.enum(DISPUTE_FILE_SIDES),
  name: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
});
export type DisputeFile = z.infer<typeof disputeFileSchema>;

export const disputeHistoryItemSchema = z.object({
  at: z.string(),
  actor_role: z.enum(['merchant', 'trader', 'support', 'timer']),
  /** Who exactly acted (username, else email): shown to support only, for the audit; absent for the timer. */
  actor: z.string().optional(),
  action: z.enum(['opened', 'status', 'file_added', 'file_deleted', 'comment']),
  status: disputeStatusSchema.optional(),
  /**
   * On the deadline job's moves only: what made it move the dispute — the trader's evidence deadline passed
   * ('deadline'), or both sides had given their evidence before it ('evidence').
   */
  cause: z.enum(['deadline', 'evidence']).optional(),
  file: z
    .object({
      id: z.string(),
      name: z.string(),
      side: z.enum(DISPUTE_FILE_SIDES),
      sha256: z.string(),
      size: z.number().int(),
    })
    .optional(),
});
export type DisputeHistoryItem = z.infer<typeof disputeHistoryItemSchema>;

/** GET api/v1/disputes/{id}/ (our addition): the list item plus history, files, deal id and deadline. */
export const disputeDetailResponse = disputeSchema.extend({
  deal_id: z.string(),
  evidence_deadline: z.string(),
  history: z.array(disputeHistoryItemSchema),
  files: z.array(disputeFileSchema),
});
export type DisputeDetailResponse = z.infer<typeof disputeDetailResponse>;

/** POST api/v1/disputes/{id}/resolve/ answer. */
export const disputeResolveResponse = z.object({ detail: z.string(), status: disputeStatusSchema });
export type DisputeResolveResponse = z.infer<typeof disputeResolveResponse>;

/** Block, unblock and other confirmations. */
export const disputeDetailMessage = z.object({ detail: z.string() });

/** POST api/v1/disputes/{id}/files/ answer. */
export const disputeFilesResponse = z.object({ detail: z.string(), urls: z.array(z.string()) });
export type DisputeFilesResponse = z.infer<typeof disputeFilesResponse>;
