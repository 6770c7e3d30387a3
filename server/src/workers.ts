import type { AppContext } from './context.ts';
import { startDepositWatcher } from './modules/tron/deposit-watcher.ts';
import { startWithdrawalSender } from './modules/tron/withdrawal-sender.ts';

/** A background job of the server process (deposit watcher, withdrawal sender, housekeeping). */
export interface Worker {
  name: string;
  stop(): Promise<void>;
}

/** Starts every background worker; the returned stop() waits for each to finish its current step. */
export function startWorkers(ctx: AppContext): { stop(): Promise<void> } {
  const workers: Worker[] = [];
  // The chain workers run only against a configured TronGrid (or the local simulator).
  if (ctx.config.TRONGRID_URL) workers.push(startDepositWatcher(ctx), startWithdrawalSender(ctx));
  ctx.log.debug({ workers: workers.map((worker) => worker.name) }, 'workers started');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
