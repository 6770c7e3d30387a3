/** Use case: the job that erases expired codes' sealed copies and purges old codes. */
import type { AppContext } from '../../context.ts';
import { housekeepingJob } from '../../jobs/housekeeping-job.ts';
import * as codes from './otp-expiry.repository.ts';

export const CODE_EXPIRY = 'otp-code-expiry';
/** A pass a minute: an expired reset code's sealed copy must not outlive the code by more than that. */
export const CODE_EXPIRY_INTERVAL_MS = 60_000;
/** Deleting old codes scans the table, so it runs at most once an hour. */
export const CODE_PURGE_INTERVAL_MS = 60 * 60_000;
/** Codes (used or not) are kept a day past their expiry: longer than any per-hour send limit looks back. */
export const CODE_RETENTION_MS = 86_400_000;

/** Deletes one-time codes that expired more than a day ago; returns how many went. */
export function purgeExpiredCodes(ctx: Pick<AppContext, 'database' | 'now'>): Promise<number> {
  return codes.deleteExpiredBefore(ctx.database.db, new Date(ctx.now().getTime() - CODE_RETENTION_MS));
}

/** Erases the sealed copies of expired codes (a live reset code's, kept for re-sending); returns how many. */
export function eraseExpiredSeals(ctx: Pick<AppContext, 'database' | 'now'>): Promise<number> {
  return codes.eraseExpiredSeals(ctx.database.db, ctx.now());
}

/**
 * The periodic code expiry: always running, one instance at a time by lease. Every pass erases the sealed
 * copies of codes that expired; once an hour (per process: a second instance taking the lease over only
 * purges early, which is harmless) it also deletes the codes past their retention.
 */
export const startCodeExpiry = housekeepingJob((ctx: AppContext) => {
  let lastPurge = 0;
  return {
    name: CODE_EXPIRY,
    intervalMs: CODE_EXPIRY_INTERVAL_MS,
    async run() {
      const erased = await eraseExpiredSeals(ctx);
      const at = ctx.now().getTime();
      if (at - lastPurge < CODE_PURGE_INTERVAL_MS) return erased;
      const purged = await purgeExpiredCodes(ctx);
      lastPurge = at;
      return erased + purged;
    },
    doneMessage: 'expired one-time codes erased or deleted',
  };
});
