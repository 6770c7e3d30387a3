import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Job } from './job.ts';
import * as repo from './lease.repository.ts';
import { currentLoopObserver } from './loop-observer.ts';

/** A name for this process's claim on a lease: host, pid and a random part (two jobs never share one). */
export function leaseHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * The one background-job primitive: runs `tick` every intervalMs on the one app instance holding the named
 * lease; the others run `standby`.
 * The lease (database clock) outlives a tick by a margin and expires when its holder dies, so another
 * instance takes over. Ticks never overlap; stop() waits for the current one and gives the lease up.
 */
export function startLeasedLoop(options: {
  name: string;
  database: Database;
  log: Logger;
  intervalMs: number;
  /** When the first tick runs (default at once); housekeeping waits so a starting server answers first. */
  firstTickAfterMs?: number;
  leaseTtlMs?: number;
  holder?: string;
  tick: (control: { stopping: () => boolean }) => Promise<void>;
  standby?: () => Promise<void>;
  onError: (error: unknown) => void;
  afterTick?: () => void;
}): Job {
  const holder = options.holder ?? leaseHolderId();
  const ttl = options.leaseTtlMs ?? Math.max(30_000, options.intervalMs * 3);
  let stopping = false;
  let leased = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  // The app's metrics, when the loop was started under withLoopObserver (workers.ts).
  const observer = currentLoopObserver();

  async function runTick() {
    const startedAt = performance.now();
    let ok = true;
    try {
      leased = await repo.acquireLease(options.database.db, options.name, holder, ttl);
      // stop() may have been called while the lease was being taken (perhaps just released by a stopping
      // peer): no new work then; stop() gives the lease back.
      if (stopping) return;
      if (leased) await options.tick({ stopping: () => stopping });
      else await options.standby?.();
    } catch (error) {
      ok = false;
      options.onError(error);
    } finally {
      observer?.tickEnded(options.name, {
        leased,
        ok,
        endedAt: Date.now(),
        durationMs: performance.now() - startedAt,
      });
      options.afterTick?.();
    }
  }

  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = null;
      current = runTick().finally(() => {
        current = null;
        schedule(options.intervalMs);
      });
    }, delay);
  }

  observer?.loopStarted(options.name, Date.now());
  schedule(options.firstTickAfterMs ?? 0);
  options.log.info({ job: options.name, holder, intervalMs: options.intervalMs }, 'job started');

  return {
    name: options.name,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (current) await current;
      if (leased) {
        await repo.releaseLease(options.database.db, options.name, holder).catch((error: unknown) => {
          options.log.warn({ err: error, job: options.name }, 'could not release the job lease');
        });
      }
      observer?.loopStopped(options.name);
      options.log.info({ job: options.name }, 'job stopped');
    },
  };
}
