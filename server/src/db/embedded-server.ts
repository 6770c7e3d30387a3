import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteWorkerInput, PgliteWorkerReply, PgliteWorkerRequest } from './pglite-worker.ts';

/** node-postgres connects to `<host>/.s.PGSQL.<port>` when host is a directory. */
export const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
// sun_path holds 108 bytes including the terminating NUL.
const MAX_SOCKET_PATH = 107;

/**
 * Where the owner of a data directory listens: DATA_DIR itself when `DATA_DIR/.s.PGSQL.5432` fits in a
 * Unix socket path, otherwise a private directory under the temp dir named by a hash of DATA_DIR's real
 * path. The owner records the choice in db.lock, so other processes read it rather than recompute it.
 */
export function socketDirFor(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  if (Buffer.byteLength(path.join(real, SOCKET_NAME)) <= MAX_SOCKET_PATH) return real;
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `app-pglite-${hash}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if (stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0) {
    throw new Error(`${dir} (socket directory for ${dataDir}) must belong to this user with mode 0700`);
  }
  return dir;
}

/** The socket file inside a socket directory. */
export function socketPathIn(socketDir: string): string {
  return path.join(socketDir, SOCKET_NAME);
}

/** A PGlite served over a Unix socket by a worker thread. */
export interface EmbeddedServer {
  socketDir: string;
  /** Writes a dumpDataDir tarball (the test template). */
  dump(file: string): Promise<void>;
  /** Waits up to drainMs for other processes' connections to end, then stops PGlite. */
  stop(drainMs?: number): Promise<void>;
}

/**
 * The worker thread's entry. Compiled (this code inside a dist/*.js bundle), the worker is its own bundle
 * beside it, dist/pglite-worker.js. From the sources (tsx, vitest) the worker runs TypeScript too: it loads
 * tsx's hooks before its entry, since a worker does not inherit the --import hooks of the thread that
 * starts it.
 */
function workerScript(): { script: string | URL; evaluate: boolean } {
  if (import.meta.url.endsWith('.js')) {
    return { script: new URL('./pglite-worker.js', import.meta.url), evaluate: false };
  }
  const requireHere = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(
    path.join(path.dirname(requireHere.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const workerEntry = new URL('./pglite-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerEntry)}); })`,
    evaluate: true,
  };
}

/**
 * Starts PGlite in a worker thread serving `socketDir/.s.PGSQL.5432` through pglite-socket. The caller
 * must hold the data directory's lock (or use an in-memory template).
 */
export async function startEmbeddedServer(options: {
  pgDir?: string;
  templateTar?: string;
  socketDir: string;
  maxConnections: number;
}): Promise<EmbeddedServer> {
  const input: PgliteWorkerInput = {
    pgDir: options.pgDir,
    templateTar: options.templateTar,
    socketPath: socketPathIn(options.socketDir),
    maxConnections: options.maxConnections,
  };
  const { script, evaluate } = workerScript();
  const worker = new Worker(script, { eval: evaluate, execArgv: [], workerData: input });
  const next = () =>
    new Promise<PgliteWorkerReply>((resolve, reject) => {
      const onMessage = (reply: PgliteWorkerReply) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (reply.type === 'failed') reject(new Error(`embedded database: ${reply.message}`));
        else resolve(reply);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        reject(error);
      };
      const onExit = (code: number) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        reject(new Error(`embedded database worker exited (${code})`));
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
  const send = async (request: PgliteWorkerRequest) => {
    const answer = next();
    worker.postMessage(request);
    return answer;
  };
  try {
    await next();
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let stopped = false;
  return {
    socketDir: options.socketDir,
    async dump(file) {
      await send({ type: 'dump', file });
    },
    async stop(drainMs = 0) {
      if (stopped) return;
      stopped = true;
      try {
        await send({ type: 'close', drainMs });
      } finally {
        await worker.terminate();
      }
    },
  };
}
