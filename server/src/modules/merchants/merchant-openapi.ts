/**
 * Use case: the merchant API's OpenAPI document, assembled (served at merchant/v1/openapi.json and rendered by
 * the docs page); its paths and building blocks live in merchant-openapi-paths.ts and merchant-openapi-parts.ts.
 */
import {
  createOrderBody,
  listOrdersResponse,
  merchantBalanceResponse,
  ORDER_TTL_MAX_S,
  ORDER_TTL_MIN_S,
  orderBelowMinimumText,
  orderSchema,
  problemSchema,
  webhookPayloadSchema,
} from '@app/shared';
import { documentHead, idempotencyKeyParameter, schemaOf } from '../../lib/openapi.ts';
import {
  DEFAULT_LIMITS,
  described,
  EXAMPLE_ORDER_ID,
  exampleOrder,
  GUIDE,
  type MerchantApiLimits,
  sharedResponses,
  webhooks,
} from './merchant-openapi-parts.ts';
import { merchantPaths } from './merchant-openapi-paths.ts';

export { EXAMPLE_ORDER_ID, lifecycleMarkdown, type MerchantApiLimits } from './merchant-openapi-parts.ts';

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
    ...documentHead({
      title: 'Merchant API',
      summary: 'Orders paid in rubles by SBP or card transfer, settled in USDT, reported by signed webhooks.',
      description: GUIDE,
      server: { url: options.serverUrl, description: 'This service (PUBLIC_URL + API_PREFIX).' },
      securityScheme: 'merchantKey',
    }),
    tags: [
      { name: 'orders', description: 'Create, read, list and cancel orders.' },
      { name: 'balance', description: 'Your USDT balance.' },
      { name: 'docs', description: 'This document and its readable page.' },
      { name: 'webhooks', description: 'What we POST to your server on every order status change.' },
    ],
    paths: merchantPaths({ order, limits, belowMinimum }),
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
        IdempotencyKey: idempotencyKeyParameter(
          'A fresh random value (a UUID) per logical request, reused for its retries. Scoped to your account, kept 24 hours: the same key and body replay the first answer; another body answers 422; while the first still runs, 409.',
        ),
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
