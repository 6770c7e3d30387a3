/** Spec §7 Disputes over HTTP (session): role, list, detail, resolve, block/unblock, evidence files, create by support. */
import { createReadStream } from 'node:fs';
import {
  API,
  DISPUTE_FILE_SIDES,
  DISPUTE_MESSAGES,
  disputeBlockBody,
  disputeDetailMessage,
  disputeDetailResponse,
  disputeFilesResponse,
  disputeListQuery,
  disputeListResponse,
  disputeResolveBody,
  disputeResolveResponse,
  disputeSchema,
  disputeUserRoleResponse,
  supportDisputeBody,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { declaresMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/session.ts';
import { EVIDENCE_MULTIPART_LIMITS } from './evidence-files.ts';
import {
  commitAll,
  describeFiles,
  discardAll,
  readEvidenceForm,
  type StoredUpload,
} from './evidence-form.ts';

const idParams = z.object({ id: z.string().max(100) });
const fileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });
const fileQuery = z.object({ type: z.enum(DISPUTE_FILE_SIDES) });

/** A header-safe fallback of a file name (the exact name goes in filename*). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * Spec §7 Disputes (session): role, list, detail, resolve, create by support, and support's block/unblock.
 * A trader or merchant without a linked Telegram account gets 400 from every api/v1/disputes call.
 */
export const disputesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { disputes } = ctx;
  const onRequest = app.requireUser;
  // Evidence uploads (multipart requests) per signed-in user: counted after requireUser, by the user's id,
  // never by address, each upload route on its own; refused before a byte of the body is read.
  const uploadLimit = {
    rateLimit: {
      max: ctx.config.DISPUTE_UPLOADS_PER_MIN,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `dispute-upload:${currentUser(request).id}`,
      allowList: (request: FastifyRequest) => !declaresMultipart(request.headers),
    },
  };

  app.get(
    API.disputes.userRole,
    { onRequest, schema: { response: { 200: disputeUserRoleResponse } } },
    async (request) => disputes.userRole(currentUser(request)),
  );

  app.get(
    API.disputes.list,
    { onRequest, schema: { querystring: disputeListQuery, response: { 200: disputeListResponse } } },
    async (request) => disputes.list(currentUser(request), request.query),
  );

  app.get(
    API.disputes.detail(':id'),
    { onRequest, schema: { params: idParams, response: { 200: disputeDetailResponse } } },
    async (request) => disputes.detail(currentUser(request), request.params.id),
  );

  app.post(
    API.disputes.resolve(':id'),
    {
      onRequest,
      schema: { params: idParams, body: disputeResolveBody, response: { 200: disputeResolveResponse } },
    },
    async (request) => {
      const dispute = await disputes.resolve(currentUser(request), request.params.id, request.body);
      return { detail: DISPUTE_MESSAGES.resolved, status: dispute.status };
    },
  );

  app.post(
    API.disputes.block,
    { onRequest, schema: { body: disputeBlockBody, response: { 200: disputeDetailMessage } } },
    async (request) => disputes.block(currentUser(request), request.body.dispute_id),
  );

  app.post(
    API.disputes.unblock,
    { onRequest, schema: { body: disputeBlockBody, response: { 200: disputeDetailMessage } } },
    async (request) => disputes.unblock(currentUser(request), request.body.dispute_id),
  );

  app.get(
    API.disputes.file(':id', ':fileId'),
    { onRequest, schema: { params: fileParams } },
    async (request, reply) => {
      const { file, path } = await disputes.fileFor(
        currentUser(request),
        request.params.id,
        request.params.fileId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header(
          'content-disposition',
          `attachment; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('x-content-sha256', file.sha256)
        .send(createReadStream(path));
    },
  );

  app.delete(
    API.disputes.file(':id', ':fileId'),
    {
      onRequest,
      schema: { params: fileParams, querystring: fileQuery, response: { 200: disputeDetailMessage } },
    },
    async (request) =>
      disputes.deleteFile(currentUser(request), request.params.id, request.params.fileId, request.query.type),
  );

  // Its own scope, so multipart parsing exists on these routes only.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: EVIDENCE_MULTIPART_LIMITS });

    scope.post(
      API.disputes.files(':id'),
      {
        onRequest,
        config: uploadLimit,
        schema: { params: idParams, response: { 200: disputeFilesResponse } },
      },
      async (request) => {
        const user = currentUser(request);
        // Authorization first: nothing is read from the body for a dispute the caller may not touch.
        const role = await disputes.authorizeUpload(user, request.params.id);
        if (!request.isMultipart()) throw badRequest(DISPUTE_MESSAGES.invalidData);
        await disputes.requireStorage();
        // Each file and block is reserved in the caller's budget before it is stored (400 past the caps).
        const hold = await disputes.openEvidenceHold(request.params.id, role);
        let files: StoredUpload[] = [];
        try {
          const form = await readEvidenceForm(request, ctx.config.DATA_DIR, hold.quota);
          files = form.files;
          const side = form.fields.type;
          if ((side !== 'trader' && side !== 'merchant') || files.length === 0) {
            throw badRequest(DISPUTE_MESSAGES.invalidData);
          }
          return await disputes.addFiles(
            user,
            request.params.id,
            side,
            describeFiles(files),
            commitAll(files),
            hold,
          );
        } catch (error) {
          await discardAll(files);
          // Given back later as stale if the database cannot take it now; the refusal is what the caller needs.
          await hold.release().catch((releaseError: unknown) => {
            request.log.warn({ err: releaseError }, 'evidence reservation not given back');
          });
          throw error;
        }
      },
    );
    scope.post(
      API.disputes.createBySupport,
      { onRequest, config: uploadLimit, schema: { response: { 201: disputeSchema } } },
      async (request, reply) => {
        const user = currentUser(request);
        // Authorization first: nobody else's form is read.
        await disputes.authorizeSupportOpening(user);
        if (request.isMultipart()) await disputes.requireStorage();
        const form = request.isMultipart()
          ? await readEvidenceForm(request, ctx.config.DATA_DIR, disputes.openingQuota())
          : { fields: (request.body ?? {}) as Record<string, string>, files: [] };
        let created: Awaited<ReturnType<typeof disputes.openBySupport>>;
        try {
          const parsed = supportDisputeBody.safeParse(form.fields);
          if (!parsed.success) throw badRequest(DISPUTE_MESSAGES.invalidData);
          created = await disputes.openBySupport(
            user,
            { transactionId: parsed.data.transaction_id, note: parsed.data.note },
            { files: describeFiles(form.files), commitFiles: commitAll(form.files) },
          );
        } catch (error) {
          await discardAll(form.files);
          throw error;
        }
        return reply.status(201).send(await disputes.item(user, created.id));
      },
    );
  });
};
