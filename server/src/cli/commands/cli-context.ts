import pino from 'pino';
import type { AppConfig } from '../../config.ts';
import { type AppContext, createContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { createMailer } from '../../modules/mail/mailer.ts';

/**
 * The services wired as the server wires them, for commands that act through a module's rules (routing,
 * settlement, matching) rather than one table. Quiet: the command prints what it did.
 */
export function cliContext(env: { database: Database; config: AppConfig }): AppContext {
  const log = pino({ level: 'silent' });
  const mailer = createMailer({
    smtpUrl: env.config.SMTP_URL,
    from: env.config.MAIL_FROM,
    dataDir: env.config.dataDir,
    log,
  });
  return createContext({ config: env.config, database: env.database, mailer, log });
}
