import type { AppContext } from './context.ts';

/** A background job of the server process (deposit watcher, withdrawal sender, housekeeping). */
export interface Worker {
  name: string;
  stop(): Promise<void>;
}

/** Starts every background worker; the returned stop() waits for each to finish its current step. */
export function startWorkers(ctx: AppContext): { stop(): Promise<void> } {
  const workers: Worker[] = [];
  ctx.log.debug({ workers: workers.map((worker) => worker.name) }, 'workers started');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
