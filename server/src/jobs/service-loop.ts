import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Job } from './job.ts';
import { startLeasedLoop } from './leased-loop.ts';

/** Where and how often the loop runs: the leased loop's own options, the lease's life included. */
type LoopPlace = Pick<
  Parameters<typeof startLeasedLoop>[0],
  'name' | 'database' | 'log' | 'intervalMs' | 'firstTickAfterMs' | 'leaseTtlMs' | 'holder'
>;

/** One pass: over at most `perTick` items when the job sets a limit; returns how many items it did. */
type PassStep =
  | {
      /** The most items one pass takes, so one pass never holds the lease for long; the next takes the rest. */
      perTick: number;
      run: (limit: number) => Promise<number | undefined>;
    }
  | { perTick?: undefined; run: () => Promise<number | undefined> };

/** What the loop logs. */
type LogLines = {
  /** The log line for a pass that did something, e.g. 'deals expired'. */
  doneMessage?: string;
  /** The log line for a failed pass (default `<name> failed; will retry`). */
  failMessage?: string;
};

/**
 * A job that calls one service step every intervalMs on the leased loop (one instance at a time): the step
 * does at most `perTick` items and says how many it did; a count above zero is logged as `doneMessage`, a
 * failed pass is logged as `failMessage` and simply retried at the next interval. The first pass waits
 * `firstTickAfterMs` (default one interval), so a starting server answers first.
 */
function startServiceLoop(options: LoopPlace & LogLines & PassStep): Job {
  const log = options.log.child({ job: options.name });
  return startLeasedLoop({
    name: options.name,
    database: options.database,
    log,
    intervalMs: options.intervalMs,
    firstTickAfterMs: options.firstTickAfterMs ?? options.intervalMs,
    leaseTtlMs: options.leaseTtlMs,
    holder: options.holder,
    async tick() {
      const count = options.perTick === undefined ? await options.run() : await options.run(options.perTick);
      if (count && options.doneMessage) log.info({ count }, options.doneMessage);
    },
    onError(error) {
      log.warn({ err: error }, options.failMessage ?? `${options.name} failed; will retry`);
    },
  });
}

/** What a caller may change when it starts a job: tests run it faster, a second instance names its holder. */
export type JobStartOptions = { intervalMs?: number; holder?: string };

/** The job as its module defines it: the loop's options but the place (database, log, holder). */
export type ServiceLoopDefinition = Omit<LoopPlace, 'database' | 'log' | 'holder'> & LogLines & PassStep;

/**
 * Turns a job's definition into its start function `(ctx, options?) => Job`, so a module writes only what is
 * its own (name, interval, step, messages); `define` runs once per start, so state it keeps is per job.
 */
export function serviceLoopJob<Ctx extends { database: Database; log: Logger }>(
  define: (ctx: Ctx) => ServiceLoopDefinition,
): (ctx: Ctx, options?: JobStartOptions) => Job {
  return (ctx, options = {}) => {
    const definition = define(ctx);
    return startServiceLoop({
      ...definition,
      database: ctx.database,
      log: ctx.log,
      intervalMs: options.intervalMs ?? definition.intervalMs,
      holder: options.holder,
    });
  };
}
