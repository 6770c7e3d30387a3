import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Opens the configured database for a command-line tool: DATABASE_URL, or the embedded database, which
 * is refused while the server holds it (two processes on one PGlite directory corrupt it).
 */
export async function openCliDatabase(
  holder: string,
): Promise<{ database: Database; config: ReturnType<typeof loadConfig> }> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
    holder,
  });
  await migrate(database);
  return { database, config };
}
