import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import * as leases from './lease.repository.ts';
import { startLeasedLoop } from './leased-loop.ts';

const silent = pino({ level: 'silent' });
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Waits (polling, no fixed sleep) until a condition holds; fails after 10 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A loop under a test name that counts its ticks and standbys and checks ticks never overlap. */
function countingLoop(name: string, holder: string, options: { leaseTtlMs?: number; tickMs?: number } = {}) {
  const counts = { ticks: 0, standbys: 0, running: 0, overlapped: false };
  const job = startLeasedLoop({
    name,
    database,
    log: silent,
    intervalMs: 5,
    leaseTtlMs: options.leaseTtlMs,
    holder,
    async tick() {
      counts.running += 1;
      if (counts.running > 1) counts.overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, options.tickMs ?? 1));
      counts.ticks += 1;
      counts.running -= 1;
    },
    async standby() {
      counts.standbys += 1;
    },
    onError(error) {
      throw error;
    },
  });
  return { job, counts };
}

describe('lease repository', () => {
  it('gives a lease to one holder at a time, renews it for that holder, and lets it go on release', async () => {
    expect(await leases.acquireLease(database.db, 'repo-a', 'one', 60_000)).toBe(true);
    expect(await leases.acquireLease(database.db, 'repo-a', 'two', 60_000)).toBe(false);
    expect(await leases.acquireLease(database.db, 'repo-a', 'one', 60_000)).toBe(true);
    expect(await leases.leaseHolder(database.db, 'repo-a')).toBe('one');
    await leases.releaseLease(database.db, 'repo-a', 'two');
    expect(await leases.leaseHolder(database.db, 'repo-a')).toBe('one');
    await leases.releaseLease(database.db, 'repo-a', 'one');
    expect(await leases.acquireLease(database.db, 'repo-a', 'two', 60_000)).toBe(true);
  });

  it('lets another holder take over a lease whose holder stopped renewing it (database clock)', async () => {
    // A negative TTL is a lease that expired already by the database's own clock: a holder that died.
    expect(await leases.acquireLease(database.db, 'repo-b', 'dead', -1_000)).toBe(true);
    expect(await leases.leaseHolder(database.db, 'repo-b')).toBeNull();
    expect(await leases.acquireLease(database.db, 'repo-b', 'alive', 60_000)).toBe(true);
    expect(await leases.leaseHolder(database.db, 'repo-b')).toBe('alive');
  });
});

describe('leased loop', () => {
  // Counted after both stopped: a loop told to stop starts no tick, even if its peer's release lets it take the lease.
  it('runs on one of two holders only; the other stands by; ticks never overlap', async () => {
    const a = countingLoop('loop-two', 'holder-a', { tickMs: 5 });
    const b = countingLoop('loop-two', 'holder-b', { tickMs: 5 });
    try {
      await until(() => a.counts.ticks + b.counts.ticks >= 10, 'ten ticks');
      await until(() => a.counts.standbys + b.counts.standbys >= 3, 'standbys');
    } finally {
      await Promise.all([a.job.stop(), b.job.stop()]);
    }
    const ran = [a, b].filter((loop) => loop.counts.ticks > 0);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.counts.standbys).toBe(0);
    expect(a.counts.overlapped || b.counts.overlapped).toBe(false);
  });

  it('takes over when the holder died (its lease expired) and releases the lease on stop', async () => {
    await leases.acquireLease(database.db, 'loop-takeover', 'dead-instance', 1_000);
    const survivor = countingLoop('loop-takeover', 'survivor');
    try {
      await until(() => survivor.counts.standbys > 0, 'a standby while the dead holder’s lease lasts');
      await until(() => survivor.counts.ticks > 0, 'the takeover');
      expect(await leases.leaseHolder(database.db, 'loop-takeover')).toBe('survivor');
    } finally {
      await survivor.job.stop();
    }
    expect(await leases.leaseHolder(database.db, 'loop-takeover')).toBeNull();
    const next = countingLoop('loop-takeover', 'next');
    try {
      await until(() => next.counts.ticks > 0, 'the next holder to run at once');
      expect(next.counts.standbys).toBe(0);
    } finally {
      await next.job.stop();
    }
  });

  // A graceful shutdown hands the work over at once: the standby's next tick takes the lease the stopped
  // holder gave back, long before that lease (60 s here, beyond the 10 s wait) would have expired.
  it('hands the lease to a running standby at its next tick when the holder stops', async () => {
    const first = countingLoop('loop-handoff', 'first', { leaseTtlMs: 60_000 });
    await until(() => first.counts.ticks > 0, 'the first holder to run');
    const second = countingLoop('loop-handoff', 'second', { leaseTtlMs: 60_000 });
    try {
      await until(() => second.counts.standbys > 0, 'the second to stand by');
      await first.job.stop();
      await until(() => second.counts.ticks > 0, 'the second to take over');
      expect(await leases.leaseHolder(database.db, 'loop-handoff')).toBe('second');
    } finally {
      await Promise.all([first.job.stop(), second.job.stop()]);
    }
  });

  it('stop() waits for the tick under way before it returns', async () => {
    let finished = false;
    let started = false;
    const job = startLeasedLoop({
      name: 'loop-stop',
      database,
      log: silent,
      intervalMs: 5,
      holder: 'stopper',
      async tick() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
      },
      onError(error) {
        throw error;
      },
    });
    await until(() => started, 'the tick to start');
    await job.stop();
    expect(finished).toBe(true);
    expect(await leases.leaseHolder(database.db, 'loop-stop')).toBeNull();
  });
});
