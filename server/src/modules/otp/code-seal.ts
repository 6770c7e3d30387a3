/** Use case: seal and open a reset code kept for one re-send (AES-256-GCM, bound to its row). */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The seal key's length: AES-256. */
export const SEAL_KEY_BYTES = 32;

/**
 * Seals a live code so that a repeated request can mail the same code again (issue 23). AES-256-GCM with a
 * fresh IV, and the code row's id as associated data: a sealed value copied into another row does not open.
 * The result is IV ‖ tag ‖ ciphertext.
 */
export function sealCode(key: Buffer, rowId: string, code: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(rowId, 'utf8'));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens what sealCode made for the same row; throws when the key, the row or the bytes differ. */
export function openCode(key: Buffer, rowId: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('sealed code too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(rowId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
