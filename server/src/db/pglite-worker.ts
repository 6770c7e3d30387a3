import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';

/** What the main thread passes to this worker (see embedded-server.ts). */
export interface PgliteWorkerInput {
  /** Data directory on disk; absent for an in-memory database loaded from `templateTar`. */
  pgDir?: string;
  /** A dumpDataDir tarball to start an in-memory database from (tests). */
  templateTar?: string;
  socketPath: string;
  maxConnections: number;
}

/** Messages from the main thread. */
export type PgliteWorkerRequest = { type: 'close'; drainMs: number } | { type: 'dump'; file: string };
/** Messages to the main thread. */
export type PgliteWorkerReply =
  | { type: 'ready' }
  | { type: 'closed' }
  | { type: 'dumped' }
  | { type: 'failed'; message: string };

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const EXTENDED_QUERY_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H', 'F'].map((c) => c.charCodeAt(0)));
const QUERY = 'Q'.charCodeAt(0);

function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * What pglite-socket's queue sees of PGlite. Its queue keeps the backend for one connection only while
 * PGlite reports a transaction block; an extended-protocol query (Parse … Sync, what node-postgres sends
 * for every parametrised statement) is not one, so a connection whose messages arrive in two chunks
 * could have another connection's Parse land between its Parse and Bind on the one shared session.
 * Reporting "in transaction" from the first extended message until Sync keeps each query whole.
 * A connection that dies mid-query or mid-transaction is rolled back here (pglite-socket calls exec
 * only for that), so the next connection never inherits its open transaction or error state.
 */
function sessionGuard(db: PGlite) {
  let extendedOpen = false;
  return {
    waitReady: db.waitReady,
    isInTransaction: () => extendedOpen || db.isInTransaction(),
    runExclusive: <T>(fn: () => Promise<T>) => db.runExclusive(fn),
    execProtocolRawStream: (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) => {
      const type = message[0]!;
      if (type === QUERY || type === SYNC[0]) extendedOpen = false;
      else if (EXTENDED_QUERY_MESSAGES.has(type)) extendedOpen = true;
      return db.execProtocolRawStream(message, options);
    },
    exec: async (_sql: string) => {
      await db.runExclusive(async () => {
        // ROLLBACK ends an open transaction (and aborts an implicit one before its Sync); Sync clears
        // an error state in which the backend ignores everything but Sync; a block that was in error
        // needs a second ROLLBACK after that.
        const discard = { onRawData: () => undefined };
        await db.execProtocolRawStream(queryMessage('rollback'), discard);
        await db.execProtocolRawStream(SYNC, discard);
        if (db.isInTransaction()) await db.execProtocolRawStream(queryMessage('rollback'), discard);
        extendedOpen = false;
      });
    },
  };
}

async function start(input: PgliteWorkerInput) {
  const db = input.templateTar
    ? await PGlite.create({
        loadDataDir: new Blob([fs.readFileSync(input.templateTar)]),
        extensions: PGLITE_EXTENSIONS,
      })
    : await PGlite.create(input.pgDir, { extensions: PGLITE_EXTENSIONS });
  // Durability: PGlite writes its data directory through Emscripten's NODEFS, i.e. plain write() calls;
  // PostgreSQL writes the commit's WAL before it produces the CommandComplete that pglite-socket sends,
  // so an acknowledged COMMIT is in the kernel before the answer leaves (syncToFs is a no-op on NODEFS).
  fs.rmSync(input.socketPath, { force: true });
  const server = new PGLiteSocketServer({
    db: sessionGuard(db) as unknown as PGlite,
    path: input.socketPath,
    maxConnections: input.maxConnections,
  });
  await server.start();
  fs.chmodSync(input.socketPath, 0o600);
  return { db, server };
}

const port = parentPort!;
const input = workerData as PgliteWorkerInput;
const reply = (message: PgliteWorkerReply) => port.postMessage(message);

try {
  const { db, server } = await start(input);
  port.on('message', async (request: PgliteWorkerRequest) => {
    try {
      if (request.type === 'dump') {
        const dump = await db.dumpDataDir('none');
        fs.writeFileSync(request.file, Buffer.from(await dump.arrayBuffer()));
        reply({ type: 'dumped' });
        return;
      }
      // Let other processes' connections (an admin command) finish before the database goes away.
      const deadline = Date.now() + request.drainMs;
      while (server.getStats().activeConnections > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await server.stop();
      await db.close();
      fs.rmSync(input.socketPath, { force: true });
      reply({ type: 'closed' });
    } catch (error) {
      reply({ type: 'failed', message: String(error) });
    }
  });
  reply({ type: 'ready' });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
