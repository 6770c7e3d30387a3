import fs from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the embedded database. */
export class DataDirLockedError extends Error {}

/** What DATA_DIR/db.lock records about the process that owns the embedded database. */
export interface LockOwner {
  pid: number;
  holder: string;
  since: string;
  /** Directory of the owner's Unix socket (`.s.PGSQL.5432`), where other processes connect. */
  socketDir: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPath(dataDir: string) {
  return path.join(dataDir, 'db.lock');
}

/** The live process holding the lock, or null when there is none (no lock, or one left by a dead process). */
export function readLockOwner(dataDir: string): LockOwner | null {
  let owner: Partial<LockOwner>;
  try {
    owner = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!owner.pid || owner.pid === process.pid || !processAlive(owner.pid)) return null;
  return owner as LockOwner;
}

/**
 * Takes an exclusive lock on the embedded database directory (PGlite does not lock it itself, and two
 * PGlite instances on one directory corrupt it). A lock left by a dead process is taken over.
 * Returns the release function; throws DataDirLockedError naming the live owner.
 */
export function lockDataDir(dataDir: string, holder: string, socketDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      const owner: LockOwner = { pid: process.pid, holder, since: new Date().toISOString(), socketDir };
      fs.writeSync(fd, JSON.stringify(owner));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(dataDir);
      if (owner) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}). ` +
            'Stop it first, or use DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      // A lock left by a dead process (or half written): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
