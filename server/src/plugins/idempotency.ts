import type { SQLWrapper } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Tx } from '../db/client.ts';
import { ProblemError } from '../lib/problem.ts';
import type {
  IdempotencyBegin,
  IdempotencyRequest,
  IdempotencyService,
} from '../modules/idempotency/idempotency.service.ts';

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
    idempotencyClaim?: {
      scope: string;
      key: string;
      settled: boolean;
      /** The claim is the first statement of the action's transaction (see `claimInTransaction`). */
      inTransaction?: IdempotencyRequest;
    };
    /** A key whose claim waits for the route to read the body (`deferWhen`). */
    idempotencyDeferred?: { scope: string; key: string };
  }
}

/** The answer headers a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'retry-after', 'location'];

/** An answer as the idempotency store keeps it and a replay sends it. */
export interface KeptAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

/**
 * For a route whose answer carries a secret shown once (activate's device token): the store never keeps the
 * secret, so a repeat cannot be sent the stored bytes; it is answered from what was kept, with the secret
 * issued afresh.
 */
export interface OneTimeSecretAnswer {
  /** What the store keeps of an answer: the answer without its secret. */
  redact(answer: KeptAnswer): KeptAnswer;
  /** The answer a repeat gets from what was kept; throws its problem when the secret cannot be issued again. */
  replay(request: FastifyRequest, kept: KeptAnswer): Promise<KeptAnswer>;
}

/**
 * Route hooks that make a POST idempotent by its Idempotency-Key header: spread them into the route's
 * options. The preHandler runs after authentication and validation, claims (scope, key) or replays the
 * first answer; onSend stores the answer (a 5xx or 429 releases the key instead, so a retry runs again).
 * `scope` names whose key space the request uses, from something the server vouches for (the
 * authenticated terminal or merchant), never from the client alone.
 */
export function idempotent(
  service: IdempotencyService,
  scope: (request: FastifyRequest) => string,
  options: {
    /**
     * Requests whose body the route reads itself (a multipart upload): the preHandler only checks the header,
     * and the route calls `claimIdempotencyKey` once it knows what was sent, so the same key with another
     * form is refused like any other body.
     */
    deferWhen?: (request: FastifyRequest) => boolean;
    /** The answer carries a secret shown once: stored without it, replayed with it issued afresh. */
    oneTimeSecret?: OneTimeSecretAnswer;
    /**
     * The route claims the key as the first statement of its own transaction (`answerInTransaction`'s
     * `claim`), so the claim commits or rolls back with the action: a process killed mid-request leaves no
     * key in flight, and the claim costs no statement of its own. A refusal (4xx) rolls the claim back; its
     * answer is stored afterwards.
     */
    claimInTransaction?: boolean;
  } = {},
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = requireKey(request);
    if (options.claimInTransaction) {
      request.idempotencyClaim = {
        scope: scope(request),
        key,
        settled: false,
        inTransaction: {
          scope: scope(request),
          key,
          method: request.method,
          path: request.url.split('?', 1)[0] ?? request.url,
          body: request.body,
        },
      };
      return;
    }
    if (options.deferWhen?.(request)) {
      request.idempotencyDeferred = { scope: scope(request), key };
      return;
    }
    const outcome = await claimKey(
      service,
      request,
      reply,
      { scope: scope(request), key },
      request.body,
      options.oneTimeSecret,
    );
    if (outcome === 'answered') return reply;
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    if (claim.inTransaction) return settleInTransaction(service, claim, reply, payload);
    // A 429 (a cap that lifts with time) is not the request's answer for good either: a retry with the key
    // runs again once there is room.
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      // Also when the route had stored its answer inside its transaction: that transaction failed, so the
      // answer is not there; the release drops only a claim without an answer, so it is harmless otherwise.
      claim.settled = true;
      await service.release(claim.scope, claim.key);
      return payload;
    }
    if (claim.settled) return payload;
    claim.settled = true;
    if (typeof payload !== 'string') {
      await service.release(claim.scope, claim.key);
      return payload;
    }
    const answer = answerOf(reply, payload);
    await service.complete(claim.scope, claim.key, options.oneTimeSecret?.redact(answer) ?? answer);
    return payload;
  }

  return { preHandler, onSend };
}

