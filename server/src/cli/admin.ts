import { ConfigError } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openCliDatabase } from './cli-database.ts';
import { ADMIN_COMMANDS } from './commands/index.ts';
import { parseArgs, UsageError } from './commands/types.ts';

function printHelp() {
  console.log('Usage: npm run admin -- <command> [options]\n');
  for (const command of ADMIN_COMMANDS) console.log(`  ${command.usage}\n      ${command.summary}`);
}

/** Operator tools: `npm run admin -- <command>`. Works on DATABASE_URL or the embedded database. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    if (name && name !== 'help' && name !== '--help') console.error(`Unknown command: ${name}\n`);
    printHelp();
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  let opened: Awaited<ReturnType<typeof openCliDatabase>>;
  try {
    opened = await openCliDatabase('npm run admin');
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await command.run(parseArgs(rest), { ...opened, print: (line) => console.log(line) });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: npm run admin -- ${command.usage}`);
      return 2;
    }
    throw error;
  } finally {
    await opened.database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
