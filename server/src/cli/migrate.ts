import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { openCliDatabase } from './cli-database.ts';

/** `npm run db:migrate`: applies pending migrations and says which. */
try {
  const { database } = await openCliDatabase('npm run db:migrate');
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await database.close();
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
