import type { AppContext } from '../../context.ts';
import { startHousekeepingJob } from '../../jobs/housekeeping-job.ts';
import type { Job } from '../../jobs/job.ts';
import * as codes from './otp-expiry.repository.ts';

export const CODE_EXPIRY = 'otp-code-expiry';
export const CODE_EXPIRY_INTERVAL_MS = 60 * 60_000;
/** Codes (used or not) are kept a day past their expiry: longer than any per-hour send limit looks back. */
export const CODE_RETENTION_MS = 86_400_000;

/** Deletes one-time codes that expired more than a day ago; returns how many went. */
export function purgeExpiredCodes(ctx: Pick<AppContext, 'database' | 'now'>): Promise<number> {
  return codes.deleteExpiredBefore(ctx.database.db, new Date(ctx.now().getTime() - CODE_RETENTION_MS));
}

/** The periodic code expiry: always running, one instance at a time by lease. */
export function startCodeExpiry(
  ctx: AppContext,
  options: { intervalMs?: number; holder?: string } = {},
): Job {
  return startHousekeepingJob({
    name: CODE_EXPIRY,
    database: ctx.database,
    log: ctx.log,
    intervalMs: options.intervalMs ?? CODE_EXPIRY_INTERVAL_MS,
    holder: options.holder,
    run: () => purgeExpiredCodes(ctx),
    doneMessage: 'expired one-time codes deleted',
  });
}
