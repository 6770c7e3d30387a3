/** Use case: the OpenAPI 3.1 document of device/v1 (built from the zod contracts). */
import {
  API,
  deviceActivateBody,
  deviceActivateResponse,
  deviceHeartbeatBody,
  deviceHeartbeatResponse,
  deviceNotificationsBody,
  deviceNotificationsResponse,
  deviceStatusBody,
  deviceStatusResponse,
  NOTIFICATION_BATCH_MAX,
  NOTIFICATION_TEXT_MAX_BYTES,
} from '@app/shared';
import { documentHead, idempotencyKeyParameter, ref, responseRef, schemaOf } from '../../lib/openapi.ts';
import { type ProblemCode, problemBody, problemSchema } from '../../lib/problem.ts';
import { hookOpenApi } from './hooks-openapi.ts';

/**
 * The request and answer contract of each device/v1 operation: the routes validate with these and the document
 * describes these, so the two cannot drift apart.
 */
export const DEVICE_SCHEMAS = {
  activate: { body: deviceActivateBody, response: { 200: deviceActivateResponse } },
  heartbeat: { body: deviceHeartbeatBody, response: { 200: deviceHeartbeatResponse } },
  status: { body: deviceStatusBody, response: { 200: deviceStatusResponse } },
  notifications: { body: deviceNotificationsBody, response: { 200: deviceNotificationsResponse } },
};

const TERMINAL_ID = '0b9d4c1e-7f3a-4d2b-9a6e-3c5f8e1d2a40';
const DEVICE_TOKEN = 'q3Jk9Zx1VbN2mL8sT4wY7pR0cH5gF6dE3aU1iO9yK2e';

const problemExample = (status: number, code: ProblemCode, detail?: string) => ({
  value: problemBody(status, code, detail),
});

