import { DISPUTE_MESSAGES } from '@app/shared';
import type { FreeBytesReader } from '../../lib/disk-space.ts';
import { HttpError } from '../../lib/http-errors.ts';

/** Before an upload reads a byte: 507 when the evidence disk has less than DISK_MIN_FREE_MB free. */
export async function requireFreeSpace(freeBytes: FreeBytesReader, minFreeMb: number): Promise<void> {
  if ((await freeBytes()) < minFreeMb * 1024 * 1024) {
    throw new HttpError(507, { detail: DISPUTE_MESSAGES.storageFull });
  }
}
