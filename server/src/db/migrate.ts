import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database } from './client.ts';

/** Folder of the committed SQL migrations, applied in file-name order. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_214_002;

interface Migration {
  name: string;
  sql: string;
}

function readMigrations(dir: string): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

const CREATE_LEDGER = `create table if not exists schema_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
)`;

/**
 * Applies every migration not applied yet, each in its own transaction. On PostgreSQL an advisory lock
 * makes concurrent starts of several app instances (or a server and `npm run db:migrate` on one embedded
 * database) apply each migration exactly once.
 * Returns the names applied now.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of readMigrations(dir)) {
    const ran = await runInTransaction(database, async (exec, query) => {
      await query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      await exec(CREATE_LEDGER);
      const done = await query(`select 1 from schema_migrations where name = '${migration.name}'`);
      if (done > 0) return false;
      await exec(migration.sql);
      await query(`insert into schema_migrations (name) values ('${migration.name}')`);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}

type Exec = (sql: string) => Promise<void>;
type Query = (sql: string) => Promise<number>;

async function runInTransaction<T>(
  database: Database,
  fn: (exec: Exec, query: Query) => Promise<T>,
): Promise<T> {
  const client = await database.raw.connect();
  try {
    await client.query('begin');
    const result = await fn(
      async (sql) => {
        await client.query(sql);
      },
      async (sql) => (await client.query(sql)).rowCount ?? 0,
    );
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
