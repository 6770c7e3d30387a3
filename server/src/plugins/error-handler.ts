import type { FieldErrors } from '@app/shared';
import { GENERIC_ERROR } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps body field names onto the field keys the client shows errors under (e.g. code_otp → otp). */
    errorFields?: Record<string, string>;
  }
}

/**
 * One error format for the whole API (spec §8): {detail} for pop-ups, field-keyed arrays for form fields.
 * A 5xx never reveals internals; the request id in the log ties the answer to the stack trace.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const rename = request.routeOptions.config.errorFields ?? {};
      const fields: FieldErrors = {};
      const general: string[] = [];
      for (const issue of error.validation) {
        const message = issue.message ?? GENERIC_ERROR;
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
      return reply.status(400).send(general.length ? { ...fields, detail: general.join(' ') } : fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: error.message });
    }
    if (status < 500) {
      // Malformed JSON, wrong content type, body too large: the framework's message is safe to show.
      request.log.info({ err: error }, 'request refused');
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Внутренняя ошибка сервера', request_id: request.id });
  });
});
