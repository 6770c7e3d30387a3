/** The evidence budget of a dispute per role: an opening form's quota, an upload's hold settled into usage. */
import { randomUUID } from 'node:crypto';
import { DISPUTE_MESSAGES } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { EvidenceBudget } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import * as usage from './evidence-usage.repository.ts';

/** What one budget of one dispute may hold (DISPUTE_MAX_FILES_PER_SIDE, DISPUTE_MAX_BYTES_PER_SIDE). */
export interface EvidenceLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * Asked by the evidence reader before it stores anything: a file before its first byte, bytes before they
 * are written. Past the budget's caps it throws the 400 limit error, and the reader removes what it wrote.
 */
export interface EvidenceQuota {
  reserveFile(): Promise<void>;
  reserveBytes(bytes: number): Promise<void>;
}

export const evidenceLimitError = () => new HttpError(400, { detail: DISPUTE_MESSAGES.evidenceLimit });

/**
 * The quota of a dispute's opening form: the dispute does not exist yet, so no other upload can share its
 * budget, and counting in memory is exact. The opening records the total as its usage.
 */
export function openingQuota(limits: EvidenceLimits): EvidenceQuota {
  let files = 0;
  let bytes = 0;
  return {
    async reserveFile() {
      if (files + 1 > limits.maxFiles) throw evidenceLimitError();
      files += 1;
    },
    async reserveBytes(size) {
      if (bytes + size > limits.maxBytes) throw evidenceLimitError();
      bytes += size;
    },
  };
}

/** Bytes are reserved in blocks this large, so a 50 MB file costs a dozen statements, not one per chunk. */
export const RESERVATION_BLOCK_BYTES = 4 * 1024 * 1024;
/** A hold not moved for this long belongs to an upload whose process died: given back when in the way. */
export const STALE_HOLD_SECONDS = 3600;

/** An upload's reservation in a dispute's budget: its quota, then `settle` with the files or `release`. */
export interface EvidenceHold {
  quota: EvidenceQuota;
  /** Inside the transaction recording the files: the reservation becomes usage (400 when it no longer holds). */
  settle(tx: DbOrTx, files: { size: number }[]): Promise<void>;
  /** The upload failed: what it reserved is given back. */
  release(): Promise<void>;
}

/**
 * Opens a reservation in the usage row of (dispute, budget). Every reservation is one conditional UPDATE of
 * that row (evidence-usage.repository `reserve`), so parallel uploads together never pass the caps; bytes
 * are reserved a block ahead and the unused rest is given back when the files are recorded.
 */
export async function openEvidenceHold(
  db: DbOrTx,
  input: { disputeId: string; budget: EvidenceBudget; limits: EvidenceLimits },
): Promise<EvidenceHold> {
  const { disputeId, budget, limits } = input;
  const holdId = randomUUID();
  await usage.ensureUsage(db, disputeId, budget);
  const tryReserve = (files: number, bytes: number) =>
    usage.reserve(db, { holdId, disputeId, budget, files, bytes, ...limits });
  /** One reservation; when refused, the holds of dead uploads are given back and it is tried once more. */
  async function take(files: number, bytes: number) {
    if (await tryReserve(files, bytes)) return;
    const freed = await usage.releaseStale(db, disputeId, budget, STALE_HOLD_SECONDS);
    if (freed === 0 || !(await tryReserve(files, bytes))) throw evidenceLimitError();
  }
  let written = 0;
  let reserved = 0;
  return {
    quota: {
      reserveFile: () => take(1, 0),
      async reserveBytes(size) {
        written += size;
        if (written <= reserved) return;
        const needed = written - reserved;
        // A whole block ahead when the budget has room for it; near the cap, exactly what this chunk needs.
        if (needed < RESERVATION_BLOCK_BYTES && (await tryReserve(0, RESERVATION_BLOCK_BYTES))) {
          reserved += RESERVATION_BLOCK_BYTES;
          return;
        }
        await take(0, needed);
        reserved += needed;
      },
    },
    async settle(tx, files) {
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      if (!(await usage.settle(tx, { holdId, files: files.length, bytes }))) throw evidenceLimitError();
    },
    async release() {
      await usage.release(db, holdId);
    },
  };
}
