import { parseArgs } from './commands/types.ts';
import { type CrashEngine, formatReport, runCrashLoop } from './crash-loop-runner.ts';

const USAGE = `Usage:
  npm run crash-loop -- [--kills N] [--engine pglite|postgres|both] [--max-up-ms MS] [--max-minutes M]
      Starts the real server under load (merchant orders with Idempotency-Key, trader confirmations and
      cancellations, terminal heartbeats, deposits and withdrawals through the in-process chain simulator),
      kills it with SIGKILL at random moments N times (default 200), then checks every acknowledged write,
      that nothing was applied twice, and admin ledger-verify. PostgreSQL: a throwaway database on
      TEST_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Exit 1 on
      any violation. --max-minutes stops killing (per engine) when the time is up; the checks still run.`;

async function main(argv: string[]): Promise<number> {
  const { flags } = parseArgs(argv);
  if (flags.help === 'true') {
    console.log(USAGE);
    return 0;
  }
  const kills = Number(flags.kills ?? 200);
  const engineFlag = flags.engine ?? 'both';
  if (!Number.isInteger(kills) || kills < 1 || !['pglite', 'postgres', 'both'].includes(engineFlag)) {
    console.error(USAGE);
    return 2;
  }
  const engines: CrashEngine[] = engineFlag === 'both' ? ['pglite', 'postgres'] : [engineFlag as CrashEngine];
  let failed = false;
  for (const engine of engines) {
    const report = await runCrashLoop({
      engine,
      kills,
      adminDatabaseUrl: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
      maxUpMs: flags['max-up-ms'] ? Number(flags['max-up-ms']) : undefined,
      maxMinutes: flags['max-minutes'] ? Number(flags['max-minutes']) : undefined,
      log: (line) => console.log(`[${engine}] ${line}`),
    });
    console.log(formatReport(report));
    for (const violation of report.violations) console.log(`  ${violation}`);
    if (report.violations.length > 0) failed = true;
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
