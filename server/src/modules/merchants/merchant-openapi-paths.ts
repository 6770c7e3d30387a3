/** Use case: the merchant API's OpenAPI document — its paths (orders, disputes, balance, docs). */
import {
  API,
  DEAL_MESSAGES,
  DISPUTE_MESSAGES,
  MERCHANT_TEXT,
  merchantDisputeBody,
  merchantDisputeSchema,
  ORDER_TTL_MAX_S,
  ORDER_TTL_MIN_S,
  type Order,
} from '@app/shared';
import { parameterRef, responseRef, schemaOf } from '../../lib/openapi.ts';
import { IDEMPOTENCY_TEXT } from '../../plugins/idempotency.ts';
import {
  EXAMPLE_CREATE,
  EXAMPLE_ORDER_ID,
  json,
  listParameters,
  type MerchantApiLimits,
  postErrors,
  problemExample,
  problemResponse,
  readErrors,
  retryAfter,
} from './merchant-openapi-parts.ts';

/** The operations of the merchant API, with their parameters, bodies, answers and examples. */
export function merchantPaths(input: { order: Order; limits: MerchantApiLimits; belowMinimum: string }) {
  const { order, limits, belowMinimum } = input;
  return {
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
              idempotencyKeyMissing: problemExample(400, 'idempotency-key-missing', IDEMPOTENCY_TEXT.missing),
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
            description: 'A self-contained HTML page: the guide, every operation, schema, error and webhook.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          '404': problemResponse('Not here (a mistyped path).', {
            notFound: problemExample(404, 'not-found'),
          }),
        },
      },
    },
  };
}
