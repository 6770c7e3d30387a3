import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { ProblemError } from '../lib/problem.ts';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer sent again for a repeated key (the first answer's status and body). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Printable ASCII, 1–255 characters (a UUID is the usual choice). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_TEXT = {
  missing: 'Нужен заголовок Idempotency-Key: от 1 до 255 печатных символов ASCII',
  reused: 'Этот Idempotency-Key уже использован с другим запросом',
  inFlight: 'Запрос с этим Idempotency-Key ещё выполняется; повторите позже',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (set by the idempotency preHandler); settled in its onSend. */
    idempotencyClaim?: { scope: string; key: string; settled: boolean };
  }
}

/** The answer headers a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'retry-after', 'location'];

/**
 * Route hooks that make a POST idempotent by its Idempotency-Key header: spread them into the route's
 * options. The preHandler runs after authentication and validation, claims (scope, key) or replays the
 * first answer; onSend stores the answer (a 5xx releases the key instead, so a retry runs again).
 * `scope` names whose key space the request uses, from something the server vouches for (the
 * authenticated terminal or merchant), never from the client alone.
 */
export function idempotent(
  service: IdempotencyService,
  scope: (request: FastifyRequest) => string,
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new ProblemError(400, 'idempotency-key-missing', IDEMPOTENCY_TEXT.missing);
    }
    const claim = { scope: scope(request), key: header };
    const begun = await service.begin({
      ...claim,
      method: request.method,
      path: request.url.split('?', 1)[0] ?? request.url,
      body: request.body,
    });
    if (begun.kind === 'mismatch')
      throw new ProblemError(422, 'idempotency-key-reused', IDEMPOTENCY_TEXT.reused);
    if (begun.kind === 'in-flight') {
      reply.header('retry-after', '1');
      throw new ProblemError(409, 'idempotency-key-in-use', IDEMPOTENCY_TEXT.inFlight);
    }
    if (begun.kind === 'replay') {
      return reply
        .status(begun.statusCode)
        .headers({ ...begun.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
        .send(begun.body);
    }
    request.idempotencyClaim = { ...claim, settled: false };
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await service.release(claim.scope, claim.key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await service.complete(claim.scope, claim.key, { statusCode: reply.statusCode, body: payload, headers });
    return payload;
  }

  return { preHandler, onSend };
}
