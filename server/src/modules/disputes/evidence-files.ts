/** Evidence files on disk: type by content, streaming with SHA-256 and size limits, where each lies, reading it back. */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Spec §5: at most 50 MB per evidence file. */
export const EVIDENCE_MAX_BYTES = 50 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 10;

/**
 * The multipart parser's limits of every evidence form (support's upload and the merchant's dispute opening):
 * a few short text fields, at most EVIDENCE_MAX_FILES files of EVIDENCE_MAX_BYTES each.
 */
export const EVIDENCE_MULTIPART_LIMITS = {
  fields: 5,
  fieldSize: 4096,
  files: EVIDENCE_MAX_FILES,
  fileSize: EVIDENCE_MAX_BYTES,
  headerPairs: 50,
};

export type EvidenceType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'video/mp4';

/**
 * An evidence file's type by its first bytes, never by its name: PDF, JPEG, PNG, or MP4 (an ISO media file:
 * `ftyp` at offset 4). Anything else (an .exe renamed .pdf) is refused.
 */
export function sniffEvidenceType(head: Buffer): EvidenceType | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return 'image/png';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

export interface StoredEvidence {
  id: string;
  size: number;
  sha256: string;
  /** Null when the first bytes are none of the allowed types. */
  contentType: EvidenceType | null;
  /** The stream ended early because it passed the size limit. */
  truncated: boolean;
}

/** DATA_DIR/files: where evidence bytes live, one file per id. */
export const evidenceDir = (dataDir: string) => path.join(dataDir, 'files');
export const evidencePath = (dataDir: string, id: string) => path.join(evidenceDir(dataDir), id);

/**
 * Streams one upload to DATA_DIR/files/<id>.part, hashing and counting as the chunks pass (never the whole file
 * in memory), and sniffs its type from the first bytes. `reserveBytes` is asked before each chunk is written
 * (the dispute's byte budget; it throws past the cap, and the part is removed). `commit` makes it read-only
 * and renames it into place; `discard` removes it.
 */
export async function streamEvidence(
  dataDir: string,
  source: Readable & { truncated?: boolean },
  reserveBytes: (bytes: number) => Promise<void>,
): Promise<StoredEvidence & { commit: () => Promise<void>; discard: () => Promise<void> }> {
  const id = randomUUID();
  await mkdir(evidenceDir(dataDir), { recursive: true });
  const finalPath = evidencePath(dataDir, id);
  const partPath = `${finalPath}.part`;
  const handle = await open(partPath, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      await reserveBytes(chunk.length);
      hash.update(chunk);
      size += chunk.length;
      await handle.write(chunk);
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(partPath).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return {
    id,
    size,
    sha256: hash.digest('hex'),
    contentType: sniffEvidenceType(head),
    truncated: source.truncated === true,
    // Read-only once in place: evidence is never changed after upload (its SHA-256 is on record).
    commit: async () => {
      await chmod(partPath, 0o400);
      await rename(partPath, finalPath);
    },
    discard: () => unlink(partPath).catch(() => undefined),
  };
}

/** The stored bytes of an evidence file, streamed. */
export const readEvidence = (dataDir: string, id: string) => createReadStream(evidencePath(dataDir, id));
