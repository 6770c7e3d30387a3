/**
 * Evidence files of a dispute: authorising an upload before its bytes are read, the disk and budget checks,
 * adding the streamed files, reading one back, and support deleting one.
 */
import { DISPUTE_MESSAGES, isDisputeCompleted } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { EvidenceBudget } from '../../db/schema/index.ts';
import type { FreeBytesReader } from '../../lib/disk-space.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type DisputeAccess, type DisputeUser, disputeNotFound, mayView } from './dispute-access.ts';
import { requireFreeSpace } from './dispute-limits.ts';
import { disputeFileUrl } from './dispute-views.ts';
import * as repo from './disputes.repository.ts';
import { evidencePath } from './evidence-files.ts';
import { type EvidenceHold, openEvidenceHold, openingQuota } from './evidence-quota.ts';

export type NewFile = { id: string; name: string; contentType: string; size: number; sha256: string };

/** Records files of one side (rows and a history row each, with SHA-256) inside the caller's transaction. */
export async function attachFiles(
  tx: Tx,
  input: {
    disputeId: string;
    side: 'trader' | 'merchant';
    actorRole: 'trader' | 'merchant' | 'support';
    actorId: string;
    at: Date;
    files: NewFile[];
  },
) {
  await repo.insertFiles(
    tx,
    input.files.map((file) => ({
      id: file.id,
      disputeId: input.disputeId,
      side: input.side,
      name: file.name,
      contentType: file.contentType,
      sizeBytes: file.size,
      sha256: file.sha256,
      uploadedBy: input.actorId,
      createdAt: input.at,
    })),
  );
  for (const file of input.files) {
    await repo.appendHistory(tx, {
      disputeId: input.disputeId,
      actorRole: input.actorRole,
      actorId: input.actorId,
      action: 'file_added',
      fileId: file.id,
      fileName: file.name,
      fileSide: input.side,
      fileSha256: file.sha256,
      fileSize: file.size,
      createdAt: input.at,
    });
  }
}

export function createDisputeEvidence(
  deps: {
    database: Database;
    config: Pick<
      AppConfig,
      | 'API_PREFIX'
      | 'DATA_DIR'
      | 'DISPUTE_MAX_FILES_PER_SIDE'
      | 'DISPUTE_MAX_BYTES_PER_SIDE'
      | 'DISK_MIN_FREE_MB'
    >;
    /** The free bytes on the evidence files' disk (tests inject a reading). */
    freeDiskBytes: FreeBytesReader;
    now: () => Date;
  },
  access: DisputeAccess,
) {
  const db = deps.database.db;
  const { config } = deps;
  const evidenceLimits = {
    maxFiles: config.DISPUTE_MAX_FILES_PER_SIDE,
    maxBytes: config.DISPUTE_MAX_BYTES_PER_SIDE,
  };

  return {
    /**
     * Before an upload's bytes are read: the caller sees the dispute (else 404), and it is not completed
     * (completed disputes take no files and lose none).
     */
    async authorizeUpload(user: DisputeUser, disputeId: string) {
      const role = await access.roleOf(user);
      const row = await access.visible(user, role, disputeId);
      if (isDisputeCompleted(row.dispute.status))
        throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
      return role;
    },

    /** Before an upload reads a byte: 507 while the evidence disk has less than DISK_MIN_FREE_MB free. */
    requireStorage: () => requireFreeSpace(deps.freeDiskBytes, config.DISK_MIN_FREE_MB),

    /**
     * An upload's reservation in the dispute's budget of the uploader's role (support has its own, so the
     * sides' usage never locks out the arbiter), taken from before each file and block is stored.
     */
    openEvidenceHold: (disputeId: string, role: EvidenceBudget) =>
      openEvidenceHold(db, { disputeId, budget: role, limits: evidenceLimits }),

    /** The quota of an opening form's evidence (a new dispute's budget, counted as it is read). */
    openingQuota: () => openingQuota(evidenceLimits),

    /**
     * POST api/v1/disputes/{id}/files/: the streamed files become evidence of `side`, which must be the
     * caller's own (support may add to either). One transaction: the rows and a history row per file (with
     * SHA-256), re-checking that the dispute is still open, and the upload's `hold` turned into usage; the
     * caller commits the bytes only after it.
     */
    async addFiles(
      user: DisputeUser,
      disputeId: string,
      side: 'trader' | 'merchant',
      files: NewFile[],
      beforeCommit: () => Promise<void>,
      hold: EvidenceHold,
    ): Promise<{ detail: string; urls: string[] }> {
      const role = await access.roleOf(user);
      if (role !== 'support' && role !== side)
        throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
      await db.transaction(async (tx) => {
        const at = deps.now();
        await access.lockActionable(tx, disputeId, { id: user.id, role }, at);
        await attachFiles(tx, { disputeId, side, actorRole: role, actorId: user.id, at, files });
        await hold.settle(tx, files);
        await repo.updateDispute(tx, disputeId, { updatedAt: at });
        // The bytes move into place inside the transaction: a failed move rolls the rows back.
        await beforeCommit();
      });
      return {
        detail: DISPUTE_MESSAGES.filesUploaded,
        urls: files.map((file) => disputeFileUrl(config.API_PREFIX, { disputeId, id: file.id })),
      };
    },

    /** An evidence file for the authorised route: 404 unless the caller may see its side. */
    async fileFor(user: DisputeUser, disputeId: string, fileId: string) {
      const role = await access.roleOf(user);
      const row = await access.visible(user, role, disputeId);
      const file = isUuid(fileId) ? await repo.findFile(db, row.dispute.id, fileId) : undefined;
      if (!file || !mayView(role, file.side)) throw disputeNotFound();
      return { file, path: evidencePath(config.DATA_DIR, file.id) };
    },

    /** DELETE api/v1/disputes/{id}/files/{fileId}/?type=: support only, never on a completed dispute. */
    async deleteFile(
      user: DisputeUser,
      disputeId: string,
      fileId: string,
      side: 'trader' | 'merchant',
    ): Promise<{ detail: string }> {
      await access.requireSupportRole(user);
      if (!isUuid(disputeId) || !isUuid(fileId)) throw disputeNotFound();
      return db.transaction(async (tx) => {
        const at = deps.now();
        await access.lockActionable(tx, disputeId, { id: user.id, role: 'support' }, at);
        const file = await repo.markFileDeleted(tx, { disputeId, fileId, side, by: user.id, at });
        if (!file) throw disputeNotFound();
        await repo.appendHistory(tx, {
          disputeId,
          actorRole: 'support',
          actorId: user.id,
          action: 'file_deleted',
          fileId: file.id,
          fileName: file.name,
          fileSide: file.side,
          fileSha256: file.sha256,
          fileSize: file.sizeBytes,
          createdAt: at,
        });
        return { detail: DISPUTE_MESSAGES.fileDeleted };
      });
    },
  };
}
