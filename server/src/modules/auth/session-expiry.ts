// The session expiry job: deletes dead sessions and stale sign-in failure counts.
import type { AppContext } from '../../context.ts';
import { housekeepingJob } from '../../jobs/housekeeping-job.ts';
import * as loginFailures from './login-failures.repository.ts';
import * as sessions from './sessions.repository.ts';

export const SESSION_EXPIRY = 'session-expiry';
/** How often dead sessions are deleted; they are refused at once anyway, this only frees the rows. */
export const SESSION_EXPIRY_INTERVAL_MS = 15 * 60_000;
/**
 * Revoked sessions (sign-out, password reset) stay this long after revocation, so a support person looking
 * at a reported takeover still sees which sessions were ended and when; then they go too.
 */
export const REVOKED_SESSION_RETENTION_MS = 7 * 86_400_000;

/**
 * Deletes the sessions that can never be used again: past absolute expiry (SESSION_MAX_DAYS), idle longer
 * than SESSION_IDLE_HOURS, or revoked more than a week ago. Returns how many went.
 */
export function purgeExpiredSessions(ctx: Pick<AppContext, 'config' | 'database' | 'now'>): Promise<number> {
  const at = ctx.now().getTime();
  return sessions.deleteExpired(ctx.database.db, {
    now: new Date(at),
    idleSince: new Date(at - ctx.config.SESSION_IDLE_HOURS * 3_600_000),
    revokedBefore: new Date(at - REVOKED_SESSION_RETENTION_MS),
  });
}

/**
 * Deletes the sign-in failure counts that no longer matter: their window (LOGIN_FAILURE_WINDOW_MIN) is over
 * and no lock is in force. Returns how many went.
 */
export function purgeStaleLoginFailures(
  ctx: Pick<AppContext, 'config' | 'database' | 'now'>,
): Promise<number> {
  const at = ctx.now().getTime();
  return loginFailures.deleteStale(ctx.database.db, {
    now: new Date(at),
    windowStartedBefore: new Date(at - ctx.config.LOGIN_FAILURE_WINDOW_MIN * 60_000),
  });
}

/** The periodic session expiry: on every instance, always (it needs no chain), one at a time by lease. */
export const startSessionExpiry = housekeepingJob((ctx: AppContext) => ({
  name: SESSION_EXPIRY,
  intervalMs: SESSION_EXPIRY_INTERVAL_MS,
  run: async () => (await purgeExpiredSessions(ctx)) + (await purgeStaleLoginFailures(ctx)),
  doneMessage: 'expired sessions and stale sign-in failure counts deleted',
}));
