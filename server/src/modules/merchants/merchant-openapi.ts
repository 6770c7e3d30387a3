import {
  API,
  createOrderBody,
  DEAL_MESSAGES,
  DEAL_TRANSITIONS,
  type DealActor,
  DISPUTE_MESSAGES,
  listOrdersQuery,
  listOrdersResponse,
  MERCHANT_API_KEYS_MAX,
  MERCHANT_TEXT,
  merchantBalanceResponse,
  merchantDisputeBody,
  merchantDisputeSchema,
  ORDER_TTL_MAX_S,
  ORDER_TTL_MIN_S,
  type Order,
  orderBelowMinimumText,
  orderSchema,
  problemSchema,
  webhookPayloadSchema,
} from '@app/shared';
import { type ZodType, z } from 'zod';
import { type ProblemCode, type ProblemFieldMap, problemBody } from '../../lib/problem.ts';
import { IDEMPOTENCY_TEXT } from '../../plugins/idempotency.ts';

/** A zod contract as an OpenAPI 3.1 schema (JSON Schema 2020-12, without the dialect line). */
function schemaOf(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

/** The schema with a description on it and on each named property (the contracts' comments, for readers). */
function described(
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

const DEFAULT_LIMITS: MerchantApiLimits = {
  orderMinRub: '100.00',
  openDisputesPerTrader: 3,
  disputesPerDay: 100,
  evidenceFiles: 20,
  evidenceMb: 200,
  uploadsPerMin: 10,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

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
const EXAMPLE_CREATE = {
  amount: '1500.00',
  payment_mode: 'sbp',
  bank_id: 1,
  external_id: 'ORD-2026-000184',
  callback_url: 'https://shop.example.ru/payments/processing-webhook',
  return_url: 'https://shop.example.ru/orders/000184',
  expires_in: 900,
};

function exampleOrder(publicUrl: string): Order {
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

const problemExample = (status: number, code: ProblemCode, detail?: string, errors?: ProblemFieldMap) => ({
  value: problemBody(status, code, detail, errors),
});

/** An error answer: an RFC 9457 problem document with these examples. */
function problemResponse(
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

const retryAfter = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } };

/** The error answers several operations share. */
function sharedResponses() {
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
const readErrors = {
  '400': responseRef('BadRequest'),
  '401': responseRef('Unauthorized'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('InternalError'),
};

/** Answers every POST can meet besides its own 409 and 422. */
const postErrors = {
  ...readErrors,
  '413': responseRef('PayloadTooLarge'),
  '415': responseRef('UnsupportedMediaType'),
};

const json = (schema: string, example: unknown) => ({
  'application/json': { schema: ref(schema), example },
});

/** The query parameters of GET /merchant/v1/orders, from the shared listOrdersQuery contract. */
function listParameters() {
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

function webhooks(publicUrl: string) {
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

const GUIDE = `The API a shop (merchant) calls to take payments in rubles: create an order, send the payer to its \`payment_url\`, and learn the outcome from a signed webhook (or by reading the order). The full guide is docs/merchant-api.md; the docs page renders this document.

**Authentication.** Every call except this document and the docs page carries \`Authorization: Bearer mk_live_…\`. Create keys in the web app (Settings → API) or ask the operator (\`npm run admin -- merchant-key create EMAIL\`). A key is shown once; we keep only its hash. Up to ${MERCHANT_API_KEYS_MAX} active keys; revoke one and it stops working at once. A missing, malformed, unknown or revoked key answers 401.

**Idempotency.** Every POST carries an \`Idempotency-Key\` header (a fresh UUID per logical request, reused for its retries; printable ASCII, 1–255 characters). Keys belong to your account and are kept 24 hours. The same key with the same method, path and body replays the first answer exactly (status and body, with \`Idempotent-Replayed: true\`); the same key with another body answers 422 \`idempotency-key-reused\`; a request arriving while the first with its key still runs answers 409 \`idempotency-key-in-use\` with \`Retry-After\`. A 5xx or a 429 is not stored, so a retry runs again. Retry a create after a timeout with the same key: you never get two orders.

**Errors.** Every error is an RFC 9457 problem document (\`application/problem+json\`): \`type\` (a \`urn:processing:problem:…\` URI to branch on), \`title\`, \`status\`, \`detail\` (Russian, for people) and, for a validation failure, \`errors\` with the messages under each field.

**Pagination.** GET /merchant/v1/orders returns \`{data, next_cursor}\`, newest first; pass \`next_cursor\` as \`cursor\` for the next page until it is null. Cursors are opaque.

**Rate limits.** Requests per minute per merchant account (all its keys together; 600 by default). Past it: 429 with \`Retry-After\`.

**Amounts.** Rubles are decimal strings with 2 places (\`"1500.00"\`); USDT are decimal strings with up to 6 places. \`amount_usdt\` = \`amount\` / \`rate\`, rounded down to 6 places; \`rate\` is rubles per USDT at creation and stays with the order.

**Order lifecycle.** An order starts \`pending\` and ends \`complete\`, \`expired\` or \`canceled\`; every move sends a webhook. The allowed moves:

${lifecycleMarkdown()}`;

/**
 * The OpenAPI 3.1 document of the merchant API, generated from the same zod contracts the server validates
 * with (shared/src/merchant/contracts.ts): the five order and balance operations, their errors, and the
 * webhooks we send. Paths are relative to `serverUrl` (PUBLIC_URL + API_PREFIX); `publicUrl` makes the
 * example payment_url.
 */
export function buildMerchantOpenApi(options: {
  serverUrl: string;
  publicUrl: string;
  limits?: MerchantApiLimits;
}) {
  const order = exampleOrder(options.publicUrl);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const belowMinimum = orderBelowMinimumText(limits.orderMinRub);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant API',
      version: '1.0.0',
      summary: 'Orders paid in rubles by SBP or card transfer, settled in USDT, reported by signed webhooks.',
      description: GUIDE,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl, description: 'This service (PUBLIC_URL + API_PREFIX).' }],
    security: [{ merchantKey: [] }],
    tags: [
      { name: 'orders', description: 'Create, read, list and cancel orders.' },
      { name: 'balance', description: 'Your USDT balance.' },
      { name: 'docs', description: 'This document and its readable page.' },
      { name: 'webhooks', description: 'What we POST to your server on every order status change.' },
    ],
    paths: {
      [API.merchant.orders]: {
        post: {
          operationId: 'createOrder',
          tags: ['orders'],
          summary: 'Create an order',
          description: `Routes the order to a payment method that can take it and answers its requisites and \`payment_url\`: send the payer there. \`amount\` is at least ${limits.orderMinRub} ₽ (smaller orders answer 422 \`amount-below-minimum\` and show no requisites). \`expires_in\` is ${ORDER_TTL_MIN_S}–${ORDER_TTL_MAX_S} seconds (900 by default). \`external_id\` is your order id, unique among your orders. \`callback_url\` overrides your webhook URL for this order's events and must be reachable from the internet; \`return_url\` is offered to the payer after success.`,
          parameters: [parameterRef('IdempotencyKey')],
          requestBody: { required: true, content: json('CreateOrderRequest', EXAMPLE_CREATE) },
          responses: {
            '201': {
              description: 'Created and routed; status `pending`. A `order.pending` webhook follows.',
              content: json('Order', order),
            },
            ...postErrors,
            '409': problemResponse(
              'The external_id is already used by another of your orders, or a request with this Idempotency-Key is still running.',
              {
                externalIdTaken: problemExample(409, 'external-id-taken', DEAL_MESSAGES.externalIdTaken),
                inFlight: problemExample(409, 'idempotency-key-in-use', IDEMPOTENCY_TEXT.inFlight),
              },
              retryAfter,
            ),
            '422': problemResponse(
              `No order was created: the amount is under ${limits.orderMinRub} ₽, no payment method can take this amount and mode now, the USDT/RUB rate is missing or stale (order intake paused), the callback_url leads into a private network, or the Idempotency-Key was used with another body.`,
              {
                belowMinimum: problemExample(422, 'amount-below-minimum', belowMinimum, {
                  amount: [belowMinimum],
                }),
                noMethod: problemExample(422, 'no-method', DEAL_MESSAGES.noMethod),
                callbackUrlRefused: problemExample(
                  422,
                  'callback-url-refused',
                  MERCHANT_TEXT.webhookUrlPrivate,
                  { callback_url: [MERCHANT_TEXT.webhookUrlPrivate] },
                ),
                rateStale: problemExample(422, 'rate-unavailable', DEAL_MESSAGES.rateStale),
                rateMissing: problemExample(422, 'rate-unavailable', DEAL_MESSAGES.rateMissing),
                keyReused: problemExample(422, 'idempotency-key-reused', IDEMPOTENCY_TEXT.reused),
              },
            ),
          },
        },
        get: {
          operationId: 'listOrders',
          tags: ['orders'],
          summary: 'List orders',
          description: 'Your orders, newest first, filtered and paged by cursor.',
          parameters: listParameters(),
          responses: {
            '200': {
              description: 'One page.',
              content: json('ListOrdersResponse', {
                data: [order],
                next_cursor: 'MjAyNi0xMS0yM1QxMjowMDowMC4wMDBa',
              }),
            },
            ...readErrors,
          },
        },
      },
      [API.merchant.order('{id}')]: {
        get: {
          operationId: 'getOrder',
          tags: ['orders'],
          summary: 'Get an order',
          description: 'The order as it is now. Use it to reconcile when a webhook may have been missed.',
          parameters: [parameterRef('OrderId')],
          responses: {
            '200': { description: 'The order.', content: json('Order', order) },
            '404': responseRef('OrderNotFound'),
            ...readErrors,
          },
        },
      },
      [API.merchant.cancel('{id}')]: {
        post: {
          operationId: 'cancelOrder',
          tags: ['orders'],
          summary: 'Cancel a pending order',
          description:
            'Only a `pending` order can be cancelled (the payer has not said they paid). The trader’s reserved USDT is released and an `order.canceled` webhook follows. No body.',
          parameters: [parameterRef('OrderId'), parameterRef('IdempotencyKey')],
          responses: {
            '200': {
              description: 'Cancelled.',
              content: json('Order', {
                ...order,
                status: 'canceled',
                updated_at: '2026-11-23T12:05:10.000Z',
              }),
            },
            '404': responseRef('OrderNotFound'),
            ...postErrors,
            '409': problemResponse(
              'The order is no longer pending (paid, being verified, complete, expired or already cancelled), or a request with this Idempotency-Key is still running.',
              {
                notCancelable: problemExample(409, 'not-cancelable', DEAL_MESSAGES.notCancelable),
                inFlight: problemExample(409, 'idempotency-key-in-use', IDEMPOTENCY_TEXT.inFlight),
              },
              retryAfter,
            ),
            '422': responseRef('KeyReused'),
          },
        },
      },
      [API.merchant.disputes('{id}')]: {
        post: {
          operationId: 'openDispute',
          tags: ['orders'],
          summary: 'Open a dispute on an order',
          description: `For an order in \`verification\`, or \`expired\`/\`canceled\` within DISPUTE_WINDOW_H hours (72 by default). JSON \`{reason}\` or multipart/form-data with \`reason\` and up to 10 \`files\` (pdf, jpeg, png or mp4 by content, 50 MB each). On an \`expired\` or \`canceled\` order attach at least one file, the proof of payment (400 otherwise). At most ${limits.openDisputesPerTrader} of your disputes may be open with one trader, and you may open at most ${limits.disputesPerDay} in any 24 hours (rolling); beyond, 429 \`dispute-limit\`. Evidence per dispute: ${limits.evidenceFiles} files and ${limits.evidenceMb} MiB for your side, these files included; multipart openings count against ${limits.uploadsPerMin} uploads a minute. The order is checked before the body is read (another merchant's order answers 404 at once). The order moves to \`dispute\` (an \`order.dispute\` webhook follows) and the trader’s USDT is held for support’s verdict: for you the order completes; for the trader it is canceled.`,
          parameters: [parameterRef('OrderId'), parameterRef('IdempotencyKey')],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schemaOf(merchantDisputeBody, 'input') },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['reason'],
                  properties: {
                    reason: { type: 'string', maxLength: 2000 },
                    files: { type: 'array', maxItems: 10, items: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'The dispute, waiting for evidence.',
              content: {
                'application/json': {
                  schema: schemaOf(merchantDisputeSchema, 'output'),
                  example: {
                    id: '9a7c1e2b-4d3f-4b8a-9e6d-1c2b3a4d5e6f',
                    order_id: EXAMPLE_ORDER_ID,
                    status: 'waiting',
                    reason: 'The payer sent a receipt',
                    evidence_deadline: '2026-11-24T03:05:00.000Z',
                    created_at: '2026-11-23T12:05:00.000Z',
                  },
                },
              },
            },
            '404': responseRef('OrderNotFound'),
            ...postErrors,
            '400': problemResponse(
              'Nothing was opened: the reason is missing, the order expired or was canceled and no proof of payment is attached, a file is not pdf/jpeg/png/mp4, more than 10 files, over the evidence limit per dispute, or no valid Idempotency-Key.',
              {
                evidenceRequired: problemExample(400, 'validation', DISPUTE_MESSAGES.evidenceRequired, {
                  files: [DISPUTE_MESSAGES.evidenceRequired],
                }),
                reasonRequired: problemExample(400, 'validation', DISPUTE_MESSAGES.reasonRequired, {
                  reason: [DISPUTE_MESSAGES.reasonRequired],
                }),
                badType: problemExample(400, 'bad-request', DISPUTE_MESSAGES.fileBadType),
                evidenceLimit: problemExample(400, 'bad-request', DISPUTE_MESSAGES.evidenceLimit),
                idempotencyKeyMissing: problemExample(
                  400,
                  'idempotency-key-missing',
                  IDEMPOTENCY_TEXT.missing,
                ),
              },
            ),
            '429': problemResponse(
              'Nothing was opened: too many of your disputes are open with this trader, you opened the most allowed in the last 24 hours, or over your request or upload limit. Retry once a dispute is decided or time has passed (Retry-After on the request limits). A 429 is not stored under the Idempotency-Key.',
              {
                openWithTrader: problemExample(429, 'dispute-limit', DISPUTE_MESSAGES.tooManyOpenWithTrader),
                perDay: problemExample(429, 'dispute-limit', DISPUTE_MESSAGES.tooManyToday),
                limited: problemExample(429, 'rate-limited'),
              },
              retryAfter,
            ),
            '507': problemResponse(
              'The server is short of storage for evidence: nothing was read or stored. Retry later with the same key.',
              { storageFull: problemExample(507, 'insufficient-storage', DISPUTE_MESSAGES.storageFull) },
            ),
            '409': problemResponse(
              'The order cannot be disputed now (status or window), or a dispute is open.',
              {
                alreadyOpen: problemExample(409, 'conflict', DISPUTE_MESSAGES.alreadyOpen),
                notDisputable: problemExample(409, 'conflict', DISPUTE_MESSAGES.notDisputable),
              },
            ),
            '413': problemResponse('A file is larger than 50 MB.', {
              tooLarge: problemExample(413, 'payload-too-large', DISPUTE_MESSAGES.fileTooLarge),
            }),
            '422': responseRef('KeyReused'),
          },
        },
      },
      [API.merchant.balance]: {
        get: {
          operationId: 'getBalance',
          tags: ['balance'],
          summary: 'Get your balance',
          description:
            'USDT credited by completed orders (minus your fee): `available` can be withdrawn in the web app; `frozen` is held by withdrawals in progress.',
          responses: {
            '200': {
              description: 'The balance.',
              content: json('MerchantBalance', { currency: 'USDT', available: '15729.729729', frozen: '0' }),
            },
            ...readErrors,
          },
        },
      },
      [API.merchant.openapi]: {
        get: {
          operationId: 'openApiDocument',
          tags: ['docs'],
          summary: 'This document',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document of the merchant API.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '404': problemResponse('Not here (a mistyped path).', {
              notFound: problemExample(404, 'not-found'),
            }),
          },
        },
      },
      [API.merchant.docs]: {
        get: {
          operationId: 'docsPage',
          tags: ['docs'],
          summary: 'This document as a web page',
          security: [],
          responses: {
            '200': {
              description:
                'A self-contained HTML page: the guide, every operation, schema, error and webhook.',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            '404': problemResponse('Not here (a mistyped path).', {
              notFound: problemExample(404, 'not-found'),
            }),
          },
        },
      },
    },
    webhooks: webhooks(options.publicUrl),
    components: {
      securitySchemes: {
        merchantKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mk_live_ and 32 letters and digits',
          description:
            'An API key from Settings → API (or the operator’s `merchant-key create`). Shown once; revoked keys answer 401 at once.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'A fresh random value (a UUID) per logical request, reused for its retries. Scoped to your account, kept 24 hours: the same key and body replay the first answer; another body answers 422; while the first still runs, 409.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
          example: '8e0f6c9a-2b1d-4f3e-9a7c-5d4b3a2f1e0d',
        },
        OrderId: {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The order id from the create answer (a UUID; also the id in payment_url).',
          schema: { type: 'string', format: 'uuid' },
          example: EXAMPLE_ORDER_ID,
        },
      },
      schemas: {
        CreateOrderRequest: described(schemaOf(createOrderBody, 'input'), 'A new order.', {
          amount: `Rubles the payer pays: a decimal string with exactly 2 places, at least ${limits.orderMinRub}.`,
          payment_mode: '`sbp` (transfer by phone number) or `c2c` (card to card).',
          bank_id: 'Preferred bank of the requisites (ids of GET /api/v1/payments/banks/).',
          external_id: 'Your order id, unique among your orders (1–100 characters).',
          callback_url:
            'Where this order’s webhooks go instead of your webhook URL. Must be reachable from the internet: a private or internal address answers 422 callback-url-refused.',
          return_url: 'Where the payment page sends the payer after success.',
          expires_in: `Seconds until the order expires (${ORDER_TTL_MIN_S}–${ORDER_TTL_MAX_S}; 900 when omitted).`,
        }),
        Order: described(schemaOf(orderSchema, 'output'), 'An order as it is now.', {
          id: 'The order id (UUID).',
          external_id: 'Your order id.',
          status: 'See the lifecycle table in the guide.',
          amount: 'Rubles, 2 places.',
          currency: 'Always RUB (the currency of amount).',
          amount_usdt: 'USDT, up to 6 places: amount / rate, rounded down.',
          rate: 'Rubles per USDT the order was created with.',
          payment_mode: '`sbp` or `c2c`.',
          requisites:
            'Where the payer sends the rubles: the bank, the card (c2c) or phone number (sbp), the owner.',
          payment_url: 'The payment page to send the payer to.',
          callback_url: 'This order’s webhook URL, if you gave one.',
          return_url: 'Offered to the payer after success, if you gave one.',
          expires_at: 'When a pending order expires.',
          created_at: 'When it was created.',
          updated_at: 'When its status last changed.',
        }),
        ListOrdersResponse: described(schemaOf(listOrdersResponse, 'output'), 'One page of orders.', {
          data: 'Newest first.',
          next_cursor: 'Pass as `cursor` for the next page; null on the last page.',
        }),
        MerchantBalance: described(schemaOf(merchantBalanceResponse, 'output'), 'Your USDT balance.', {
          available: 'USDT you can withdraw.',
          frozen: 'USDT held by withdrawals in progress.',
        }),
        WebhookPayload: described(schemaOf(webhookPayloadSchema, 'output'), 'The body of every webhook.', {
          type: '`order.<status>`: order.pending, order.verification, order.complete, order.expired, order.canceled.',
          timestamp: 'When the status changed.',
          data: 'The order after the change.',
        }),
        Problem: described(schemaOf(problemSchema, 'output'), 'An RFC 9457 problem document.', {
          type: 'A URI naming the problem (`urn:processing:problem:<code>`): branch on it.',
          title: 'A short summary of the type.',
          status: 'The HTTP status.',
          detail: 'What went wrong this time (Russian, for people).',
          errors: 'For a validation failure: the messages under each invalid field.',
          request_id: 'On a 5xx: quote it when reporting the failure.',
        }),
      },
      responses: sharedResponses(),
    },
  };
}

export type MerchantOpenApi = ReturnType<typeof buildMerchantOpenApi>;
