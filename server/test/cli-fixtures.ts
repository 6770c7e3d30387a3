/** Runs an admin CLI command inside a test, as `npm run admin -- …` would, keeping what it printed. */
import { type AdminCommand, parseArgs } from '../src/cli/commands/types.ts';
import type { AppConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';

export interface CliEnv {
  database: Database;
  config: AppConfig;
}

/** The exit code and the printed lines of one command line. */
export async function runAdmin(command: AdminCommand, argv: string[], env: CliEnv) {
  const lines: string[] = [];
  const code = await command.run(parseArgs(argv), { ...env, print: (line) => lines.push(line) });
  return { code, lines };
}

/** The same, with the printed lines joined into one text (for tests that match on the whole output). */
export async function runAdminOutput(command: AdminCommand, argv: string[], env: CliEnv) {
  const { code, lines } = await runAdmin(command, argv, env);
  return { code, output: lines.join('\n') };
}

/** The database and config of a test app (read when the command runs: the app is made in beforeAll). */
export const appCliEnv = (t: TestApp): CliEnv => ({ database: t.database, config: t.ctx.config });
