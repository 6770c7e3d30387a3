import { z } from 'zod';
import { pageQueryFields } from '../paging.ts';
import { USER_ROLES } from '../roles.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_MESSAGES, ADMIN_OTP_ACTIONS } from './messages.ts';

/**
 * The operator console's API (issue 27), under api/v1/admin/…, session-authenticated, admins only (403 for
 * every other role). Amounts: USDT as '12.345678', RUB as '92.50', percents as '2.5' (up to two decimals).
 * Times ISO 8601. Sensitive actions carry `otp`, a code mailed by POST api/v1/admin/otp/ for that action.
 */

/** The roles the console may create (traders sign up themselves). */
export const ADMIN_CREATABLE_ROLES = ['merchant', 'support', 'admin'] as const;

const otpField = z
  .string({ error: ADMIN_MESSAGES.otpRequired })
  .trim()
  .regex(/^\d{6}$/, ADMIN_MESSAGES.otpRequired);
const reasonField = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.reasonRequired)
  .max(500);
/** A percent with up to two decimals, 0…100; a decimal comma is accepted. */
export const adminPercentField = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.,]\d{1,2})?$/, 'Введите процент от 0 до 100, не больше двух знаков после запятой')
  .refine(
    (text) => Number(text.replace(',', '.')) <= 100,
    'Введите процент от 0 до 100, не больше двух знаков после запятой',
  );

/** POST api/v1/admin/otp/ → {detail}; mails a code (purpose `admin`) bound to the action. */
export const adminOtpBody = z.object({ action: z.enum(ADMIN_OTP_ACTIONS) });
export type AdminOtpBody = z.infer<typeof adminOtpBody>;

/** POST api/v1/admin/users/ → adminUserDetail (201). The user gets a mail with a link to set a password. */
export const adminCreateUserBody = z.object({
  email: z.string().trim().min(1).max(254),
  role: z.enum(ADMIN_CREATABLE_ROLES),
  otp: otpField,
});
export type AdminCreateUserBody = z.infer<typeof adminCreateUserBody>;

/** GET api/v1/admin/users/?search=&role=&page=&page_size= (search: email, username or id). */
export const adminUsersQuery = z.object({
  search: z.string().trim().max(254).optional(),
  role: z.enum(USER_ROLES).optional(),
  ...pageQueryFields({ defaultSize: 20 }),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserListItem = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  role: z.enum(USER_ROLES),
  is_lead: z.boolean(),
  blocked: z.boolean(),
  rating: z.string(),
  available: z.string(),
  created_at: z.string(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItem>;
export const adminUsersPage = z.object({ count: z.number().int(), results: z.array(adminUserListItem) });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** GET api/v1/admin/users/{id}/: the account, its terms, balances and what it owns, newest first, a few of each. */
export const adminUserDetail = adminUserListItem.extend({
  blocked_at: z.string().nullable(),
  /** Merchants: the fee; traders: the reward; leads: their share. Effective value (the default when unset). */
  fee_pct: z.string().nullable(),
  reward_pct: z.string().nullable(),
  lead_share_pct: z.string().nullable(),
  referred_by: z.string().nullable(),
  balances: z.object({
    available: z.string(),
    frozen: z.string(),
    reserved: z.string(),
    debt: z.string(),
    total_profit: z.string(),
  }),
  methods: z.array(
    z.object({
      id: z.string(),
      bank: z.string(),
      method: z.string(),
      requisites: z.string(),
      active: z.boolean(),
    }),
  ),
  terminals: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      online: z.boolean(),
      last_seen_at: z.string().nullable(),
    }),
  ),
  deals: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount_rub: z.string(),
      amount_usdt: z.string(),
      created_at: z.string(),
    }),
  ),
  disputes: z.array(
    z.object({ id: z.string(), status: z.string(), deal_id: z.string(), created_at: z.string() }),
  ),
  referrals: z.array(z.object({ id: z.string(), email: z.string(), created_at: z.string() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      last_seen_at: z.string().nullable(),
      expires_at: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/**
 * PATCH api/v1/admin/users/{id}/ → adminUserDetail. `otp` (action change_terms, or block_user for `blocked`) is
 * required for everything but `is_lead`; `reason` is required for `blocked` and kept in the audit log.
 */
export const adminUserPatchBody = z
  .object({
    is_lead: z.boolean().optional(),
    fee_pct: adminPercentField.optional(),
    reward_pct: adminPercentField.optional(),
    lead_share_pct: adminPercentField.optional(),
    blocked: z.boolean().optional(),
    otp: otpField.optional(),
    reason: reasonField.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'otp' && key !== 'reason'), {
    message: ADMIN_MESSAGES.nothingToChange,
  });
export type AdminUserPatchBody = z.infer<typeof adminUserPatchBody>;

/** POST api/v1/admin/users/{id}/rating/ {points, reason}: penalty points, one decimal (+6 lowers by 60 %). */
export const adminRatingBody = z.object({
  points: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,3}([.,]\d)?$/, 'Введите баллы с одним знаком после запятой, например +6 или -0,5'),
  reason: reasonField,
});
export type AdminRatingBody = z.infer<typeof adminRatingBody>;

/** POST api/v1/admin/users/{id}/balance/ {amount, reason, otp}: signed USDT ('+12.5', '-3'), to available. */
export const adminBalanceBody = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,12}([.,]\d{1,6})?$/, 'Введите сумму в USDT, например 100 или -2,5'),
  reason: reasonField,
  otp: otpField,
});
export type AdminBalanceBody = z.infer<typeof adminBalanceBody>;

