import fs from 'node:fs';
import path from 'node:path';
import { generateOps, type Op } from '../simulation/ops.ts';
import { execute, type RunResult, shrink } from '../simulation/run.ts';
import { createTemplate, type Engine } from '../simulation/world.ts';
import { parseArgs } from './commands/types.ts';

const USAGE = `Usage:
  npm run simulate -- [--seed N] [--ops N] [--concurrency N] [--engine pglite|postgres|both]
                      [--database-url URL] [--replay FILE] [--no-shrink] [--shrink-budget N] [--strict]
                      [--full-every N] [--window N]
  seed 1, ops 1000, concurrency 32, engine both; PostgreSQL: --database-url, TEST_DATABASE_URL or
  postgres://postgres@127.0.0.1:5432/test (a throwaway database is created and dropped on that server).
  --strict fails on a deadlock too (counted and reported otherwise).
  After every batch the invariants are checked on what it changed; --full-every N recomputes them all every N
  batches (default: spaced so the full checks take about 5 % of the time), and always after the last batch.
  --window N prints the rate every N ops (default 10000, or a tenth of a shorter run).
  Ctrl-C (SIGINT) ends the run after the batch in flight, with the full check and the summary; twice quits.
  --replay FILE runs the op list a failure wrote (one op at a time) instead of generating one.`;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
}

/** The rate per window of ops (the start and the end of a long run side by side), printed as each closes. */
class RateWindows {
  first: string | undefined;
  last: string | undefined;
  private from = 0;
  private since = performance.now();

  constructor(private readonly size: number) {}

  start() {
    this.since = performance.now();
  }

  record(done: number, checks: RunResult['checks']): string | undefined {
    return done - this.from >= this.size ? this.close(done, checks) : undefined;
  }

  /** Closes the partial window the run ended in (none when it ended on a boundary). */
  flush(done: number, checks: RunResult['checks']): string | undefined {
    return done > this.from ? this.close(done, checks) : undefined;
  }

  private close(done: number, checks: RunResult['checks']): string {
    const now = performance.now();
    const rate = `${Math.round(((done - this.from) * 1000) / (now - this.since))} ops/s (ops ${this.from}–${done})`;
    this.first ??= rate;
    this.last = rate;
    this.from = done;
    this.since = now;
    return `${rate}; checks so far: ${checks.incremental.count} incremental, ${checks.full.count} full`;
  }
}

