import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, postgresDatabase, socketDatabase } from '../src/db/client.ts';
import { startEmbeddedServer } from '../src/db/embedded-server.ts';
import { TEST_DATABASE_URL, withDatabase } from './database-url.ts';

export type TestEngine = 'pglite' | 'postgres';

/** The engine this test project runs on (set by vitest.config.ts). */
export const testEngine = (process.env.TEST_DB_ENGINE ?? 'pglite') as TestEngine;

/**
 * A fresh, migrated database for one test file, copied from the run's template. close() drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    // The production path (worker thread, Unix socket, pg.Pool of 10 like PostgreSQL's below), on an
    // in-memory copy of the template.
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-test-'));
    const server = await startEmbeddedServer({
      templateTar: inject('pgliteTemplatePath'),
      socketDir,
      maxConnections: 20,
    });
    return socketDatabase(socketDir, 10, {
      owner: true,
      onClose: async () => {
        await server.stop();
        fs.rmSync(socketDir, { recursive: true, force: true });
      },
    });
  }
  const template = inject('postgresTemplateName');
  const name = `${template.replace('app_test_tpl_', 'app_test_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = postgresDatabase(withDatabase(TEST_DATABASE_URL, name), 10);
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
  };
  return database;
}