const answerOf = (reply: FastifyReply, body: string) => {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { statusCode: reply.statusCode, body, headers };
};

/**
 * onSend of a key claimed in the action's transaction: an answer stored there, a replay or a refused key
 * settled it already; a failure (5xx, 429) rolled the claim back with the transaction, so a retry runs again;
 * a refusal (4xx) rolled it back too, and is stored now so the same key replays it.
 */
async function settleInTransaction(
  service: IdempotencyService,
  claim: NonNullable<FastifyRequest['idempotencyClaim']>,
  reply: FastifyReply,
  payload: unknown,
) {
  if (claim.settled || !claim.inTransaction) return payload;
  claim.settled = true;
  if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') return payload;
  await service.storeRefusal(claim.inTransaction, answerOf(reply, payload));
  return payload;
}

function requireKey(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new ProblemError(400, 'idempotency-key-missing', IDEMPOTENCY_TEXT.missing);
  }
  return header;
}

/** Claims (scope, key) for this request and `body`, or answers: the first answer replayed, 422 or 409. */
async function claimKey(
  service: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  claimed: { scope: string; key: string },
  body: unknown,
  oneTimeSecret?: OneTimeSecretAnswer,
): Promise<'claimed' | 'answered'> {
  const begun = await service.begin({
    ...claimed,
    method: request.method,
    path: request.url.split('?', 1)[0] ?? request.url,
    body,
  });
  if (begun.kind === 'mismatch')
    throw new ProblemError(422, 'idempotency-key-reused', IDEMPOTENCY_TEXT.reused);
  if (begun.kind === 'in-flight') {
    reply.header('retry-after', '1');
    throw new ProblemError(409, 'idempotency-key-in-use', IDEMPOTENCY_TEXT.inFlight);
  }
  if (begun.kind === 'replay') {
    const kept = { statusCode: begun.statusCode, body: begun.body, headers: begun.headers };
    const answer = oneTimeSecret ? await oneTimeSecret.replay(request, kept) : kept;
    reply
      .status(answer.statusCode)
      .headers({ ...answer.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
      .send(answer.body);
    return 'answered';
  }
  request.idempotencyClaim = { ...claimed, settled: false };
  return 'claimed';
}

/**
 * The deferred claim of a route that reads its own body (see `deferWhen`): `body` is what identifies the
 * request (for a form, its fields and each file's name, size and SHA-256). 'answered' means the reply was sent
 * (a replay); a mismatch or a key still in flight throws its problem.
 */
export async function claimIdempotencyKey(
  service: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<'claimed' | 'answered'> {
  const deferred = request.idempotencyDeferred;
  if (!deferred) return 'claimed';
  request.idempotencyDeferred = undefined;
  return claimKey(service, request, reply, deferred, body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer of an idempotent POST stored with its key inside the action's own transaction, so a change that
 * committed always replays as answered, even if the process died right after the commit. The action calls
 * `inTransaction(tx, value)` with what it made; the route then sends exactly the stored bytes with `send`
 * (a replay sends them again). The body is `toBody(value)` as JSON; `extraHeaders` adds e.g. a location.
 */
export function answerInTransaction<T>(
  request: FastifyRequest,
  service: IdempotencyService,
  statusCode: number,
  toBody: (value: T) => unknown,
  extraHeaders: (value: T) => Record<string, string> = () => ({}),
) {
  let body = '';
  let headers: Record<string, string> = {};
  const make = (value: T) => {
    body = JSON.stringify(toBody(value));
    headers = { 'content-type': JSON_TYPE, ...extraHeaders(value) };
  };
  const send = (reply: FastifyReply) => reply.status(statusCode).headers(headers).send(body);
  /** A claim that did not find the key free: someone else's answer or claim ends the transaction. */
  const settle = (begun: IdempotencyBegin) => {
    const claim = request.idempotencyClaim;
    if (begun.kind === 'new' || !claim) return;
    // Nothing of this request is stored under the key: it is someone else's answer or claim.
    claim.settled = true;
    if (begun.kind === 'mismatch')
      throw new ProblemError(422, 'idempotency-key-reused', IDEMPOTENCY_TEXT.reused);
    if (begun.kind === 'in-flight') throw new KeyInFlight();
    throw new ReplayedAnswer({ statusCode: begun.statusCode, body: begun.body, headers: begun.headers });
  };
  return {
    /**
     * The key's claim as the first statement of the action's transaction, for a route made idempotent with
     * `claimInTransaction` (a no-op otherwise). A key answered before ends the transaction with
     * `ReplayedAnswer` (which `respond` sends); another request's key or one still in flight, with its problem.
     */
    claim: async (tx: Tx) => {
      const claim = request.idempotencyClaim;
      if (!claim?.inTransaction || claim.settled) return;
      settle(await service.beginIn(tx, claim.inTransaction));
    },
    /**
     * claim() as a part of the action's first statement, for an action that has one to run with it: the
     * write that claims (returning a row when it did), and `settle(claimed)`, which ends the transaction as
     * claim() would when the key was held. Undefined when there is nothing to claim.
     */
    claimPart: (tx: Tx): { statement: SQLWrapper; settle(claimed: boolean): Promise<void> } | undefined => {
      const claim = request.idempotencyClaim;
      if (!claim?.inTransaction || claim.settled) return undefined;
      const part = service.claimPartIn(tx, claim.inTransaction);
      return { statement: part.statement, settle: async (claimed) => settle(await part.settle(claimed)) };
    },
    inTransaction: async (tx: Tx, value: T) => {
      make(value);
      // Read now, not when the answer was made: a deferred claim (a multipart form) is taken in between.
      const claim = request.idempotencyClaim;
      if (!claim) return;
      await service.complete(claim.scope, claim.key, { statusCode, body, headers }, tx);
      claim.settled = true;
    },
    /**
     * inTransaction as a write the action runs together with its own (db/writes-together.ts). The claim is
     * settled by `respond` once the action's transaction has committed: a transaction that ends otherwise
     * (a lost race retried, a refusal) leaves it to be claimed again or its refusal stored.
     */
    write: (tx: Tx, value: T): SQLWrapper | undefined => {
      make(value);
      const claim = request.idempotencyClaim;
      if (!claim) return undefined;
      return service.completeWrite(tx, claim.scope, claim.key, { statusCode, body, headers });
    },
    send,
    /** Runs the action and sends its stored answer, or the earlier answer a claim in its transaction found. */
    respond: async (reply: FastifyReply, action: () => Promise<unknown>) => {
      try {
        await action();
      } catch (error) {
        if (error instanceof ReplayedAnswer) {
          return reply
            .status(error.answer.statusCode)
            .headers({ ...error.answer.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
            .send(error.answer.body);
        }
        if (error instanceof KeyInFlight) {
          reply.header('retry-after', '1');
          throw new ProblemError(409, 'idempotency-key-in-use', IDEMPOTENCY_TEXT.inFlight);
        }
        throw error;
      }
      // A key claimed in the action's transaction committed with its answer: nothing is left for onSend.
      const claim = request.idempotencyClaim;
      if (claim?.inTransaction) claim.settled = true;
      return send(reply);
    },
  };
}

/** Ends the action's transaction when its key was answered before: `respond` sends that answer again. */
export class ReplayedAnswer extends Error {
  constructor(readonly answer: KeptAnswer) {
    super('the Idempotency-Key was answered before');
  }
}

/** Ends the action's transaction when its key is claimed by a request still running without one. */
class KeyInFlight extends Error {}
