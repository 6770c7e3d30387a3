import { z } from 'zod';
import '../zod-messages.ts';
import { filterSearch } from '../input-filters.ts';
import { pageQueryFields } from '../paging.ts';
import { parseDepositLimits } from './limits.ts';
import { PAYMENT_MESSAGES, PAYMENT_TEXT } from './messages.ts';
import {
  accountError,
  cardError,
  normalizeAccount,
  normalizeCard,
  normalizePaymentDetails,
  normalizePhone,
  PAYMENT_MODES,
  type PaymentDetails,
  paymentDetailsErrors,
  paymentNameError,
  phoneError,
} from './rules.ts';

/** Bank of spec §3. */
export const bankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  is_popular: z.boolean(),
  /** Our addition: the operator's colour for the bank ('#RRGGBB', issue 27); null keeps the colour by name. */
  color: z.string().nullable().optional(),
});
export type Bank = z.infer<typeof bankSchema>;

/** GET /api/v1/payments/banks/ */
export const banksResponse = z.object({ results: z.array(bankSchema) });
export type BanksResponse = z.infer<typeof banksResponse>;

/** Payment method of spec §3 (Payments page), plus its deposit limits in rubles (null: no limit). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  bank: bankSchema,
  card: z.string().nullable(),
  phone_number: z.string().nullable(),
  nomer_scheta: z.string().nullable(),
  is_SBP: z.boolean(),
  is_c2c: z.boolean(),
  is_active: z.boolean(),
  is_connect: z.boolean(),
  /** True once the method has been switched on: filled requisites are frozen, missing ones may be added. */
  requisites_locked: z.boolean(),
  rating: z.number(),
  min_amount_for_deposit: z.number().nullable(),
  max_amount_for_deposit: z.number().nullable(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/v1/payments/list/ */
export const paymentListResponse = z.object({
  /** Exact up to a threshold of the owner's methods, then an estimate (the server says which rule). */
  count: z.number().int(),
  results: z.array(paymentMethodSchema),
  /** Opaque; send it as `cursor` with page + 1 to read the next page by keyset. Null on the last page. */
  next_cursor: z.string().nullable().optional(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** What the search box of the Payments page looks in. */
export const PAYMENT_SEARCH_BY = ['all', 'name', 'card', 'phone', 'account'] as const;
export type PaymentSearchBy = (typeof PAYMENT_SEARCH_BY)[number];

const LIST_QUERY_MESSAGE = 'Неверный параметр фильтра';
const flag = z
  .enum(['true', 'false', '1', '0'], { error: LIST_QUERY_MESSAGE })
  .transform((v) => v === 'true' || v === '1');
/** A list parameter sent either comma-separated or repeated. */
const csv = z
  .union([z.string(), z.array(z.string())], { error: LIST_QUERY_MESSAGE })
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean),
  );

/** Query of GET /api/v1/payments/list/: the filters of the Payments page and pagination (20 by default). */
export const paymentListQuery = z.object({
  search: z
    .string({ error: LIST_QUERY_MESSAGE })
    .max(100, LIST_QUERY_MESSAGE)
    .optional()
    .transform((value) => filterSearch(value ?? '').trim()),
  search_by: z.enum(PAYMENT_SEARCH_BY, { error: LIST_QUERY_MESSAGE }).default('all'),
  modes: csv.pipe(z.array(z.enum(PAYMENT_MODES, { error: LIST_QUERY_MESSAGE }))).optional(),
  banks: csv
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, LIST_QUERY_MESSAGE)
            .transform(Number),
        )
        .max(100, LIST_QUERY_MESSAGE),
    )
    .optional(),
  active_only: flag.optional(),
  connected_only: flag.optional(),
  not_connected_only: flag.optional(),
  ...pageQueryFields({ defaultSize: 20, message: LIST_QUERY_MESSAGE }),
  /** The previous page's next_cursor (optional, opaque): the same page, read without OFFSET. */
  cursor: z
    .string({ error: LIST_QUERY_MESSAGE })
    .max(512, LIST_QUERY_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, LIST_QUERY_MESSAGE)
    .optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** The filters as the web page holds them; toPaymentListParams turns them into the query string. */
export interface PaymentListFilters {
  search: string;
  searchBy: PaymentSearchBy;
  modes: string[];
  banks: number[];
  activeOnly: boolean;
  connectedOnly: boolean;
  notConnectedOnly: boolean;
}

export const EMPTY_PAYMENT_FILTERS: PaymentListFilters = {
  search: '',
  searchBy: 'all',
  modes: [],
  banks: [],
  activeOnly: false,
  connectedOnly: false,
  notConnectedOnly: false,
};

/** Query parameters for a page of the list; unset filters are left out. */
export function toPaymentListParams(
  filters: PaymentListFilters,
  page: number,
  pageSize: number,
): Record<string, string | number | undefined> {
  const search = filterSearch(filters.search).trim();
  return {
    search: search || undefined,
    search_by: search && filters.searchBy !== 'all' ? filters.searchBy : undefined,
    modes: filters.modes.length ? filters.modes.join(',') : undefined,
    banks: filters.banks.length ? filters.banks.join(',') : undefined,
    active_only: filters.activeOnly ? 'true' : undefined,
    connected_only: filters.connectedOnly ? 'true' : undefined,
    not_connected_only: filters.notConnectedOnly ? 'true' : undefined,
    page,
    page_size: pageSize,
  };
}

/** True when any filter narrows the list (decides which empty text shows). */
export function hasPaymentFilters(filters: PaymentListFilters): boolean {
  return Boolean(
    filterSearch(filters.search).trim() ||
      filters.modes.length ||
      filters.banks.length ||
      filters.activeOnly ||
      filters.connectedOnly ||
      filters.notConnectedOnly,
  );
}

const text = (message: string) => z.string({ error: message }).max(200, message).nullish();

function addIssues(ctx: z.RefinementCtx, errors: Record<string, string[]>) {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Parses a bank id sent as a number or a digit string; null when it is not one. */
function bankId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) > 0) return Number(value);
  return null;
}

