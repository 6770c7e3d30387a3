/** Use case: the merchant API's OpenAPI document: its building blocks (schemas, examples, errors, webhooks). */
import {
  DEAL_TRANSITIONS,
  type DealActor,
  listOrdersQuery,
  MERCHANT_API_KEYS_MAX,
  MERCHANT_TEXT,
  type Order,
} from '@app/shared';
import { ref, responseRef, schemaOf } from '../../lib/openapi.ts';
import { type ProblemCode, type ProblemFieldMap, problemBody } from '../../lib/problem.ts';
import { IDEMPOTENCY_TEXT } from '../../plugins/idempotency.ts';

/** The schema with a description on it and on each named property (the contracts' comments, for readers). */
export function described(
  schema: Record<string, unknown>,
  description: string,
  properties: Record<string, string>,
): Record<string, unknown> {
  const own = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const withText = Object.fromEntries(
    Object.entries(own).map(([name, property]) => [
      name,
      properties[name] ? { ...property, description: properties[name] } : property,
    ]),
  );
  return { ...schema, description, properties: withText };
}

/** The configured limits the document states (the defaults unless the server passes its own). */
export interface MerchantApiLimits {
  /** ORDER_MIN_RUB, rubles with 2 places. */
  orderMinRub: string;
  /** DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER */
  openDisputesPerTrader: number;
  /** DISPUTE_MAX_PER_MERCHANT_PER_DAY */
  disputesPerDay: number;
  /** DISPUTE_MAX_FILES_PER_SIDE */
  evidenceFiles: number;
  /** DISPUTE_MAX_BYTES_PER_SIDE in MiB */
  evidenceMb: number;
  /** DISPUTE_UPLOADS_PER_MIN */
  uploadsPerMin: number;
}

export const DEFAULT_LIMITS: MerchantApiLimits = {
  orderMinRub: '100.00',
  openDisputesPerTrader: 3,
  disputesPerDay: 100,
  evidenceFiles: 20,
  evidenceMb: 200,
  uploadsPerMin: 10,
};

/** Who moves an order, as a merchant reads it. */
const ACTOR_TEXT: Record<DealActor, string> = {
  payer: 'the payer pressed "I have paid" on the payment page',
  trader: 'the trader confirmed the money arrived',
  terminal: "the trader's terminal app saw the bank notification",
  merchant: 'you cancelled it (POST /merchant/v1/orders/{id}/cancel)',
  timer: 'expires_at passed without a confirmed payment',
  support: 'support resolved the dispute',
};

/** A move's actor as a merchant reads it; a dispute's opening and verdict are named as such. */
function actorText(actor: DealActor, to: string): string {
  if (to === 'dispute') {
    return actor === 'merchant'
      ? 'you opened a dispute (POST /merchant/v1/orders/{id}/disputes)'
      : 'support opened a dispute';
  }
  return ACTOR_TEXT[actor];
}

/** The lifecycle table, generated from the one the server enforces (shared DEAL_TRANSITIONS). */
export function lifecycleMarkdown(): string {
  const rows = DEAL_TRANSITIONS.map(
    (move) =>
      `| \`${move.from}\` | \`${move.to}\` | ${move.by.map((actor) => actorText(actor, move.to)).join('; ')} |`,
  );
  return ['| from | to | when |', '|---|---|---|', ...rows].join('\n');
}

/** Example data: an order of 1 500 ₽ by SBP at 92.50 ₽ per USDT. */
export const EXAMPLE_ORDER_ID = '3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64';
export const EXAMPLE_CREATE = {
  amount: '1500.00',
  payment_mode: 'sbp',
  bank_id: 1,
  external_id: 'ORD-2026-000184',
  callback_url: 'https://shop.example.ru/payments/processing-webhook',
  return_url: 'https://shop.example.ru/orders/000184',
  expires_in: 900,
};

export function exampleOrder(publicUrl: string): Order {
  return {
    id: EXAMPLE_ORDER_ID,
    external_id: EXAMPLE_CREATE.external_id,
    status: 'pending',
    amount: '1500.00',
    currency: 'RUB',
    // 1500.00 / 92.50 = 16.2162162…, rounded down to 6 places.
    amount_usdt: '16.216216',
    rate: '92.50',
    payment_mode: 'sbp',
    requisites: {
      bank: { id: 1, name: 'Сбербанк' },
      card: null,
      phone_number: '+79161234567',
      owner_name: 'Иван Петрович С.',
    },
    payment_url: `${publicUrl}/c2c/${EXAMPLE_ORDER_ID}`,
    callback_url: EXAMPLE_CREATE.callback_url,
    return_url: EXAMPLE_CREATE.return_url,
    expires_at: '2026-11-23T12:15:00.000Z',
    created_at: '2026-11-23T12:00:00.000Z',
    updated_at: '2026-11-23T12:00:00.000Z',
  };
}

