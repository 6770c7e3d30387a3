import { z } from 'zod';
import '../zod-messages.ts';
import { dealStatusSchema, orderTypeSchema } from '../deals/contracts.ts';

/**
 * The merchant API (`<API_PREFIX>/merchant/v1/…`, our addition; docs/merchant-api.md) and the merchant's own
 * settings calls from the web app (Settings #api). These schemas validate requests on the server and
 * generate the OpenAPI document.
 */

/** Rubles as a decimal string with exactly 2 places, above zero ("1500.00"). */
export const rubAmountSchema = z
  .string()
  .regex(/^\d{1,9}\.\d{2}$/, 'Сумма в рублях: строка с двумя знаками после точки, например "1500.00"')
  .refine((value) => value !== '0.00' && !/^0+\.00$/.test(value), 'Сумма должна быть больше нуля');

export const ORDER_TTL_MIN_S = 300;
export const ORDER_TTL_MAX_S = 3600;

const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** POST merchant/v1/orders */
export const createOrderBody = z.object({
  amount: rubAmountSchema,
  payment_mode: orderTypeSchema,
  /** Preferred bank (GET api/v1/payments/banks/ ids). */
  bank_id: z.number().int().positive().optional(),
  /** The merchant's own order id, unique per merchant. */
  external_id: z.string().min(1).max(100),
  /** Overrides the merchant's webhook URL for this order's events. */
  callback_url: httpsOrHttpUrl.optional(),
  /** Where the payer page sends the payer after success. */
  return_url: httpsOrHttpUrl.optional(),
  /** Seconds until the order expires; default ORDER_TTL_S (900). */
  expires_in: z.number().int().min(ORDER_TTL_MIN_S).max(ORDER_TTL_MAX_S).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const orderSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  status: dealStatusSchema,
  /** Rubles, 2 places. */
  amount: z.string(),
  currency: z.literal('RUB'),
  /** USDT, up to 6 places: amount / rate, rounded down. */
  amount_usdt: z.string(),
  /** RUB per USDT the order was created with. */
  rate: z.string(),
  payment_mode: orderTypeSchema,
  requisites: z.object({
    bank: z.object({ id: z.number().int(), name: z.string() }),
    card: z.string().nullable(),
    phone_number: z.string().nullable(),
    owner_name: z.string(),
  }),
  /** The payer page: PUBLIC_URL/c2c/<id>. */
  payment_url: z.string(),
  callback_url: z.string().nullable(),
  return_url: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET merchant/v1/orders */
export const listOrdersQuery = z.object({
  status: dealStatusSchema.optional(),
  external_id: z.string().min(1).max(100).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Opaque; the previous page's next_cursor. */
  cursor: z.string().max(200).optional(),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuery>;

export const listOrdersResponse = z.object({
  data: z.array(orderSchema),
  /** Null on the last page. */
  next_cursor: z.string().nullable(),
});

/** GET merchant/v1/balance: USDT, up to 6 places. */
export const merchantBalanceResponse = z.object({
  currency: z.literal('USDT'),
  available: z.string(),
  frozen: z.string(),
});

/** RFC 9457 problem details, the body of every merchant/v1 and device/v1 error. */
export const problemSchema = z.object({
  /** `urn:processing:problem:<code>`, e.g. `urn:processing:problem:no-payment-method`. */
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Present on a 5xx: quote it when reporting the failure. */
  request_id: z.string().optional(),
});

/** The webhook payload (Standard Webhooks: type, timestamp, data). Types: `order.<status>`. */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: orderSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

// The merchant's settings from the web app (Settings #api, session-authenticated).

/** Active (unrevoked) API keys one merchant may hold at once. */
export const MERCHANT_API_KEYS_MAX = 20;
/** The fixed start of every merchant API key; the rest is 32 base62 characters. */
export const MERCHANT_API_KEY_PREFIX = 'mk_live_';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysResponse = z.object({ results: z.array(apiKeySchema) });
export const createApiKeyBody = z.object({ name: z.string().trim().min(1).max(50) });
/** The key itself appears only in this answer. */
export const createApiKeyResponse = apiKeySchema.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

export const webhookSettingsSchema = z.object({
  url: z.string().nullable(),
  /** Whether a signing secret exists; the secret itself is shown only when created or rotated. */
  has_secret: z.boolean(),
});
export const updateWebhookBody = z.object({ url: httpsOrHttpUrl.nullable() });
/**
 * PUT …/webhook/: the settings after the change; `secret` only when this save created the first secret
 * (a URL set while none existed), shown this once.
 */
export const updateWebhookResponse = webhookSettingsSchema.extend({ secret: z.string().optional() });
/** POST …/webhook/secret/: a new whsec_… secret, shown once; the old one stops signing at once. */
export const webhookSecretResponse = z.object({ secret: z.string() });

export const WEBHOOK_EVENT_STATES = ['pending', 'delivered', 'failed'] as const;
/**
 * What a delivery attempt came to, as its merchant sees it: the class of the receiver's answer, or why there
 * was none. Never the internal detail (addresses, socket error codes): that stays in the operator's log.
 */
export const WEBHOOK_OUTCOMES = [
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  /** No answer within the time limit. */
  'timeout',
  /** The connection was refused, reset or could not be made. */
  'connection_failed',
  /** The TLS handshake failed (certificate expired, not for this name, untrusted). */
  'tls_failed',
  /** The URL's host name did not resolve. */
  'dns_failed',
  /** The URL leads into a private network: nothing was sent. */
  'refused_address',
  'url_not_set',
  'secret_not_set',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export const webhookEventSchema = z.object({
  /** The webhook-id header (msg_…). */
  id: z.string(),
  type: z.string(),
  order_id: z.string(),
  state: z.enum(WEBHOOK_EVENT_STATES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  /** The last attempt's outcome; null before the first attempt. */
  last_outcome: z.enum(WEBHOOK_OUTCOMES).nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const webhookEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const webhookEventsResponse = z.object({
  results: z.array(webhookEventSchema),
  next_cursor: z.string().nullable(),
});

/** The shop name's length once trimmed (issue 25): what the payer page shows as whom they pay. */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 64;
export const DISPLAY_NAME_LENGTH_MESSAGE = `Название магазина: от ${DISPLAY_NAME_MIN} до ${DISPLAY_NAME_MAX} символов`;

/**
 * PUT api/v1/merchant/display-name/: the name trimmed, 2-64 characters; an empty one clears it (null: the
 * payer page then names no shop).
 */
export const merchantDisplayNameBody = z.object({
  display_name: z
    .string()
    .max(200)
    .transform((value) => value.trim())
    .refine(
      (value) => value === '' || (value.length >= DISPLAY_NAME_MIN && value.length <= DISPLAY_NAME_MAX),
      DISPLAY_NAME_LENGTH_MESSAGE,
    )
    .transform((value) => (value === '' ? null : value)),
});
export type MerchantDisplayNameBody = z.input<typeof merchantDisplayNameBody>;

export const merchantDisplayNameResponse = z.object({ display_name: z.string().nullable() });
export type MerchantDisplayNameResponse = z.infer<typeof merchantDisplayNameResponse>;
