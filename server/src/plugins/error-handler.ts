import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FieldErrors } from '@app/shared';
import { HTTP_ERROR_TEXT, httpErrorText } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { databaseUnavailable, unstorableText } from '../lib/pg-errors.ts';
import {
  isMerchantApiUrl,
  isProblemUrl,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  ProblemError,
  type ProblemFieldError,
  type ProblemFieldMap,
  problemBody,
  problemCodeForStatus,
} from '../lib/problem.ts';
import { baseHeaders } from './http-headers.ts';

/** An error body as it leaves: a string, {detail}, field arrays (maybe with a detail), or the 500 body. */
export type ErrorBody = string | Record<string, string | string[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps body field names onto the field keys the client shows errors under (e.g. code_otp → otp). */
    errorFields?: Record<string, string>;
    /** Reshapes every error body of this route (e.g. the spec §7 payment create answer); the status stays. */
    errorBody?: (body: ErrorBody) => unknown;
  }
}

/** Fastify's body-parser refusals whose own text is English and may quote the input. */
const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** The Russian {detail} text for an error raised by the framework or a plugin rather than by our code. */
function frameworkErrorText(error: FastifyError, status: number): string {
  if (error.code && INVALID_JSON_CODES.has(error.code)) return HTTP_ERROR_TEXT.invalidJson;
  return httpErrorText(status);
}

function validationBody(error: FastifyError, request: FastifyRequest): ErrorBody | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const rename = request.routeOptions.config.errorFields ?? {};
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const issue of error.validation) {
    const message = issue.message ?? HTTP_ERROR_TEXT.badRequest;
    const field = issue.instancePath.split('/').filter(Boolean)[0];
    // A rule about the whole body (no field) is a pop-up message: {detail: string}.
    if (!field) {
      if (!general.includes(message)) general.push(message);
      continue;
    }
    const key = rename[field] ?? field;
    const list = fields[key] ?? [];
    if (!list.includes(message)) list.push(message);
    fields[key] = list;
  }
  return general.length ? { ...fields, detail: general.join(' ') } : fields;
}

/**
 * The status and spec §8 body for any error: ours (HttpError) as thrown, validation failures as field
 * arrays, the framework's own refusals as a Russian {detail} that never quotes the request, and anything
 * else as a 500 that reveals nothing but the request id.
 */
function errorAnswer(error: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.body as ErrorBody };
  if (error instanceof ProblemError)
    return { status: error.statusCode, body: { detail: error.problem.detail } };
  const validation = validationBody(error, request);
  if (validation) return { status: 400, body: validation };
  // Contracts refuse NUL before any work (plugins/nul-characters.ts); this catches text that reached
  // PostgreSQL another way (a hand-read multipart field, a value a handler parsed itself). Only the client's
  // bytes can put U+0000 into a text, so it is the client's error, logged in case it ever is not.
  if (unstorableText(error)) {
    request.log.warn({ err: error }, 'text PostgreSQL cannot store');
    return { status: 400, body: { detail: HTTP_ERROR_TEXT.nulCharacter } };
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    request.log.info({ err: { code: error.code, statusCode: status } }, 'request refused');
    return { status, body: { detail: frameworkErrorText(error, status) } };
  }
  // The database restarting or dropping connections: a retry in a few seconds can succeed, so it is a 503
  // (never a 500), with no internals either.
  if (databaseUnavailable(error)) {
    request.log.warn(
      { err: { code: (error as { code?: unknown }).code, message: error.message } },
      'database unavailable',
    );
    return { status: 503, body: { detail: HTTP_ERROR_TEXT.unavailable } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { detail: HTTP_ERROR_TEXT.internal, request_id: request.id } };
}

/** The text a spec §8 body carries, for the problem document's detail. */
function detailOf(body: ErrorBody): string | undefined {
  if (typeof body === 'string') return body;
  const detail = body.detail ?? body.error ?? body.message;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * The RFC 9457 answer of the program-facing APIs (device, merchant) for any error: the same statuses and
 * Russian texts as errorAnswer. A validation failure lists each invalid input: by JSON Pointer under the
 * device API (so a device knows which notification of a batch failed), by field name under the merchant API
 * (`{amount: [message]}`, the shape its contract documents; nested fields joined with dots).
 */
function problemAnswer(error: FastifyError, request: FastifyRequest, apiPrefix: string): Problem {
  if (error instanceof ProblemError) return error.problem;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: ProblemFieldError[] = error.validation.map((issue) => ({
      pointer: issue.instancePath || '/',
      detail: issue.message ?? HTTP_ERROR_TEXT.badRequest,
    }));
    const first = errors[0];
    if (!isMerchantApiUrl(request.url, apiPrefix)) {
      const detail = first ? `${first.pointer}: ${first.detail}` : undefined;
      return problemBody(400, 'validation', detail, errors);
    }
    const fields: ProblemFieldMap = {};
    for (const { pointer, detail } of errors) {
      const field = pointer.split('/').filter(Boolean).join('.');
      // A rule about the whole body has no field: its message is the detail alone.
      if (!field) continue;
      const list = fields[field] ?? [];
      if (!list.includes(detail)) list.push(detail);
      fields[field] = list;
    }
    const firstField = Object.keys(fields)[0];
    const detail = firstField ? `${firstField}: ${fields[firstField]![0]}` : first?.detail;
    return problemBody(400, 'validation', detail, fields);
  }
  const { status, body } = errorAnswer(error, request);
  const code =
    error.code && INVALID_JSON_CODES.has(error.code) ? 'invalid-json' : problemCodeForStatus(status);
  const problem = problemBody(status, code, detailOf(body));
  // 503 and 507 are conditions to retry later (database restarting, disk full), not failures to report.
  const failure = status >= 500 && status !== 503 && status !== 507;
  return failure ? { ...problem, request_id: request.id } : problem;
}

/**
 * One error format for the whole API (spec §8): {detail} for pop-ups, field-keyed arrays for form fields;
 * under the device and merchant APIs, RFC 9457 problem details instead. A 5xx never reveals internals; the
 * request id in the log ties the answer to the stack trace.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, options: { apiPrefix: string }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isProblemUrl(request.url, options.apiPrefix)) {
      const problem = problemAnswer(error, request, options.apiPrefix);
      return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
    }
    const { status, body } = errorAnswer(error, request);
    const reshape = request.routeOptions.config?.errorBody;
    return reply.status(status).send(reshape ? reshape(body) : body);
  });
});

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (400) or a path parameter longer
 * than maxParamLength (414) is refused by the router before any route or hook runs; under the device and
 * merchant APIs as problem details, elsewhere as {detail}.
 */
export function frameworkErrorHandler(apiPrefix: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    // No hook runs for these answers, so they get the headers of every API answer here.
    reply.status(status).headers({ ...baseHeaders(true), 'x-request-id': request.id });
    if (isProblemUrl(request.url, apiPrefix)) {
      return reply
        .type(PROBLEM_CONTENT_TYPE)
        .send(problemBody(status, problemCodeForStatus(status), httpErrorText(status)));
    }
    return reply.send({ detail: httpErrorText(status) });
  };
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError` event): the HTTP parser refused the request before
 * Fastify saw it, e.g. headers over the size limit (431) or a malformed request line (400). Writes the
 * answer by hand, as Node would, but as a spec §8 JSON body with the headers of every API answer.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ detail: httpErrorText(status) });
  const headers = {
    ...baseHeaders(true),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // Only when nothing of an answer has been written on this connection yet (as Node's own handler does).
  if (socket.writable && !('bytesWritten' in socket && Number(socket.bytesWritten) > 0)) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}