/** The error answers the operations share, each an RFC 9457 problem document. */
function problemResponses() {
  const content = (examples: Record<string, { value: unknown }>) => ({
    'application/problem+json': { schema: ref('Problem'), examples },
  });
  return {
    BadRequest: {
      description:
        'The body failed validation (`errors` lists each invalid input by JSON Pointer, e.g. `/items/3/text`), is not JSON, or the Idempotency-Key header is missing or malformed.',
      content: content({
        validation: {
          value: problemBody(400, 'validation', '/items/0/source: Неверное значение', [
            { pointer: '/items/0/source', detail: 'Неверное значение' },
          ]),
        },
        invalidJson: problemExample(400, 'invalid-json'),
        idempotencyKeyMissing: problemExample(400, 'idempotency-key-missing'),
      }),
    },
    Unauthorized: {
      description:
        'The bearer token is missing, malformed, unknown or revoked (the terminal was deleted); for activate, the pairing key is wrong, expired or already used. Nothing changed.',
      headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Bearer`' } },
      content: content({ unauthorized: problemExample(401, 'unauthorized') }),
    },
    Conflict: {
      description: 'A request with this Idempotency-Key is still being processed. Retry after a moment.',
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
      content: content({ inFlight: problemExample(409, 'idempotency-key-in-use') }),
    },
    PayloadTooLarge: {
      description: 'The body is larger than the operation accepts. Split the batch.',
      content: content({ tooLarge: problemExample(413, 'payload-too-large') }),
    },
    UnsupportedMediaType: {
      description: 'The body is not `application/json`.',
      content: content({ unsupported: problemExample(415, 'unsupported-media-type') }),
    },
    KeyReused: {
      description: 'This Idempotency-Key was already used with another method, path or body.',
      content: content({ reused: problemExample(422, 'idempotency-key-reused') }),
    },
    TooManyRequests: {
      description:
        'Over the request limit (per terminal; per IP for activate). Nothing changed; retry after Retry-After seconds.',
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
      content: content({ limited: problemExample(429, 'rate-limited') }),
    },
    InternalError: {
      description:
        'The server failed. Retry later with the same Idempotency-Key (and the same notification ids).',
      content: content({
        internal: {
          value: { ...problemBody(500, 'internal'), request_id: '5f0c3a52-8a1b-4d7e-b7f4-1e2d3c4b5a69' },
        },
      }),
    },
  };
}

/** Every POST can meet each of these. */
function errorResponses() {
  return {
    '400': responseRef('BadRequest'),
    '401': responseRef('Unauthorized'),
    '409': responseRef('Conflict'),
    '413': responseRef('PayloadTooLarge'),
    '415': responseRef('UnsupportedMediaType'),
    '422': responseRef('KeyReused'),
    '429': responseRef('TooManyRequests'),
    '500': responseRef('InternalError'),
  };
}

function jsonBody(schema: string, example: unknown) {
  return { required: true, content: { 'application/json': { schema: ref(schema), example } } };
}

function okResponse(description: string, schema: string, example: unknown) {
  return { description, content: { 'application/json': { schema: ref(schema), example } } };
}

const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };

/**
 * The OpenAPI 3.1 document of the device API, generated from the same zod contracts the server validates
 * with (shared/src/terminals/device-contracts.ts). Paths are relative to `serverUrl` (PUBLIC_URL +
 * API_PREFIX), which is the QR code's `server_url`.
 */
export function buildDeviceOpenApi(options: { serverUrl: string }) {
  const hook = hookOpenApi();
  return {
    ...documentHead({
      title: 'Terminal device API',
      summary: 'The API the Android terminal app calls: pairing, heartbeats, bank notifications.',
      description:
        'Every call except activate and the forwarder URL carries `Authorization: Bearer <device_token>`. Every POST carries an `Idempotency-Key` header: the same key with the same body replays the first answer (marked `Idempotent-Replayed: true`; activate with a new device token), another body is refused with 422, a request still running with 409. Errors are RFC 9457 problem documents (`application/problem+json`). See docs/device-api.md for the protocol.',
      server: { url: options.serverUrl, description: 'The `server_url` of the pairing QR code.' },
      securityScheme: 'deviceToken',
    }),
    tags: [
      { name: 'pairing', description: 'Turning a pairing QR code into a device token.' },
      { name: 'device', description: 'Calls of a paired terminal.' },
      hook.tag,
    ],
    paths: {
      [API.device.activate]: {
        post: {
          operationId: 'activate',
          tags: ['pairing'],
          summary: 'Pair this phone with a terminal',
          description:
            'Sends the `terminal_id` and `auth_key` of the pairing QR code (valid 10 minutes, single use) and what the phone is. Answers the long-lived device token, shown only once: store it in the Android Keystore. The server keeps only its SHA-256, so a retry with the same Idempotency-Key and body (the answer was lost) answers a new token and the lost one never works; once a heartbeat has used the token, such a retry answers 401. A wrong, expired or used key answers 401 and activates nothing. Limited per IP.',
          security: [],
          parameters: [idempotencyKey],
          requestBody: jsonBody('DeviceActivateRequest', {
            terminal_id: TERMINAL_ID,
            auth_key: 'x7Gd0PqL2mVn8ZsR4tYw6cKb1eHj3uFa9oIi5lNq0rA',
            device: { model: 'Samsung Galaxy A54', os: 'Android 14', app_version: '1.4.2' },
          }),
          responses: {
            '200': okResponse('The terminal is paired and Enabled.', 'DeviceActivateResponse', {
              terminal_id: TERMINAL_ID,
              device_token: DEVICE_TOKEN,
              name: 'Терминал 1',
              status: 'Enabled',
              poll_after_s: 30,
            }),
            ...errorResponses(),
          },
        },
      },
      [API.device.heartbeat]: {
        post: {
          operationId: 'heartbeat',
          tags: ['device'],
          summary: 'Report that the phone is alive',
          description:
            'Send every `poll_after_s` seconds (30 by default). A terminal whose last heartbeat is older than the offline timeout (90 s by default) is shown offline and gets no deals.',
          parameters: [idempotencyKey],
          requestBody: jsonBody('DeviceHeartbeatRequest', {
            battery: 87,
            charging: false,
            network: 'wifi',
            app_version: '1.4.2',
          }),
          responses: {
            '200': okResponse('Recorded.', 'DeviceHeartbeatResponse', {
              status: 'Enabled',
              server_time: '2026-11-23T21:15:04.120Z',
              poll_after_s: 30,
            }),
            ...errorResponses(),
          },
        },
      },
      [API.device.status]: {
        post: {
          operationId: 'setStatus',
          tags: ['device'],
          summary: 'Pause or resume this terminal',
          description:
            'A Disabled terminal gets no deals; the trader can also switch it on the Terminals page.',
          parameters: [idempotencyKey],
          requestBody: jsonBody('DeviceStatusRequest', { enabled: false }),
          responses: {
            '200': okResponse('The status now.', 'DeviceStatusResponse', { status: 'Disabled' }),
            ...errorResponses(),
          },
        },
      },
      [API.device.notifications]: {
        post: {
          operationId: 'submitNotifications',
          tags: ['device'],
          summary: 'Send bank SMS and push notifications',
          description: `Up to ${NOTIFICATION_BATCH_MAX} per call, each text up to ${NOTIFICATION_TEXT_MAX_BYTES} bytes of UTF-8. Each \`id\` is stored once per terminal: resend a batch whose answer was lost with the same ids (and the same Idempotency-Key) and the ones already received answer \`duplicate\`. Results come in the order sent.`,
          parameters: [idempotencyKey],
          requestBody: jsonBody('DeviceNotificationsRequest', {
            items: [
              {
                id: 'sms-1732396504120-17',
                source: 'sms',
                sender: '900',
                text: 'СЧЁТ1234 15:02 Перевод из Т-Банк +1 500р от Иван И. Баланс: 12 345.67р',
                received_at: '2026-11-23T15:02:11+03:00',
              },
              {
                id: 'push-1732396511804-3',
                source: 'push',
                sender: 'ru.sberbankmobile',
                title: 'СберБанк Онлайн',
                text: 'Покупка 349р Пятёрочка Баланс 12 000.00р',
                received_at: '2026-11-23T15:04:00+03:00',
              },
            ],
          }),
          responses: {
            '200': okResponse(
              'Each notification’s result, in the order sent.',
              'DeviceNotificationsResponse',
              {
                results: [
                  { id: 'sms-1732396504120-17', status: 'unmatched' },
                  { id: 'push-1732396511804-3', status: 'ignored' },
                ],
              },
            ),
            ...errorResponses(),
          },
        },
      },
      [API.device.hook('{token}')]: hook.pathItem,
      [API.device.openapi]: {
        get: {
          operationId: 'openApiDocument',
          tags: ['pairing'],
          summary: 'This document',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document of the device API.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '429': responseRef('TooManyRequests'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        deviceToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `device_token` from activate. Revoked when the trader deletes the terminal: then every call answers 401 and the app must be paired again.',
        },
      },
      parameters: {
        IdempotencyKey: idempotencyKeyParameter(
          'A fresh random value (a UUID) per logical request, reused for its retries. Kept 24 hours. Printable ASCII, 1–255 characters.',
        ),
      },
      schemas: {
        DeviceActivateRequest: schemaOf(DEVICE_SCHEMAS.activate.body, 'input'),
        DeviceActivateResponse: schemaOf(DEVICE_SCHEMAS.activate.response[200], 'output'),
        DeviceHeartbeatRequest: schemaOf(DEVICE_SCHEMAS.heartbeat.body, 'input'),
        DeviceHeartbeatResponse: schemaOf(DEVICE_SCHEMAS.heartbeat.response[200], 'output'),
        DeviceStatusRequest: schemaOf(DEVICE_SCHEMAS.status.body, 'input'),
        DeviceStatusResponse: schemaOf(DEVICE_SCHEMAS.status.response[200], 'output'),
        DeviceNotificationsRequest: schemaOf(DEVICE_SCHEMAS.notifications.body, 'input'),
        DeviceNotificationsResponse: schemaOf(DEVICE_SCHEMAS.notifications.response[200], 'output'),
        ...hook.schemas,
        Problem: schemaOf(problemSchema, 'output'),
      },
      responses: problemResponses(),
    },
  };
}
