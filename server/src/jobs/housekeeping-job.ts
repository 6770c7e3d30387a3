import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Job } from './job.ts';
import { type JobStartOptions, serviceLoopJob } from './service-loop.ts';

/** A housekeeping job as its module defines it: name, default interval, one pass and its log line. */
export type HousekeepingDefinition = {
  name: string;
  intervalMs: number;
  /** One pass; what it returns is logged when it is a count above zero. */
  run: () => Promise<number | undefined>;
  /** The log line for a pass that did something, e.g. 'expired sessions deleted'. */
  doneMessage?: string;
};

/**
 * A periodic housekeeping job on the service loop: nothing in it is urgent, so its first pass waits a minute
 * (or one interval, when shorter) and lets a starting server answer first; a failed pass is logged and
 * simply retried at the next interval. Returns the job's start function, like serviceLoopJob.
 */
export function housekeepingJob<Ctx extends { database: Database; log: Logger }>(
  define: (ctx: Ctx) => HousekeepingDefinition,
): (ctx: Ctx, options?: JobStartOptions) => Job {
  return (ctx, options = {}) => {
    const definition = define(ctx);
    const intervalMs = options.intervalMs ?? definition.intervalMs;
    const start = serviceLoopJob(() => ({
      ...definition,
      intervalMs,
      firstTickAfterMs: Math.min(intervalMs, 60_000),
    }));
    return start(ctx, { holder: options.holder });
  };
}
