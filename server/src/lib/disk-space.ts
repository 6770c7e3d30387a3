import { statfs } from 'node:fs/promises';
import path from 'node:path';

/** Reads the free bytes where a directory's files would go (tests inject their own reading). */
export type FreeBytesReader = () => Promise<number>;

/**
 * The bytes an unprivileged process can still write on the file system holding `dir` (`bavail`, not `bfree`:
 * the blocks reserved for root are not ours). A directory not created yet is measured at its nearest
 * existing parent, which is where it will be created.
 */
export async function freeBytes(dir: string): Promise<number> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as { code?: string }).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}
