import { AsyncLocalStorage } from 'node:async_hooks';

/** What one pass of a leased loop did. */
export interface LoopTick {
  /** Whether this instance held the job's lease for the pass (and so ran the job's work). */
  leased: boolean;
  /** False when the pass threw (taking the lease, the work or the standby step). */
  ok: boolean;
  /** Wall-clock end of the pass, milliseconds since the epoch. */
  endedAt: number;
  durationMs: number;
}

/** Told of every leased loop's life (the app's metrics watch its jobs through one). */
export interface LoopObserver {
  loopStarted(name: string, startedAt: number): void;
  tickEnded(name: string, tick: LoopTick): void;
  loopStopped(name: string): void;
}

const current = new AsyncLocalStorage<LoopObserver>();

/**
 * Runs `start` so that every leased loop it starts reports to `observer`. A scope rather than a parameter:
 * the jobs are started by their modules' own start functions, and each app (a test may build several)
 * has its own metrics, so no process-wide observer is possible.
 */
export function withLoopObserver<T>(observer: LoopObserver, start: () => T): T {
  return current.run(observer, start);
}

/** The observer of the loops being started now, if any. */
export function currentLoopObserver(): LoopObserver | undefined {
  return current.getStore();
}
