/** Use case: the forwarder URL's part of the device OpenAPI document. */
import {
  AUTOMATION_JSON_TEMPLATE,
  deviceHookResponse,
  HOOK_MAX_CLOCK_SKEW_MS,
  NOTIFICATION_TEXT_MAX_BYTES,
} from '@app/shared';
import { z } from 'zod';
import { problemBody } from '../../lib/problem.ts';
import { HOOK_MESSAGES } from './forwarders/hook-fields.ts';
import { HOOK_BODY_LIMIT } from './hooks.routes.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const problem = (description: string, examples: Record<string, unknown>) => ({
  description,
  content: {
    'application/problem+json': {
      schema: ref('Problem'),
      examples: Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }])),
    },
  },
});

/** A JSON Schema as an OpenAPI 3.1 schema (without the dialect line). */
function withoutDialect(schema: object): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

const SKEW_MIN = HOOK_MAX_CLOCK_SKEW_MS / 60_000;

const DESCRIPTION = `Where a forwarder app on the trader's phone sends the bank's SMS and push notifications (docs/terminal-apps.md): SmsForwarder, SMS Gateway for Android, Incoming SMS to URL forwarder, MacroDroid or Tasker. The trader gets the whole URL (with its token) when pairing the terminal with that app. The terminal accepts only its own app's requests:

- **SmsForwarder**: the JSON templates of the setup screen (\`type\` message or ping, \`from\`, \`title\`, \`text\`, \`receive_time\`, \`timestamp\`, \`sign\`, \`battery\`, \`plugged\`), the same fields as a form or in the query (GET, PUT, PATCH), or the app's default form \`from=…&content=<formatted>&timestamp=…&sign=…\`. \`sign\` = base64(HMAC-SHA256(secret, "<timestamp>\\n<secret>")), URL-encoded once or twice; \`timestamp\` (ms) within ${SKEW_MIN} minutes of the server's clock.
- **SMS Gateway for Android**: its webhook envelope \`{id, webhookId, event, deviceId, payload}\` with \`X-Timestamp\` (s, within ${SKEW_MIN} minutes) and \`X-Signature\` = hex(HMAC-SHA256(secret, <raw body> + <X-Timestamp>)). \`sms:received\` is a message keyed by \`id\`; \`system:ping\` reports \`battery:level\` and \`battery:charging\`; other events are answered \`ignored\`.
- **Incoming SMS to URL forwarder**: its JSON \`{from, text, sentStamp, receivedStamp, sim}\` (chunked, \\uXXXX escapes); \`battery\` alone is a heartbeat.
- **MacroDroid / Tasker**: \`sender\`, \`title\`, \`text\`, \`battery\` as query parameters, a form, or JSON with \`text\` last (read even with raw quotes and line breaks in it); \`battery\` alone is a heartbeat.

A sender with a dot and no space is an app package (a push), anything else an SMS sender. Each message goes through the device API's parsers, storage and matching; a retried or resent one is stored once (SMS Gateway by its \`id\`, the others by sender, title, text and the minute the phone received it) and answered \`duplicate\`. Every accepted request is also a heartbeat (last seen; battery when it carries one). A text longer than ${NOTIFICATION_TEXT_MAX_BYTES} bytes or empty is answered \`ignored\`. Limited per terminal like the device API.`;

const token = {
  name: 'token',
  in: 'path',
  required: true,
  description:
    'The terminal’s URL token (256 bits, base64url). A new URL or deleting the terminal revokes it.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
};

const SBER_TITLE = 'Перевод по СБП от АРТЁМ АНДРЕЕВИЧ М.';
const SBER_PUSH = 'Т‑Банк + 1 500 ₽ Плат. счёт •• 3055';

