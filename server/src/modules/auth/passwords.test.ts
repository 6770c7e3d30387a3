import { describe, expect, it, vi } from 'vitest';

// Counts the argon2 computations running at the same moment, around the real library.
const inFlight = vi.hoisted(() => ({ now: 0, max: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight.now++;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      try {
        return await fn(...args);
      } finally {
        inFlight.now--;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { createPasswordHasher } = await import('./passwords.ts');
const { createConcurrencyLimit } = await import('./concurrency-limit.ts');

describe('bounded argon2', () => {
  it('never runs more than PASSWORD_HASH_CONCURRENCY computations at once, and every one completes', async () => {
    const hasher = createPasswordHasher({ concurrency: 2 });
    const stored = await hasher.hash('Str0ng!Pass');
    inFlight.max = 0;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => hasher.verify(stored, 'Str0ng!Pass')),
      ...Array.from({ length: 4 }, () => hasher.verify(stored, 'Wrong!Pass1')),
      ...Array.from({ length: 4 }, () => hasher.verify(undefined, 'Str0ng!Pass')),
      hasher.hash('An0ther!Pass').then(Boolean),
    ]);
    expect(results).toEqual([...Array(6).fill(true), ...Array(8).fill(false), true]);
    expect(inFlight.max).toBe(2);
    expect(inFlight.now).toBe(0);
  });
});

describe('concurrency limit', () => {
  it('runs at most N tasks at once, in arrival order, and frees a slot when a task fails', async () => {
    const limit = createConcurrencyLimit(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (i === 4) throw new Error('task 4 failed');
        return i;
      }),
    );
    const settled = Promise.allSettled(tasks);
    // Release whichever tasks are running until all have run.
    while (started.length < 10 || releases.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    const outcomes = await settled;
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(outcomes.filter((s) => s.status === 'fulfilled')).toHaveLength(9);
    expect(outcomes[4]!.status).toBe('rejected');
    expect(limit.queued).toBe(0);
  });
});
