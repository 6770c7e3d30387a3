import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { dropAllLeases } from './jobs/lease.repository.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { startWorkers } from './workers.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolSize: config.DATABASE_POOL_SIZE,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      holder: 'the server',
      share: 'own',
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const applied = await migrate(database);
  log.info({ engine: database.engine, applied }, 'database ready');

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    log,
  });
  if (!config.SMTP_URL)
    log.info({ outbox: `${config.dataDir}/mail` }, 'no SMTP_URL: mail goes to the local outbox');
  const ctx = createContext({ config, database, mailer, log });
  const app = await buildApp(ctx);
  // The embedded database has one owner (DATA_DIR/db.lock): leases a killed predecessor left are stale.
  if (database.engine === 'pglite') await dropAllLeases(database.db);
  const workers = startWorkers(ctx);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // At once and together: the listener closes (requests under way finish, idle keep-alive connections
      // are closed, a request arriving meanwhile gets 503) while each job finishes its step and gives its
      // lease back, so another instance's next tick takes the job over without waiting for the lease to
      // expire. The database closes only after both, since requests and jobs still use it.
      await Promise.all([app.close(), workers.stop()]);
      mailer.close();
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