/** GET api/v1/admin/users/{id}/api-keys/ → {results: [...]}; POST …/api-keys/{key_id}/revoke/ → the key. */
export const adminApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AdminApiKey = z.infer<typeof adminApiKey>;

/** GET api/v1/admin/withdrawals/?status=&page= (status: one of WITHDRAWAL_STATUSES or `open`, the default). */
export const adminWithdrawalsQuery = z.object({
  status: z.string().trim().max(20).optional(),
  ...pageQueryFields({ defaultSize: 20 }),
});
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuery>;

export const adminWithdrawal = z.object({
  id: z.string(),
  status: z.string(),
  user_id: z.string(),
  email: z.string(),
  amount: z.string(),
  fee: z.string(),
  to_address: z.string(),
  /** When the address entered the user's whitelist; null when whitelisting was off or it is not listed. */
  whitelisted_at: z.string().nullable(),
  txid: z.string().nullable(),
  last_error: z.string().nullable(),
  marked_sent_by: z.string().nullable(),
  created_at: z.string(),
  recent_deposits: z.array(z.object({ amount: z.string(), txid: z.string(), at: z.string() })),
  recent_disputes: z.array(z.object({ id: z.string(), status: z.string(), created_at: z.string() })),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalsPage = z.object({ count: z.number().int(), results: z.array(adminWithdrawal) });

export const adminApproveBody = z.object({ otp: otpField });
export const adminRejectBody = z.object({ reason: reasonField });
export const adminMarkSentBody = z.object({
  txid: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'Введите txid: 64 шестнадцатеричных символа'),
  otp: otpField,
});

/** GET|POST api/v1/admin/banks/; PATCH api/v1/admin/banks/{id}/ (rename, popular flag, colour). */
export const adminBank = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  popular: z.boolean(),
  /** '#RRGGBB' or null (the shared colour table's choice). */
  color: z.string().nullable(),
  methods: z.number().int(),
});
export type AdminBank = z.infer<typeof adminBank>;
const colorField = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Цвет в формате #RRGGBB')
  .nullable();
export const adminBankCreateBody = z.object({
  name: z.string().trim().min(1).max(100),
  full_name: z.string().trim().min(1).max(200).optional(),
  popular: z.boolean().optional(),
  color: colorField.optional(),
});
export type AdminBankCreateBody = z.infer<typeof adminBankCreateBody>;
export const adminBankPatchBody = adminBankCreateBody.partial();
export type AdminBankPatchBody = z.infer<typeof adminBankPatchBody>;

/**
 * GET api/v1/admin/rate/ → current, source, age and history; PUT {rub_per_usdt, otp} sets a manual rate (`otp`: a
 * code mailed for the action set_rate, decision 0018).
 */
export const adminRateBody = z.object({
  rub_per_usdt: z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'Введите курс в рублях, например 92,50'),
  otp: otpField,
});
export type AdminRateBody = z.infer<typeof adminRateBody>;
const rateEntry = z.object({
  rub_per_usdt: z.string(),
  source: z.string(),
  set_by: z.string().nullable(),
  at: z.string(),
});
export const adminRate = z.object({
  current: rateEntry.nullable(),
  /** Seconds since the current rate was last confirmed; routing stops when it is older than the limit. */
  age_s: z.number().nullable(),
  max_age_s: z.number(),
  configured_source: z.string(),
  history: z.array(rateEntry),
});
export type AdminRate = z.infer<typeof adminRate>;