async function main() {
  const { flags } = parseArgs(process.argv.slice(2));
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const seed = positiveInt(flags.seed, 1, 'seed');
  const count = positiveInt(flags.ops, 1000, 'ops');
  const replayFile = flags.replay;
  const concurrency = replayFile ? 1 : positiveInt(flags.concurrency, 32, 'concurrency');
  const fullEvery =
    flags['full-every'] === undefined ? undefined : positiveInt(flags['full-every'], 1, 'full-every');
  const engineFlag = flags.engine ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(engineFlag)) throw new Error(USAGE);
  const engines: Engine[] = engineFlag === 'both' ? ['pglite', 'postgres'] : [engineFlag as Engine];
  const databaseUrl =
    flags['database-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const base = process.env.INIT_CWD ?? process.cwd();
  const ops: Op[] = replayFile
    ? (JSON.parse(fs.readFileSync(path.resolve(base, replayFile), 'utf8')) as { ops: Op[] }).ops
    : generateOps(seed, count);
  let failed = false;
  const stop = new AbortController();
  process.on('SIGINT', () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
    console.log(
      'stopping after the batch in flight (then the full check and the summary); Ctrl-C again quits',
    );
  });
  for (const engine of engines) {
    if (stop.signal.aborted) break;
    const template = await createTemplate(engine, databaseUrl);
    try {
      const windows = new RateWindows(
        positiveInt(
          flags.window,
          Math.min(10_000, Math.max(concurrency, Math.ceil(ops.length / 10))),
          'window',
        ),
      );
      const result = await execute(template, ops, {
        concurrency,
        fullEvery,
        signal: stop.signal,
        strict: flags.strict === 'true',
        onReady: () => windows.start(),
        onBatch(done, checks) {
          const line = windows.record(done, checks);
          if (line) console.log(`${engine}: ${line}`);
        },
      });
      const line = windows.flush(result.executed, result.checks);
      if (line) console.log(`${engine}: ${line}`);
      const seconds = result.elapsedMs / 1000;
      const rate = Math.round(result.executed / seconds);
      const { done, refused, skipped, deadlock } = result.outcomes;
      const { incremental, full } = result.checks;
      console.log(
        `${engine}: seed ${seed}, ${result.executed} ops at concurrency ${concurrency} in ${seconds.toFixed(1)} s ` +
          `(${rate} ops/s; done ${done}, refused ${refused}, skipped ${skipped}, deadlocked ${deadlock}): ` +
          (result.failure ? 'FAILED' : 'every invariant held after every batch') +
          (result.executed < ops.length && !result.failure
            ? ` (stopped by SIGINT of ${ops.length} ops)`
            : ''),
      );
      console.log(
        `  rate: first window ${windows.first ?? '-'}, last window ${windows.last ?? '-'}; invariants checked: ` +
          `${incremental.count} incremental (${(incremental.ms / 1000).toFixed(1)} s), ${full.count} full ` +
          `(${(full.ms / 1000).toFixed(1)} s, ${((100 * full.ms) / result.elapsedMs).toFixed(1)} % of the run); ` +
          `violations ${result.failure ? result.failure.messages.length : 0}`,
      );
      const { passes, tables, ms } = result.maintenance;
      console.log(
        `  table maintenance (the server's job, autovacuum's work where none runs): ${passes} passes, ` +
          `${tables} tables vacuumed or analyzed, ${(ms / 1000).toFixed(1)} s`,
      );
      const kinds = Object.entries(result.byKind).map(
        ([kind, counts]) => `${kind} ${counts.done}/${counts.refused}/${counts.skipped}/${counts.deadlock}`,
      );
      console.log(`  per op (done/refused/skipped/deadlocked): ${kinds.join(', ')}`);
      if (result.coverage) {
        const items = Object.entries(result.coverage).map(([item, count]) => `${item} ${count}`);
        console.log(`  exercised: ${items.join(', ')}`);
        const missed = Object.entries(result.coverage).filter(([, count]) => count === 0);
        if (missed.length > 0) console.log(`  never reached: ${missed.map(([item]) => item).join(', ')}`);
      }
      if (!result.failure) continue;
      failed = true;
      console.log(`seed ${seed}: failure after op ${result.failure.index} (${result.failure.check} check):`);
      for (const message of result.failure.messages) console.log(`  ${message}`);
      if (flags['no-shrink']) continue;
      const shrunk = await shrink(template, ops.slice(0, result.failure.index + 1), {
        budget: positiveInt(flags['shrink-budget'], 300, 'shrink-budget'),
        log: (line) => console.log(line),
      });
      if (!shrunk) {
        console.log('the failure does not happen one op at a time: it needs concurrency; rerun the seed.');
        continue;
      }
      const file = path.resolve(base, `simulation-failure-${engine}-seed-${seed}.json`);
      fs.writeFileSync(file, `${JSON.stringify({ seed, engine, ops: shrunk.ops }, null, 1)}\n`);
      console.log(`shortest sequence found (${shrunk.ops.length} ops, ${shrunk.replays} replays):`);
      for (const op of shrunk.ops) console.log(`  ${JSON.stringify(op)}`);
      for (const message of shrunk.messages) console.log(`  ${message}`);
      console.log(`replay: npm run simulate -- --engine ${engine} --replay ${path.relative(base, file)}`);
    } finally {
      await template.drop();
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
