/** Use cases: device/v1: activate, heartbeat, status, notifications (HTTP only). */
import { API, NOTIFICATION_BATCH_MAX, NOTIFICATION_TEXT_MAX_BYTES } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unauthorizedProblem } from '../../lib/problem.ts';
import { idempotent, type KeptAnswer } from '../../plugins/idempotency.ts';
import type { DeviceTerminal } from './device.service.ts';
import { buildDeviceOpenApi, DEVICE_SCHEMAS } from './device-openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The terminal a device route authenticated by its bearer token (set by requireDevice). */
    terminal?: DeviceTerminal;
  }
}

/** Small JSON bodies (activate, heartbeat, status). */
export const DEVICE_BODY_LIMIT = 16 * 1024;
/**
 * A full notification batch: 100 texts of 4 kB, with room for JSON escaping, titles, senders and ids.
 * Beyond it the answer is 413 before anything is parsed.
 */
export const NOTIFICATIONS_BODY_LIMIT =
  NOTIFICATION_BATCH_MAX * (NOTIFICATION_TEXT_MAX_BYTES + 2048) + 16 * 1024;

const BEARER = /^Bearer ([^\s]+)$/;

function currentTerminal(request: FastifyRequest): DeviceTerminal {
  if (!request.terminal) throw unauthorizedProblem();
  return request.terminal;
}

const activatedTerminalId = (request: FastifyRequest) =>
  (request.body as { terminal_id: string }).terminal_id;

/**
 * What the idempotency store keeps of an activate answer: everything but the device token, which is stored
 * nowhere (only its SHA-256, on the terminal), so a database reader never learns a bearer token.
 */
function withoutDeviceToken(answer: KeptAnswer): KeptAnswer {
  if (answer.statusCode !== 200) return answer;
  const { device_token: _token, ...rest } = JSON.parse(answer.body) as Record<string, unknown>;
  return { ...answer, body: JSON.stringify(rest) };
}

/**
 * The terminal app's API (docs/device-api.md): bearer token per device, Idempotency-Key on every POST,
 * RFC 9457 problems, a request limit per terminal. Every call acts only on the caller's own terminal.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { device, idempotency, config } = ctx;

  // onRequest: an unauthenticated caller is refused before its body is read or parsed. One answer for a
  // missing, malformed, unknown or revoked token, so the answer tells nothing about which it was.
  async function requireDevice(request: FastifyRequest, reply: FastifyReply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const terminal = match?.[1] ? await device.authenticate(match[1]) : null;
    if (!terminal) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorizedProblem();
    }
    request.terminal = terminal;
  }

  // The limit counts per authenticated terminal (this hook runs after requireDevice), never per anything
  // the client chooses, across every device route together (one handler, one counter store); a refused
  // request is answered before its body is parsed, so it changes nothing.
  const perTerminalLimit = app.rateLimit({
    max: config.DEVICE_RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `device:${currentTerminal(request).id}`,
  });
  const onRequest = [requireDevice, perTerminalLimit];
  const asTerminal = idempotent(idempotency, (request) => `device:${currentTerminal(request).id}`);

  app.post(
    API.device.activate,
    {
      bodyLimit: DEVICE_BODY_LIMIT,
      // Activation has no token yet: limited per IP like sign-in, so pairing keys cannot be guessed fast.
      config: { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      ...idempotent(idempotency, (request) => `activate:${activatedTerminalId(request)}`, {
        oneTimeSecret: {
          redact: withoutDeviceToken,
          // The repeat matched the request that activated this terminal: its lost token is replaced.
          replay: async (request, kept) =>
            kept.statusCode === 200
              ? {
                  ...kept,
                  body: JSON.stringify(await device.reissueActivation(activatedTerminalId(request))),
                }
              : kept,
        },
      }),
      schema: DEVICE_SCHEMAS.activate,
    },
    async (request) => device.activate(request.body),
  );

  app.post(
    API.device.heartbeat,
    {
      onRequest,
      bodyLimit: DEVICE_BODY_LIMIT,
      ...asTerminal,
      schema: DEVICE_SCHEMAS.heartbeat,
    },
    async (request) => device.heartbeat(currentTerminal(request), request.body),
  );

  app.post(
    API.device.status,
    {
      onRequest,
      bodyLimit: DEVICE_BODY_LIMIT,
      ...asTerminal,
      schema: DEVICE_SCHEMAS.status,
    },
    async (request) => device.setStatus(currentTerminal(request), request.body.enabled),
  );

  app.post(
    API.device.notifications,
    {
      onRequest,
      bodyLimit: NOTIFICATIONS_BODY_LIMIT,
      ...asTerminal,
      schema: DEVICE_SCHEMAS.notifications,
    },
    async (request) => device.submitNotifications(currentTerminal(request), request.body),
  );

  // Built once: the contracts do not change while the process runs.
  const openApi = JSON.stringify(
    buildDeviceOpenApi({ serverUrl: `${config.PUBLIC_URL}${config.API_PREFIX}` }),
  );
  app.get(API.device.openapi, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(openApi),
  );
};
