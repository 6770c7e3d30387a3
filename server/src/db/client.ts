import fs from 'node:fs';
import path from 'node:path';
import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DataDirLockedError, lockDataDir, readLockOwner } from './data-dir-lock.ts';
import { SOCKET_PORT, socketDirFor, startEmbeddedServer } from './embedded-server.ts';
import { PreparingClient, SharedSessionStatements, sharedSessionClient } from './prepared-statements.ts';
import { RoundTripClient } from './round-trips.ts';
import { FastPgDialect } from './sql-compiler.ts';

/**
 * The Drizzle handle every repository takes: the same type on both engines. Built without the relational
 * schema (`db.query.<table>`), which nothing uses and which drizzle rebuilds for every transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A Drizzle transaction handle; repositories accept Db | Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw engine access (a node-postgres pool on both engines), used only by the migrator and test harness. */
export type RawClient = pg.Pool;

export interface Database {
  engine: 'pglite' | 'postgres';
  db: Db;
  raw: RawClient;
  /** Round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// bigint (int8) columns come back as strings from node-postgres by default; we parse them as BigInt in
// the schema's custom type, so keep the raw string here.

/** Drizzle over a node-postgres pool, compiling with FastPgDialect (db/sql-compiler.ts). */
function drizzleOver(pool: pg.Pool): Db {
  const dialect = new FastPgDialect();
  return new NodePgDatabase(dialect, new NodePgSession(pool, dialect, undefined), undefined) as unknown as Db;
}

function poolDatabase(engine: Database['engine'], pool: pg.Pool, onClose?: () => Promise<void>): Database {
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  pool.on('connect', (client) => {
    // pg-pool listens for errors only while a client is idle. A checked-out client whose backend is
    // terminated between two statements (a restart, pg_terminate_backend) emits 'error' with no listener,
    // which would end the process; its pending and next queries fail instead, and the pool drops it when
    // it is released (it is no longer queryable).
    client.on('error', () => undefined);
  });
  return {
    engine,
    db: drizzleOver(pool),
    raw: pool,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      try {
        await pool.end();
      } finally {
        await onClose?.();
      }
    },
  };
}

/**
 * Wraps a PostgreSQL connection string as a pooled Database. Its connections prepare the statements they run
 * often (db/prepared-statements.ts) unless `preparedStatements` is false (a pooler in transaction mode).
 */
export function postgresDatabase(
  connectionString: string,
  poolSize = 10,
  options: { preparedStatements?: boolean } = {},
): Database {
  const Client = options.preparedStatements === false ? pg.Client : PreparingClient;
  return poolDatabase('postgres', new pg.Pool({ connectionString, max: poolSize, Client }));
}

/**
 * The embedded database served on a Unix socket (by this process's worker or by the process that owns
 * DATA_DIR), through the same node-postgres driver as PostgreSQL, with the same round trips
 * (db/round-trips.ts). The connections share the engine's one session: the owner's (`owner: true`) prepare the
 * statements they run often in it, once for all of them (SharedSessionStatements); a process that joins an
 * owner's socket prepares nothing.
 */
export function socketDatabase(
  socketDir: string,
  poolSize: number,
  options: { owner: boolean; onClose?: () => Promise<void> },
): Database {
  const pool = new pg.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: poolSize,
    Client: options.owner ? sharedSessionClient(new SharedSessionStatements()) : RoundTripClient,
  });
  return poolDatabase('pglite', pool, options.onClose);
}

// Connections other processes (admin commands, seed, db:migrate) may open to an owner's socket on top of
// the owner's own pool; pglite-socket refuses connections past its maximum.
const GUEST_CONNECTIONS = 16;
// How long an owner that is stopping waits for other processes' commands to finish.
const GUEST_DRAIN_MS = 5_000;
// How long a guest waits for an owner that is still starting to accept connections.
const OWNER_START_WAIT_MS = 30_000;

/**
 * Owns DATA_DIR's embedded database: takes DATA_DIR/db.lock, starts PGlite in a worker thread serving
 * a Unix socket, and connects a pool to it. close() stops the worker and releases the lock.
 */
export async function ownEmbeddedDatabase(
  dataDir: string,
  holder: string,
  poolSize: number,
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketDir = socketDirFor(dataDir);
  const release = lockDataDir(dataDir, holder, socketDir);
  try {
    const server = await startEmbeddedServer({
      pgDir: path.join(dataDir, 'pg'),
      socketDir,
      maxConnections: poolSize + GUEST_CONNECTIONS,
    });
    return socketDatabase(socketDir, poolSize, {
      owner: true,
      onClose: async () => {
        try {
          await server.stop(GUEST_DRAIN_MS);
        } finally {
          release();
        }
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

async function connectWhenReady(database: Database, dataDir: string): Promise<boolean> {
  const deadline = Date.now() + OWNER_START_WAIT_MS;
  for (;;) {
    try {
      await database.ping();
      return true;
    } catch (error) {
      if (!readLockOwner(dataDir) || Date.now() > deadline) {
        await database.close().catch(() => undefined);
        if (readLockOwner(dataDir)) throw error;
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite under DATA_DIR/pg. `share: 'own'` (the server) takes the data directory or fails with
 * DataDirLockedError; `share: 'join'` (command-line tools) connects to the owner's socket when a live
 * process holds it, and owns it for the duration of the command otherwise.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL only: see postgresDatabase. */
  preparedStatements?: boolean;
  holder: string;
  share?: 'own' | 'join';
}): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  if (options.databaseUrl) {
    return postgresDatabase(options.databaseUrl, poolSize, {
      preparedStatements: options.preparedStatements,
    });
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await ownEmbeddedDatabase(options.dataDir, options.holder, poolSize);
    } catch (error) {
      const owner = error instanceof DataDirLockedError ? readLockOwner(options.dataDir) : null;
      // An owner that names no socket directory (an older lock format) cannot be joined; without this
      // check pg would fall back to PGHOST or localhost and reach some other database.
      const joinable = owner && typeof owner.socketDir === 'string' && path.isAbsolute(owner.socketDir);
      if (options.share !== 'join' || !owner || !joinable || attempt > 2) throw error;
      const guest = socketDatabase(owner.socketDir, poolSize, { owner: false });
      if (await connectWhenReady(guest, options.dataDir)) return guest;
      // The owner went away while we waited: take the data directory over.
    }
  }
}
