import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresDatabase, socketDatabase } from '../src/db/client.ts';
import { startEmbeddedServer } from '../src/db/embedded-server.ts';
import { migrate } from '../src/db/migrate.ts';
import { TEST_DATABASE_URL, withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateName: string;
  }
}

/**
 * Migrates one template per engine for the whole run: a PGlite data-dir dump, and a PostgreSQL template
 * database. Each test file then starts from a copy (PGlite: a worker thread loading the dump, served on
 * its own socket).
 */
export default async function setup(project: TestProject) {
  const name = project.name;
  if (name === 'unit') return;
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  if (name === 'pglite') {
    // Migrated the way production does it: PGlite in a worker thread, over its socket, through pg.
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-tpl-'));
    const server = await startEmbeddedServer({ socketDir, maxConnections: 4 });
    const database = socketDatabase(socketDir, 2, { owner: true });
    await migrate(database);
    await database.close();
    const file = path.join(os.tmpdir(), `pglite-template-${runId}.tar`);
    await server.dump(file);
    await server.stop();
    fs.rmSync(socketDir, { recursive: true, force: true });
    project.provide('pgliteTemplatePath', file);
    return () => fs.rmSync(file, { force: true });
  }
  const template = `app_test_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = postgresDatabase(withDatabase(TEST_DATABASE_URL, template), 2);
  await migrate(database);
  await database.close();
  await admin.end();
  project.provide('postgresTemplateName', template);
  return async () => {
    const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`app_test_%${runId}%`],
    );
    for (const row of rows) await cleanup.query(`drop database if exists ${row.datname} with (force)`);
    await cleanup.end();
  };
}
