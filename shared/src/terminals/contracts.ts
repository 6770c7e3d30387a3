import { z } from 'zod';
import '../zod-messages.ts';
import { otpError } from '../auth/rules.ts';
import { filterSearch } from '../input-filters.ts';
import { pageQueryFields } from '../paging.ts';
import { CONNECT_PAYMENTS_MAX, TERMINAL_NAME_MAX, TERMINAL_STATUSES } from './constants.ts';
import { FORWARDER_APPS, TERMINAL_APPS } from './forwarder-apps.ts';
import { TERMINAL_MESSAGES } from './messages.ts';

const QUERY_MESSAGE = 'Неверный параметр фильтра';
const id = z.uuid({ error: 'Неверный идентификатор' });
/** The terminal lists' page query: 10 per page, one text for any wrong value. */
const pageFields = pageQueryFields({ defaultSize: 10, message: QUERY_MESSAGE });

/** A terminal in GET /user/terminals/ (spec §3 Terminal (list), plus `online`). */
export const terminalListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Battery percent from the last heartbeat; null until the phone reports one (the card shows 12 %). */
  phone_charge: z.number().int().min(0).max(100).nullable(),
  /** 'Enabled' or 'Disabled'. */
  terminal_status_display: z.string(),
  /** ISO time of the last heartbeat; null before the first. */
  last_ping: z.string().nullable(),
  /** The last heartbeat is younger than TERMINAL_OFFLINE_AFTER_S. */
  online: z.boolean(),
  /** What the phone said it is when it activated (shown by Details). */
  device: z.object({
    model: z.string().nullable(),
    os: z.string().nullable(),
    app_version: z.string().nullable(),
  }),
  /** How many payment methods are linked to it. */
  payments_count: z.number().int(),
  /** Issue 24: our QR-paired app ('terminal-manager') or the forwarder app posting to its URL. */
  app: z.enum(TERMINAL_APPS),
  /** Whether the phone said it is charging in its last heartbeat; null when it never said. */
  charging: z.boolean().nullable(),
  /** Null while the terminal waits for its phone. */
  activated_at: z.string().nullable(),
  /**
   * Our addition (issue 25): set while the terminal waits for its phone, the time its pairing QR code stops
   * working; after it the terminal leaves the list. Null for an activated terminal.
   */
  pending_until: z.string().nullable(),
  created_at: z.string(),
});
export type TerminalListItem = z.infer<typeof terminalListItemSchema>;

/** GET /user/terminals/ — paged like every list (spec §3 Paged responses), newest first. */
export const terminalListResponse = z.object({
  count: z.number().int(),
  results: z.array(terminalListItemSchema),
});
export type TerminalListResponse = z.infer<typeof terminalListResponse>;

export const TERMINAL_STATUS_FILTERS = ['all', ...TERMINAL_STATUSES] as const;

/** Query of GET /user/terminals/: search by name or ID, status filter, 10 per page. */
export const terminalListQuery = z.object({
  search: z
    .string({ error: QUERY_MESSAGE })
    .max(100, QUERY_MESSAGE)
    .optional()
    .transform((value) => filterSearch(value ?? '').trim()),
  status: z.enum(TERMINAL_STATUS_FILTERS, { error: QUERY_MESSAGE }).default('all'),
  ...pageFields,
});
export type TerminalListQuery = z.output<typeof terminalListQuery>;

/** POST /user/terminal/connect-request/ (empty body). */
export const connectRequestResponse = z.object({ terminal_id: z.string() });
export type ConnectRequestResponse = z.infer<typeof connectRequestResponse>;

/**
 * POST /user/terminal/verify-request/ {terminal_id, otp, app?}: `otp` is our documented addition (issue 9);
 * `app` (issue 24) names a forwarder app, whose setup data (forwarderSetupResponse) comes back instead of
 * the QR's.
 */
export const verifyRequestBody = z.object({
  terminal_id: id,
  app: z.enum(FORWARDER_APPS, { error: 'Неизвестное приложение' }).optional(),
  otp: z.string().superRefine((value, ctx) => {
    const error = otpError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
});
export type VerifyRequestBody = z.infer<typeof verifyRequestBody>;

/** The pairing data, encoded as JSON into the QR code (spec §3 Terminal verify response). */
export const verifyRequestResponse = z.object({
  terminal_id: z.string(),
  /** PUBLIC_URL + API_PREFIX: the device calls `${server_url}/device/v1/…`. */
  server_url: z.string(),
  /** Single-use pairing secret, stored hashed, valid until expires_at. */
  auth_key: z.string(),
  expires_at: z.string(),
});
export type VerifyRequestResponse = z.infer<typeof verifyRequestResponse>;

/** The terminal name (spec §5: must not be empty). */
export const terminalName = z
  .string({ error: TERMINAL_MESSAGES.nameEmpty })
  .transform((value) => value.trim())
  .pipe(z.string().min(1, TERMINAL_MESSAGES.nameEmpty).max(TERMINAL_NAME_MAX, TERMINAL_MESSAGES.nameTooLong));

/** PATCH /terminals/{id}/update-name/ {name} → {id, name}. */
export const updateNameBody = z.object({ name: terminalName });
export const updateNameResponse = z.object({ id: z.string(), name: z.string() });

/** PATCH /api/v1/terminals/{id}/status/ {enabled} (beyond the spec) → the terminal. */
export const terminalStatusBody = z.object({ enabled: z.boolean() });

/** A payment method in a terminal's list or the unassigned list (spec §3 Payment (terminal/unassigned lists)). */
export const terminalPaymentSchema = z.object({
  id: z.string(),
  bank: z.object({ name: z.string() }),
  /** Masked like /payments: first 4 and last 4 with stars. */
  card: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** Masked like card. */
  nomer_scheta: z.string().nullable(),
  is_active: z.boolean(),
  is_SBP: z.boolean(),
  is_c2c: z.boolean(),
  rating: z.number(),
});
export type TerminalPayment = z.infer<typeof terminalPaymentSchema>;

export const terminalPaymentsResponse = z.object({
  count: z.number().int(),
  results: z.array(terminalPaymentSchema),
});
export type TerminalPaymentsResponse = z.infer<typeof terminalPaymentsResponse>;

/** ?page&page_size of GET /api/v1/terminals/{id}/payments/ and GET /api/v1/payments/unassigned/ (10 per page). */
export const terminalPaymentsQuery = z.object(pageFields);

/** PATCH /api/terminals/{id}/connect-payments/ {payment_ids[]} */
export const connectPaymentsBody = z.object({
  payment_ids: z
    .array(id, { error: TERMINAL_MESSAGES.selectAtLeastOne })
    .min(1, TERMINAL_MESSAGES.selectAtLeastOne)
    .max(CONNECT_PAYMENTS_MAX, TERMINAL_MESSAGES.tooManyPayments),
});
export type ConnectPaymentsBody = z.infer<typeof connectPaymentsBody>;

/** POST /api/payments/{id}/unbind/: the body carries the payment id (spec §7), which must equal the path's. */
export const unbindBody = z.object({ payment_id: id });
export type UnbindBody = z.infer<typeof unbindBody>;
