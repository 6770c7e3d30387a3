import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Opens the configured database for a command-line tool: DATABASE_URL, or the embedded database — through
 * the running server's socket when a server holds DATA_DIR, else in a worker of this command's own.
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
    share: 'join',
  });
  await migrate(database);
  return { database, config };
}
