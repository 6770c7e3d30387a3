import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { sessions as sessionsTable } from '../../db/schema/index.ts';
import { leaseHolder } from '../../jobs/lease.repository.ts';
import * as loginFailures from './login-failures.repository.ts';
import {
  purgeExpiredSessions,
  purgeStaleLoginFailures,
  REVOKED_SESSION_RETENTION_MS,
  SESSION_EXPIRY,
  startSessionExpiry,
} from './session-expiry.ts';
import * as sessions from './sessions.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
/** The clock the expiry job reads; tests move it instead of waiting. */
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_HOURS: '24', SESSION_MAX_DAYS: '7' });
});
afterAll(async () => {
  await t?.close();
});

/** Inserts a session of a fresh user with the given times (relative to the test clock) and returns its token hash. */
async function session(times: { lastSeenAgo: number; expiresIn: number; revokedAgo?: number }) {
  const { user } = await insertUser(t);
  const tokenHash = createHash('sha256').update(randomBytes(16)).digest('hex');
  const at = clock.getTime();
  await sessions.insertSession(t.database.db, {
    userId: user.id,
    tokenHash,
    createdAt: new Date(at - times.lastSeenAgo),
    lastSeenAt: new Date(at - times.lastSeenAgo),
    expiresAt: new Date(at + times.expiresIn),
    revokedAt: times.revokedAgo === undefined ? null : new Date(at - times.revokedAgo),
  });
  return tokenHash;
}

async function remaining(hashes: string[]): Promise<string[]> {
  const rows = await t.database.db.select().from(sessionsTable);
  return hashes.filter((hash) => rows.some((row) => row.tokenHash === hash));
}

describe('session expiry', () => {
  it('deletes sessions past absolute or idle expiry and those revoked more than the retention ago, and keeps the rest', async () => {
    clock = new Date(Date.now() + 30 * DAY);
    const live = await session({ lastSeenAgo: HOUR, expiresIn: DAY });
    const absolute = await session({ lastSeenAgo: HOUR, expiresIn: -1 });
    const idle = await session({ lastSeenAgo: 25 * HOUR, expiresIn: 3 * DAY });
    const revokedRecently = await session({ lastSeenAgo: HOUR, expiresIn: DAY, revokedAgo: HOUR });
    const revokedLongAgo = await session({
      lastSeenAgo: HOUR,
      expiresIn: DAY,
      revokedAgo: REVOKED_SESSION_RETENTION_MS + HOUR,
    });
    const all = [live, absolute, idle, revokedRecently, revokedLongAgo];

    expect(await purgeExpiredSessions({ ...t.ctx, now: () => clock })).toBe(3);
    expect(await remaining(all)).toEqual([live, revokedRecently]);

    // Time passes: the live one goes idle, the recent revocation ages past the retention.
    clock = new Date(clock.getTime() + REVOKED_SESSION_RETENTION_MS);
    expect(await purgeExpiredSessions({ ...t.ctx, now: () => clock })).toBe(2);
    expect(await remaining(all)).toEqual([]);
  });

  it('runs as a periodic leased job that deletes dead sessions and gives its lease up on stop', async () => {
    clock = new Date(Date.now() + 60 * DAY);
    const dead = await session({ lastSeenAgo: HOUR, expiresIn: -HOUR });
    const live = await session({ lastSeenAgo: HOUR, expiresIn: DAY });
    const job = startSessionExpiry({ ...t.ctx, now: () => clock }, { intervalMs: 10, holder: 'expiry-test' });
    try {
      const deadline = Date.now() + 10_000;
      while ((await remaining([dead])).length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await job.stop();
    }
    expect(await remaining([dead, live])).toEqual([live]);
    expect(await leaseHolder(t.database.db, SESSION_EXPIRY)).toBeNull();
  });

  it('forgets sign-in failure counts whose window is over, but never a lock in force', async () => {
    const rules = { maxFailures: 2, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
    const at = clock.getTime();
    const old = `old-${randomBytes(4).toString('hex')}@example.com`;
    const locked = `locked-${randomBytes(4).toString('hex')}@example.com`;
    const fresh = `fresh-${randomBytes(4).toString('hex')}@example.com`;
    await loginFailures.recordFailure(t.database.db, old, new Date(at - 20 * 60_000), rules);
    // Locked 20 minutes ago for 15 minutes… and locked again 5 minutes ago: in force now.
    await loginFailures.recordFailure(t.database.db, locked, new Date(at - 20 * 60_000), rules);
    await loginFailures.recordFailure(t.database.db, locked, new Date(at - 6 * 60_000), rules);
    await loginFailures.recordFailure(t.database.db, locked, new Date(at - 5 * 60_000), rules);
    await loginFailures.recordFailure(t.database.db, fresh, new Date(at - 60_000), rules);
    const ctx = { ...t.ctx, config: { ...t.ctx.config, LOGIN_FAILURE_WINDOW_MIN: 15 }, now: () => clock };
    expect(await purgeStaleLoginFailures(ctx)).toBeGreaterThanOrEqual(1);
    expect(await loginFailures.findFailures(t.database.db, old)).toBeUndefined();
    expect(await loginFailures.findFailures(t.database.db, fresh)).toBeDefined();
    expect(await loginFailures.lockedUntil(t.database.db, locked, clock)).not.toBeNull();
  });
});