function responses() {
  return {
    '200': {
      description:
        'Accepted: `matched` (completed a deal), `unmatched`, `ignored`, `duplicate` or `ping`. Always 200, so the app never retries an accepted request.',
      content: { 'application/json': { schema: ref('DeviceHookResponse'), example: { status: 'matched' } } },
    },
    '400': problem('The body is neither the app’s JSON nor a form, or lacks the sender or the text.', {
      unreadable: problemBody(400, 'bad-request', HOOK_MESSAGES.unreadable),
      noSender: problemBody(400, 'bad-request', HOOK_MESSAGES.noSender),
    }),
    '401': problem(
      'Unknown or revoked token; or, for an app that signs, a missing or wrong signature or a timestamp too far from the server’s clock. Nothing is stored.',
      {
        unknownToken: problemBody(401, 'unauthorized'),
        badSignature: problemBody(401, 'unauthorized', HOOK_MESSAGES.badSignature),
        staleTimestamp: problemBody(401, 'unauthorized', HOOK_MESSAGES.staleTimestamp),
      },
    ),
    '413': problem(`The body is over ${HOOK_BODY_LIMIT / 1024} kB.`, {
      tooLarge: problemBody(413, 'payload-too-large'),
    }),
    '429': problem('Over the per-terminal request limit; retry after Retry-After seconds.', {
      limited: problemBody(429, 'rate-limited'),
    }),
    '500': problem('The server failed; the app may retry.', {
      internal: { ...problemBody(500, 'internal'), request_id: '5f0c3a52-8a1b-4d7e-b7f4-1e2d3c4b5a69' },
    }),
  };
}

const requestBody = {
  required: false,
  description:
    'The app’s request, read as its app sends it (any content type; the raw bytes are what SMS Gateway signs).',
  content: {
    'application/json': {
      schema: { type: 'object', additionalProperties: true },
      examples: {
        smsforwarder: {
          summary: 'SmsForwarder, JSON template',
          value: {
            type: 'message',
            from: 'ru.sberbankmobile',
            title: SBER_TITLE,
            text: SBER_PUSH,
            receive_time: '2026-11-23T15:02:11.000+0300',
            timestamp: 1795780931000,
            sign: 'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%3D',
            battery: '85%',
          },
        },
        smsGateway: {
          summary: 'SMS Gateway for Android, sms:received',
          value: {
            id: 'Ey6ECgOkVVFjz3CL48B8C',
            webhookId: 'LreFUt-Z3sSq0JufY9uWB',
            event: 'sms:received',
            deviceId: 'ffffffffceb0b1db0000018e937c815b',
            payload: {
              message: 'MIR-4821 13:54 Перевод 758р от Марина Петровна А. Баланс: 22393.15р',
              receivedAt: '2026-11-23T15:02:11.000+03:00',
              messageId: 'abc123',
              sender: '900',
              simNumber: 1,
              phoneNumber: '900',
            },
          },
        },
        smsToUrl: {
          summary: 'Incoming SMS to URL forwarder',
          value: {
            from: '900',
            text: 'MIR-4821 13:54 Перевод 758р от Марина Петровна А. Баланс: 22393.15р',
            sentStamp: 1795780928000,
            receivedStamp: 1795780931000,
            sim: 'sim1',
          },
        },
        automation: {
          summary: 'MacroDroid, JSON template',
          value: JSON.parse(
            AUTOMATION_JSON_TEMPLATE.macrodroid
              .replace('{not_app_package}', 'ru.sberbankmobile')
              .replace('{not_title}', SBER_TITLE)
              .replace('{battery}', '85')
              .replace('{not_text_big}', SBER_PUSH),
          ),
        },
      },
    },
    'application/x-www-form-urlencoded': {
      schema: { type: 'object', additionalProperties: { type: 'string' } },
      examples: {
        automation: {
          summary: 'MacroDroid or Tasker, form fields',
          value: { sender: 'ru.sberbankmobile', title: SBER_TITLE, text: SBER_PUSH, battery: '85' },
        },
      },
    },
  },
};

/** The operations of `device/v1/hooks/{token}` for the device API's OpenAPI document. */
export function hookOpenApi() {
  const operation = (method: string, summary: string, withBody: boolean) => ({
    operationId: `forwarderHook${method}`,
    tags: ['forwarder'],
    summary,
    description: DESCRIPTION,
    security: [],
    parameters: [token],
    ...(withBody ? { requestBody } : {}),
    responses: responses(),
  });
  return {
    tag: {
      name: 'forwarder',
      description: 'The URL a forwarder app on the trader’s phone posts bank notifications to (issue 24).',
    },
    pathItem: {
      post: operation('Post', 'A forwarder app sends a notification or a heartbeat', true),
      get: operation('Get', 'The same, with the fields in the query (SmsForwarder GET, MacroDroid)', false),
      put: operation('Put', 'The same as POST (SmsForwarder PUT: a form goes in the query)', true),
      patch: operation('Patch', 'The same as POST (SmsForwarder PATCH: a form goes in the query)', true),
    },
    schemas: { DeviceHookResponse: withoutDialect(z.toJSONSchema(deviceHookResponse, { io: 'output' })) },
  };
}
