import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/** Parsed command line: positional words and --flags (a flag without a value is "true"). */
export interface CliArgs {
  positional: string[];
  flags: Record<string, string>;
}

/** One `npm run admin -- <name> …` command. run() returns the process exit code. */
export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  run(
    args: CliArgs,
    env: { database: Database; config: AppConfig; print: (line: string) => void },
  ): Promise<number>;
}

/** Parses argv into positional words and --flag value pairs. */
export function parseArgs(argv: string[]): CliArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.startsWith('--')) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags[word.slice(2)] = next;
        i++;
      } else {
        flags[word.slice(2)] = 'true';
      }
    } else {
      positional.push(word);
    }
  }
  return { positional, flags };
}

/** Thrown for a wrong command line; the message is printed with the usage. */
export class UsageError extends Error {}

/** The --limit flag of an operator listing: a whole number from 1 to 10000, `fallback` when not given. */
export function limitFlag(flags: CliArgs['flags'], fallback: number): number {
  const limit = Number(flags.limit ?? fallback);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new UsageError('--limit must be a whole number from 1 to 10000');
  return limit;
}