/**
 * The requisites form of the edit modal: all four fields with every spec §5 rule (the same rules as
 * create), normalized for sending (card without spaces, empty phone and account as null).
 */
export const paymentDetailsForm = z
  .object({
    name: text(PAYMENT_MESSAGES.nameRequired),
    card: text(PAYMENT_MESSAGES.cardLength),
    phone_number: text(PAYMENT_MESSAGES.phoneLength),
    nomer_scheta: text(PAYMENT_MESSAGES.accountDigits),
  })
  .superRefine((value, ctx) => addIssues(ctx, paymentDetailsErrors(value)))
  .transform((value) => normalizePaymentDetails(value));

/** POST api/v1/payments/create/ {name, bank, phone_number, card, nomer_scheta} with every spec §5 create rule. */
export const paymentCreateRequest = z
  .object({
    name: text(PAYMENT_MESSAGES.nameRequired),
    bank: z.unknown().optional(),
    card: text(PAYMENT_MESSAGES.cardLength),
    phone_number: text(PAYMENT_MESSAGES.phoneLength),
    nomer_scheta: text(PAYMENT_MESSAGES.accountDigits),
  })
  .superRefine((value, ctx) => {
    if (bankId(value.bank) === null)
      ctx.addIssue({ code: 'custom', path: ['bank'], message: PAYMENT_MESSAGES.bankRequired });
    addIssues(ctx, paymentDetailsErrors(value));
  })
  .transform((value) => ({ ...normalizePaymentDetails(value), bank: bankId(value.bank) ?? 0 }));
export type PaymentCreateInput = z.input<typeof paymentCreateRequest>;
export type PaymentCreate = z.output<typeof paymentCreateRequest>;

/** Answer of a successful create (spec §7: details, payment_id, status, errors). */
export const paymentCreateResponse = z.object({
  details: z.string(),
  payment_id: z.string(),
  status: z.literal('success'),
  errors: z.null(),
});
export type PaymentCreateResponse = z.infer<typeof paymentCreateResponse>;

/**
 * Answer of a failed create (any error status), in the same spec §7 shape: `errors` holds the messages by
 * field (rules, a duplicate card or account, the bank), `detail` a message for the toast alone (rating,
 * session); `request_id` comes with a 500.
 */
export const paymentCreateErrorResponse = z.object({
  details: z.string(),
  payment_id: z.null(),
  status: z.literal('error'),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
  detail: z.string().optional(),
  request_id: z.string().optional(),
});
export type PaymentCreateErrorResponse = z.infer<typeof paymentCreateErrorResponse>;

/** Turns a spec §8 error body (string, {detail}, field arrays) into the failed-create answer. */
export function toPaymentCreateError(body: unknown): PaymentCreateErrorResponse {
  const answer: PaymentCreateErrorResponse = {
    details: PAYMENT_TEXT.createFailed,
    payment_id: null,
    status: 'error',
    errors: null,
  };
  if (typeof body === 'string') return { ...answer, detail: body };
  if (!body || typeof body !== 'object') return answer;
  const errors: Record<string, string[]> = {};
  const popup: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'request_id' && typeof value === 'string') answer.request_id = value;
    else if (Array.isArray(value))
      errors[key] = value.filter((item): item is string => typeof item === 'string');
    else if (typeof value === 'string') popup.push(value);
  }
  if (Object.keys(errors).length) answer.errors = errors;
  if (popup.length) answer.detail = popup.join(' ');
  return answer;
}

const DETAIL_FIELDS = ['name', 'card', 'phone_number', 'nomer_scheta'] as const;
const MODE_FIELDS = ['is_SBP', 'is_c2c'] as const;

/** One PATCH of a method: some requisites, the mode, or the Online status (spec §7 Payments). */
export type PaymentUpdate =
  | { kind: 'details'; changes: Partial<PaymentDetails> }
  | { kind: 'mode'; is_SBP: boolean; is_c2c: boolean }
  | { kind: 'status'; is_active: boolean };

