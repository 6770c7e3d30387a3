/** Use case: the merchant API's dispute opening (JSON or multipart with evidence). */
import {
  API,
  DISPUTE_MESSAGES,
  merchantDisputeBody,
  merchantDisputeSchema,
  TOO_MANY_REQUESTS,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { declaresMultipart } from '../../lib/multipart.ts';
import { ProblemError, problemCodeForStatus } from '../../lib/problem.ts';
import { answerInTransaction, claimIdempotencyKey, idempotent } from '../../plugins/idempotency.ts';
import { currentMerchant, merchantIdempotencyScope, merchantKeyAuth } from '../merchants/merchant-auth.ts';
import { EVIDENCE_MULTIPART_LIMITS } from './evidence-files.ts';
import { commitAll, describeFiles, discardAll, readEvidenceForm } from './evidence-form.ts';

const idParams = z.object({ id: z.string().max(100) });

/** The evidence reader's refusals as problem details (the merchant API's error shape). */
function asProblem(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const detail =
    typeof error.body === 'object' && 'detail' in error.body ? String(error.body.detail) : undefined;
  return new ProblemError(error.statusCode, problemCodeForStatus(error.statusCode), detail);
}

/** The dispute an opening made, as the service hands it to the answer. */
type OpenedDispute = Parameters<AppContext['disputes']['toMerchantDispute']>[0];

/**
 * POST merchant/v1/orders/{id}/disputes: the merchant opens a dispute (JSON {reason}, or multipart with `reason`
 * and up to 10 `files` of evidence, stored as the merchant's). Bearer key, per-merchant limit, Idempotency-Key
 * and problem details as the order routes; multipart openings also count against DISPUTE_UPLOADS_PER_MIN. The
 * order must be the merchant's (404) and the disk must have room (507) before a byte of the body is read. The
 * answer is stored with its key inside the dispute's own transaction.
 */
export const merchantDisputesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { disputes, idempotency } = ctx;
  // A second limit after the per-merchant one: @fastify/rate-limit runs one limiter hook per request, so this
  // one is counted through createRateLimit (same store: Redis with REDIS_URL, else per process).
  const uploads = app.createRateLimit({
    max: ctx.config.DISPUTE_UPLOADS_PER_MIN,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `merchant-dispute-upload:${currentMerchant(request).id}`,
    allowList: (request: FastifyRequest) => !declaresMultipart(request.headers),
  });
  async function perMerchantUploads(request: FastifyRequest, reply: FastifyReply) {
    const counted = await uploads(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', String(counted.ttlInSeconds));
    throw new ProblemError(429, 'rate-limited', TOO_MANY_REQUESTS);
  }
  const onRequest = [...merchantKeyAuth(app, ctx), perMerchantUploads];
  // A multipart opening is identified by its fields and its files' hashes, known once the form is read.
  const idempotentPost = idempotent(idempotency, merchantIdempotencyScope, {
    deferWhen: (request) => request.isMultipart(),
  });
  // This plugin's own scope: multipart parsing exists on the dispute opening only.
  await app.register(multipart, { limits: EVIDENCE_MULTIPART_LIMITS });

  app.post(
    API.merchant.disputes(':id'),
    {
      onRequest,
      ...idempotentPost,
      schema: { params: idParams, response: { 201: merchantDisputeSchema } },
    },
    async (request, reply) => {
      const answer = answerInTransaction(request, idempotency, 201, (dispute: OpenedDispute) =>
        disputes.toMerchantDispute(dispute),
      );
      // Before the body: a stranger's order id costs no storage (the form is streamed to disk as it is read).
      await disputes.authorizeMerchantDispute(currentMerchant(request).id, request.params.id);
      if (request.isMultipart()) await disputes.requireStorage();
      const form = request.isMultipart()
        ? await readEvidenceForm(request, ctx.config.DATA_DIR, disputes.openingQuota()).catch(
            (error: unknown) => {
              throw asProblem(error);
            },
          )
        : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
      const parsed = merchantDisputeBody.safeParse(form.fields);
      if (!parsed.success) {
        await discardAll(form.files);
        throw new ProblemError(400, 'validation', DISPUTE_MESSAGES.reasonRequired, {
          reason: [DISPUTE_MESSAGES.reasonRequired],
        });
      }
      try {
        const identity = {
          fields: parsed.data,
          files: form.files.map((file) => ({ name: file.name, size: file.size, sha256: file.sha256 })),
        };
        if ((await claimIdempotencyKey(idempotency, request, reply, identity)) === 'answered') {
          await discardAll(form.files);
          return reply;
        }
        await disputes.openByMerchant(currentMerchant(request).id, request.params.id, parsed.data, {
          files: describeFiles(form.files),
          commitFiles: commitAll(form.files),
          inTransaction: answer.inTransaction,
        });
      } catch (error) {
        await discardAll(form.files);
        throw error;
      }
      return answer.send(reply);
    },
  );
};