export const problemExample = (
  status: number,
  code: ProblemCode,
  detail?: string,
  errors?: ProblemFieldMap,
) => ({
  value: problemBody(status, code, detail, errors),
});

/** An error answer: an RFC 9457 problem document with these examples. */
export function problemResponse(
  description: string,
  examples: Record<string, { value: unknown }>,
  headers?: Record<string, unknown>,
) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/problem+json': { schema: ref('Problem'), examples } },
  };
}

export const retryAfter = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } };

/** The error answers several operations share. */
export function sharedResponses() {
  return {
    BadRequest: problemResponse(
      'The request failed validation (`errors` lists the messages under each field; nested fields joined with dots), the body is not JSON, or a POST has no valid Idempotency-Key. Nothing changed: fix the request.',
      {
        validation: problemExample(400, 'validation', 'amount: Сумма должна быть больше нуля', {
          amount: ['Сумма должна быть больше нуля'],
        }),
        invalidJson: problemExample(400, 'invalid-json'),
        idempotencyKeyMissing: problemExample(400, 'idempotency-key-missing', IDEMPOTENCY_TEXT.missing),
      },
    ),
    Unauthorized: problemResponse(
      'The API key is missing, malformed, unknown or revoked (one answer for all four). Nothing was read or changed.',
      { unauthorized: problemExample(401, 'unauthorized', MERCHANT_TEXT.unauthorized) },
      { 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Bearer`' } },
    ),
    OrderNotFound: problemResponse(
      'No such order among yours (another merchant’s order id answers the same).',
      {
        notFound: problemExample(404, 'not-found', MERCHANT_TEXT.orderNotFound),
      },
    ),
    PayloadTooLarge: problemResponse('The body is larger than 1 MiB.', {
      tooLarge: problemExample(413, 'payload-too-large'),
    }),
    UnsupportedMediaType: problemResponse('The body is not `application/json`.', {
      unsupported: problemExample(415, 'unsupported-media-type'),
    }),
    KeyReused: problemResponse(
      'This Idempotency-Key was already used with another method, path or body. Use a fresh key for a new request.',
      { reused: problemExample(422, 'idempotency-key-reused', IDEMPOTENCY_TEXT.reused) },
    ),
    TooManyRequests: problemResponse(
      'Over the request limit of your account (all your keys together). Nothing changed; retry after Retry-After seconds.',
      { limited: problemExample(429, 'rate-limited') },
      retryAfter,
    ),
    InternalError: problemResponse(
      'The server failed; nothing is stored under the Idempotency-Key. Retry later with the same key and body.',
      {
        internal: {
          value: { ...problemBody(500, 'internal'), request_id: '5f0c3a52-8a1b-4d7e-b7f4-1e2d3c4b5a69' },
        },
      },
    ),
  };
}

/** Answers every authenticated call can meet. */
export const readErrors = {
  '400': responseRef('BadRequest'),
  '401': responseRef('Unauthorized'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('InternalError'),
};

/** Answers every POST can meet besides its own 409 and 422. */
export const postErrors = {
  ...readErrors,
  '413': responseRef('PayloadTooLarge'),
  '415': responseRef('UnsupportedMediaType'),
};

export const json = (schema: string, example: unknown) => ({
  'application/json': { schema: ref(schema), example },
});

/** The query parameters of GET /merchant/v1/orders, from the shared listOrdersQuery contract. */
export function listParameters() {
  const { properties } = schemaOf(listOrdersQuery, 'input') as {
    properties: Record<string, Record<string, unknown>>;
  };
  const text: Record<string, string> = {
    status: 'Only orders in this status.',
    external_id: 'Only the order with your id.',
    created_from: 'Created at or after this time (RFC 3339 with offset).',
    created_to: 'Created before this time (RFC 3339 with offset).',
    limit: 'Orders per page.',
    cursor: 'The `next_cursor` of the previous page; omit for the first page.',
  };
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    description: text[name] ?? name,
    schema,
  }));
}

const WEBHOOK_EVENTS = [
  ['pending', 'The order was created and routed: the payer can pay. Sent right after the 201.'],
  [
    'verification',
    'The payer says they paid, or a payment was seen that matches more than one order; the trader checks.',
  ],
  ['complete', 'The money arrived and was confirmed; amount_usdt minus your fee is on your balance.'],
  ['expired', 'expires_at passed without a confirmed payment; nothing is credited.'],
  ['canceled', 'You cancelled the pending order.'],
] as const;

const webhookHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id (`msg_…`): the same on every retry of this event. Deduplicate by it.',
    schema: { type: 'string' },
    example: 'msg_2b7Qx9LmPz4Vn8Rt6Ks1',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Unix seconds when this attempt was signed. Refuse ones more than 5 minutes from your clock.',
    schema: { type: 'string' },
    example: '1795435200',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>` with the base64-decoded part of your `whsec_…` secret (Standard Webhooks). Several space-separated signatures may appear; one valid is enough.',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

export function webhooks(publicUrl: string) {
  const order = exampleOrder(publicUrl);
  return Object.fromEntries(
    WEBHOOK_EVENTS.map(([status, when]) => [
      `order.${status}`,
      {
        post: {
          operationId: `webhookOrder${status[0]!.toUpperCase()}${status.slice(1)}`,
          tags: ['webhooks'],
          summary: `order.${status}`,
          description: `${when} We POST this to the order's callback_url, or else to your webhook URL from Settings → API.`,
          security: [],
          parameters: webhookHeaders,
          requestBody: {
            required: true,
            content: json('WebhookPayload', {
              type: `order.${status}`,
              timestamp: '2026-11-23T12:03:41.512Z',
              data: { ...order, status, updated_at: '2026-11-23T12:03:41.512Z' },
            }),
          },
          responses: {
            '2XX': { description: 'Received: this event is never sent again. Answer within 10 seconds.' },
            '4XX': { description: 'Not accepted: retried with exponential backoff for up to 72 hours.' },
            '5XX': { description: 'Not accepted: retried with exponential backoff for up to 72 hours.' },
          },
        },
      },
    ]),
  );
}

export const GUIDE = `The API a shop (merchant) calls to take payments in rubles: create an order, send the payer to its \`payment_url\`, and learn the outcome from a signed webhook (or by reading the order). The full guide is docs/merchant-api.md; the docs page renders this document.

**Authentication.** Every call except this document and the docs page carries \`Authorization: Bearer mk_live_…\`. Create keys in the web app (Settings → API) or ask the operator (\`npm run admin -- merchant-key create EMAIL\`). A key is shown once; we keep only its hash. Up to ${MERCHANT_API_KEYS_MAX} active keys; revoke one and it stops working at once. A missing, malformed, unknown or revoked key answers 401.

**Idempotency.** Every POST carries an \`Idempotency-Key\` header (a fresh UUID per logical request, reused for its retries; printable ASCII, 1–255 characters). Keys belong to your account and are kept 24 hours. The same key with the same method, path and body replays the first answer exactly (status and body, with \`Idempotent-Replayed: true\`); the same key with another body answers 422 \`idempotency-key-reused\`; a request arriving while the first with its key still runs answers 409 \`idempotency-key-in-use\` with \`Retry-After\`. A 5xx or a 429 is not stored, so a retry runs again. Retry a create after a timeout with the same key: you never get two orders.

**Errors.** Every error is an RFC 9457 problem document (\`application/problem+json\`): \`type\` (a \`urn:processing:problem:…\` URI to branch on), \`title\`, \`status\`, \`detail\` (Russian, for people) and, for a validation failure, \`errors\` with the messages under each field.

**Pagination.** GET /merchant/v1/orders returns \`{data, next_cursor}\`, newest first; pass \`next_cursor\` as \`cursor\` for the next page until it is null. Cursors are opaque.

**Rate limits.** Requests per minute per merchant account (all its keys together; 600 by default). Past it: 429 with \`Retry-After\`.

**Amounts.** Rubles are decimal strings with 2 places (\`"1500.00"\`); USDT are decimal strings with up to 6 places. \`amount_usdt\` = \`amount\` / \`rate\`, rounded down to 6 places; \`rate\` is rubles per USDT at creation and stays with the order.

**Order lifecycle.** An order starts \`pending\` and ends \`complete\`, \`expired\` or \`canceled\`; every move sends a webhook. The allowed moves:

${lifecycleMarkdown()}`;