/**
 * PATCH /api/v1/payments/{id}/update/ with exactly one of {card, name, phone_number, nomer_scheta} (any
 * subset; null or '' clears a field), {is_SBP, is_c2c} or {is_active}. Formats are checked here; the rules
 * that need the stored method (card or phone, pairs, locked fields) are the server's.
 */
export const paymentUpdateRequest = z
  .object({
    name: text(PAYMENT_MESSAGES.nameRequired),
    card: text(PAYMENT_MESSAGES.cardLength),
    phone_number: text(PAYMENT_MESSAGES.phoneLength),
    nomer_scheta: text(PAYMENT_MESSAGES.accountDigits),
    is_SBP: z.boolean({ error: PAYMENT_MESSAGES.modeRequired }).optional(),
    is_c2c: z.boolean({ error: PAYMENT_MESSAGES.modeRequired }).optional(),
    is_active: z.boolean({ error: PAYMENT_MESSAGES.oneGroup }).optional(),
  })
  .superRefine((value, ctx) => {
    const has = (field: keyof typeof value) => value[field] !== undefined;
    const groups = [DETAIL_FIELDS.some(has), MODE_FIELDS.some(has), has('is_active')].filter(Boolean).length;
    if (groups !== 1) {
      ctx.addIssue({ code: 'custom', path: [], message: PAYMENT_MESSAGES.oneGroup });
      return;
    }
    if (MODE_FIELDS.some(has)) {
      for (const field of MODE_FIELDS) {
        if (!has(field))
          ctx.addIssue({ code: 'custom', path: [field], message: PAYMENT_MESSAGES.modeRequired });
      }
    }
    if (value.name !== undefined) {
      const error = paymentNameError(value.name);
      if (error) ctx.addIssue({ code: 'custom', path: ['name'], message: error });
    }
    const formats = {
      card: cardError(value.card),
      phone_number: phoneError(value.phone_number),
      nomer_scheta: accountError(value.nomer_scheta),
    };
    for (const [field, message] of Object.entries(formats)) {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((value): PaymentUpdate => {
    if (value.is_active !== undefined) return { kind: 'status', is_active: value.is_active };
    if (value.is_SBP !== undefined && value.is_c2c !== undefined) {
      return { kind: 'mode', is_SBP: value.is_SBP, is_c2c: value.is_c2c };
    }
    const changes: Partial<PaymentDetails> = {};
    if (value.name !== undefined) changes.name = (value.name ?? '').trim();
    if (value.card !== undefined) changes.card = normalizeCard(value.card);
    if (value.phone_number !== undefined) changes.phone_number = normalizePhone(value.phone_number);
    if (value.nomer_scheta !== undefined) changes.nomer_scheta = normalizeAccount(value.nomer_scheta);
    return { kind: 'details', changes };
  });
export type PaymentUpdateInput = z.input<typeof paymentUpdateRequest>;

/** Answer of an update (spec §7: a string or a message field); we always send {message}. */
export const paymentMessageResponse = z.object({ message: z.string() });
export type PaymentMessageResponse = z.infer<typeof paymentMessageResponse>;

/** GET /account/user/change-payment-limits/?payment_id={id} */
export const paymentLimitsQuery = z.object({ payment_id: z.string().optional() });

/** POST /account/user/change-payment-limits/ {payment_id, min_amount_for_deposit, max_amount_for_deposit} */
export const paymentLimitsRequest = z
  .object({
    payment_id: z.union([z.string(), z.number()]).optional(),
    min_amount_for_deposit: z.unknown().optional(),
    max_amount_for_deposit: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    const parsed = parseDepositLimits(value);
    if (!parsed.ok) addIssues(ctx, parsed.errors);
  })
  .transform((value) => {
    const parsed = parseDepositLimits(value);
    return {
      paymentId: value.payment_id === undefined ? '' : String(value.payment_id),
      min: parsed.ok ? parsed.min : null,
      max: parsed.ok ? parsed.max : null,
    };
  });
export type PaymentLimitsInput = z.input<typeof paymentLimitsRequest>;

/** The limits form: the two amounts as typed (digits; empty means no limit), with the spec §5 messages. */
export const paymentLimitsForm = z
  .object({ min_amount_for_deposit: z.string(), max_amount_for_deposit: z.string() })
  .superRefine((value, ctx) => {
    const parsed = parseDepositLimits(value);
    if (!parsed.ok) addIssues(ctx, parsed.errors);
  });
export type PaymentLimitsFormValues = z.infer<typeof paymentLimitsForm>;

/** Limits of one method in rubles; null means no limit. */
export const paymentLimitsResponse = z.object({
  payment_id: z.string(),
  min_amount_for_deposit: z.number().nullable(),
  max_amount_for_deposit: z.number().nullable(),
});
export type PaymentLimits = z.infer<typeof paymentLimitsResponse>;

/** Answer of a limits save: the spec's success text and the limits now stored. */
export const paymentLimitsSaveResponse = paymentLimitsResponse.extend({ message: z.string() });
