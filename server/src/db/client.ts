import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes: the same type on both engines. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; repositories accept Db | Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw engine access, used only by the migrator and test harness. */
export type RawClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

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

/**
 * Wraps PGlite's Drizzle handle so that every transaction resolves only after PGlite has synced its
 * files (pglite issue 1065: transaction() can resolve before COMMIT reaches the file system).
 */
function durablePglite(client: PGlite): Db {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    fn: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const result = await transaction(fn, config);
    await client.syncToFs();
    return result;
  }) as Db['transaction'];
  return db;
}

/** Wraps an open PGlite instance (embedded or in-memory) as a Database. */
export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  return {
    engine: 'pglite',
    db: durablePglite(client),
    raw: { kind: 'pglite', client },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
  };
}

/** Wraps a PostgreSQL connection string as a pooled Database. */
export function postgresDatabase(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  return {
    engine: 'postgres',
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    raw: { kind: 'postgres', pool },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite under DATA_DIR/pg, locked to this process.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  holder: string;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, options.poolSize);
  const release = lockDataDir(options.dataDir, options.holder);
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'pg'), {
      relaxedDurability: false,
      extensions: PGLITE_EXTENSIONS,
    });
    return pgliteDatabase(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
