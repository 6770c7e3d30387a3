import fs from 'node:fs';
import path from 'node:path';
import { generateOps, type Op } from '../simulation/ops.ts';
import { execute, shrink } from '../simulation/run.ts';
import { createTemplate, type Engine } from '../simulation/world.ts';
import { parseArgs } from './commands/types.ts';

const USAGE = `Usage:
  npm run simulate -- [--seed N] [--ops N] [--concurrency N] [--engine pglite|postgres|both]
                      [--database-url URL] [--replay FILE] [--no-shrink] [--shrink-budget N] [--strict]
  seed 1, ops 1000, concurrency 32, engine both; PostgreSQL: --database-url, TEST_DATABASE_URL or
  postgres://postgres@127.0.0.1:5432/test (a throwaway database is created and dropped on that server).
  --strict fails on a deadlock too (counted and reported otherwise).
  --replay FILE runs the op list a failure wrote (one op at a time) instead of generating one.`;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
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
  for (const engine of engines) {
    const template = await createTemplate(engine, databaseUrl);
    try {
      let last = 0;
      const result = await execute(template, ops, {
        concurrency,
        strict: flags.strict === 'true',
        onBatch(done) {
          if (done - last >= 1000 || done === ops.length) {
            last = done;
            process.stderr.write(`\r${engine}: ${done}/${ops.length} ops`);
          }
        },
      });
      process.stderr.write('\n');
      const seconds = result.elapsedMs / 1000;
      const rate = Math.round(result.executed / seconds);
      const { done, refused, skipped, deadlock } = result.outcomes;
      console.log(
        `${engine}: seed ${seed}, ${result.executed} ops at concurrency ${concurrency} in ${seconds.toFixed(1)} s ` +
          `(${rate} ops/s; done ${done}, refused ${refused}, skipped ${skipped}, deadlocked ${deadlock}): ` +
          (result.failure ? 'FAILED' : 'every invariant held after every batch'),
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
      console.log(`seed ${seed}: failure after op ${result.failure.index}:`);
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