/** GET api/v1/admin/webhooks/?state=&page=; POST api/v1/admin/webhooks/{id}/retry/. */
export const adminWebhooksQuery = z.object({
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
  ...pageQueryFields({ defaultSize: 20 }),
});
export const adminWebhookEvent = z.object({
  id: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  type: z.string(),
  order_id: z.string(),
  merchant_email: z.string(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_outcome: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminWebhookEvent = z.infer<typeof adminWebhookEvent>;
export const adminWebhooksPage = z.object({ count: z.number().int(), results: z.array(adminWebhookEvent) });

/** GET api/v1/admin/notifications/unparsed/?page= (newest first). */
export const adminUnparsedNotification = z.object({
  id: z.string(),
  created_at: z.string(),
  terminal_id: z.string(),
  terminal_name: z.string(),
  trader_email: z.string(),
  source: z.string(),
  sender: z.string(),
  title: z.string().nullable(),
  body: z.string(),
});
export type AdminUnparsedNotification = z.infer<typeof adminUnparsedNotification>;
export const adminUnparsedPage = z.object({
  count: z.number().int(),
  results: z.array(adminUnparsedNotification),
});
/** GET api/v1/admin/notifications/stats/?days=14 → counts per day, bank and outcome. */
export const adminNotificationStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(14),
});
export const adminNotificationStats = z.object({
  rows: z.array(
    z.object({
      day: z.string(),
      bank: z.string(),
      matched: z.number().int(),
      unmatched: z.number().int(),
      ignored: z.number().int(),
      unparsed: z.number().int(),
    }),
  ),
});
export type AdminNotificationStats = z.infer<typeof adminNotificationStats>;

/** GET api/v1/admin/audit/?page=&actor=&action=&target= → newest first. */
export const adminAuditQuery = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
  target: z.string().trim().max(254).optional(),
  ...pageQueryFields({ defaultSize: 50 }),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;
export const adminAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The admin's email, or `admin-cli` for the command line. */
  actor: z.string(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  target: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;
export const adminAuditPage = z.object({ count: z.number().int(), results: z.array(adminAuditEntry) });

/** The last ledger verification (GET api/v1/admin/ledger-verify/; POST runs one now and answers the same). */
export const adminLedgerVerification = z.object({
  at: z.string(),
  actor: z.string(),
  ok: z.boolean(),
  differences: z.array(
    z.object({
      account: z.string(),
      expected: z.string(),
      actual: z.string(),
      problem: z.string().nullable(),
    }),
  ),
});
export type AdminLedgerVerification = z.infer<typeof adminLedgerVerification>;

/** GET api/v1/admin/overview/: the platform at a glance. */
export const adminOverview = z.object({
  users: z.object({
    trader: z.number().int(),
    merchant: z.number().int(),
    support: z.number().int(),
    admin: z.number().int(),
    leads: z.number().int(),
    blocked: z.number().int(),
  }),
  usdt: z.object({
    available: z.string(),
    frozen: z.string(),
    reserved: z.string(),
    debt: z.string(),
    in_flight: z.string(),
  }),
  platform_fee: z.object({ today: z.string(), total: z.string() }),
  open_disputes: z.number().int(),
  held_withdrawals: z.number().int(),
  failed_webhooks: z.number().int(),
  /** Unparsed bank notifications in the last 24 hours. */
  unparsed_notifications: z.number().int(),
  components: z.array(
    z.object({
      name: z.string(),
      ok: z.boolean(),
      degraded: z.boolean(),
      detail: z.string().nullable(),
      /** Seconds since the component last reported; null when it keeps no time. */
      age_s: z.number().nullable(),
    }),
  ),
  ledger_verify: adminLedgerVerification.nullable(),
});
export type AdminOverview = z.infer<typeof adminOverview>;

/** POST api/v1/admin/rating-recompute/: every rating rebuilt from its events; what differed was set right. */
export const adminRatingRecompute = z.object({
  corrected: z.number().int(),
  differences: z.array(
    z.object({
      subject: z.enum(['trader', 'method']),
      id: z.string(),
      email: z.string(),
      /** Penalty points as the events say and as they were stored, one decimal. */
      expected_points: z.string(),
      stored_points: z.string(),
    }),
  ),
});
export type AdminRatingRecompute = z.infer<typeof adminRatingRecompute>;
