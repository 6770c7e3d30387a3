import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Job } from './job.ts';
import { startServiceLoop } from './service-loop.ts';

/**
 * A periodic housekeeping job on the service loop: nothing in it is urgent, so its first pass waits a minute
 * (or one interval, when shorter) and lets a starting server answer first; a failed pass is logged and
 * simply retried at the next interval.
 */
export function startHousekeepingJob(options: {
  name: string;
  database: Database;
  log: Logger;
  intervalMs: number;
  holder?: string;
  /** One pass; what it returns is logged when it is a count above zero. */
  run: () => Promise<number | undefined>;
  /** The log line for a pass that did something, e.g. 'expired sessions deleted'. */
  doneMessage?: string;
}): Job {
  return startServiceLoop({
    ...options,
    firstTickAfterMs: Math.min(options.intervalMs, 60_000),
    run: options.run,
  });
}
