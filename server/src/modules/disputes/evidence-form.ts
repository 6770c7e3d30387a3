/** A multipart evidence form: files streamed to disk within a quota, text fields, then commit or discard. */
import { DISPUTE_MESSAGES } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { isMalformedMultipart } from '../../lib/multipart.ts';
import { streamEvidence } from './evidence-files.ts';
import type { EvidenceQuota } from './evidence-quota.ts';

export type StoredUpload = Awaited<ReturnType<typeof streamEvidence>> & { name: string };

/** The name an upload gave its file, without any path, at most 255 characters. */
function safeName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'file').slice(0, 255);
}

/**
 * Reads a multipart form whose files are evidence: each file is streamed to disk as it arrives (type by its
 * first bytes, at most 50 MB, at most 10, each file and its bytes taken from `quota` before they are stored)
 * and the text fields are collected. On any refusal the files already written are removed. The caller commits
 * the files inside its transaction, or discards them.
 */
export async function readEvidenceForm(
  request: FastifyRequest,
  dataDir: string,
  quota: EvidenceQuota,
): Promise<{ fields: Record<string, string>; files: StoredUpload[] }> {
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await quota.reserveFile();
        const file = await streamEvidence(dataDir, part.file, quota.reserveBytes);
        files.push({ ...file, name: safeName(part.filename) });
        if (file.truncated) throw new HttpError(413, { detail: DISPUTE_MESSAGES.fileTooLarge });
        if (!file.contentType) throw badRequest(DISPUTE_MESSAGES.fileBadType);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discardAll(files);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, { detail: DISPUTE_MESSAGES.fileTooLarge });
    if (code === 'FST_FILES_LIMIT') throw badRequest(DISPUTE_MESSAGES.tooManyFiles);
    // The disk filled up under the upload (the free-space check before it could not foresee other writers).
    if (code === 'ENOSPC') throw new HttpError(507, { detail: DISPUTE_MESSAGES.storageFull });
    if (isMalformedMultipart(error)) throw badRequest(DISPUTE_MESSAGES.invalidData);
    throw error;
  }
  return { fields, files };
}

export async function discardAll(files: StoredUpload[]): Promise<void> {
  for (const file of files) await file.discard();
}

/** What the service records of each stored file. */
export const describeFiles = (files: StoredUpload[]) =>
  files.map((file) => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType ?? '',
    size: file.size,
    sha256: file.sha256,
  }));

/** Moves every stored file into place (called inside the transaction that records them). */
export const commitAll = (files: StoredUpload[]) => async () => {
  for (const file of files) await file.commit();
};
