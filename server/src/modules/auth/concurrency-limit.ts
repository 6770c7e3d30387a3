/**
 * Runs at most `limit` tasks at once; the others wait in arrival order. Used to bound argon2 work, so a
 * flood of sign-ins queues here instead of filling libuv's thread pool that every other request needs.
 */
export function createConcurrencyLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('concurrency limit must be a positive integer');
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    /** Runs `task` when a slot is free and settles with its result. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      // The slot is handed over by release() without decrementing, so no newcomer can jump the queue.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks waiting for a slot (for tests and diagnostics). */
    get queued() {
      return waiting.length;
    },
  };
}
