/** Use case: the job that tells traders a terminal fell silent (Telegram). */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';

export const OFFLINE_NOTICE = 'terminal-offline-notice';
/** How often the job looks for terminals that fell silent. */
export const OFFLINE_NOTICE_INTERVAL_MS = 5_000;
/** Terminals one transaction claims and notifies about; a pass goes on while batches come back full. */
export const OFFLINE_NOTICE_BATCH = 100;

/**
 * The "terminal went offline" notice: on one instance at a time (the lease), every few seconds the terminals
 * service claims the listed, Enabled terminals whose heartbeat grew older than TERMINAL_OFFLINE_AFTER_S and
 * writes their owners' Telegram notifications in the claiming transaction. The claim itself is safe across
 * instances too, so a silence is announced once even across a lease handover.
 *
 * The first pass waits one offline window: after the whole service was down, every terminal's heartbeat is
 * old, and the phones get that long to report again before anything is announced.
 */
export function startOfflineNotice(
  ctx: Pick<AppContext, 'database' | 'log' | 'config' | 'terminals'>,
  options: { holder?: string; intervalMs?: number; firstTickAfterMs?: number } = {},
): Job {
  const log = ctx.log.child({ job: OFFLINE_NOTICE });
  return startLeasedLoop({
    name: OFFLINE_NOTICE,
    database: ctx.database,
    log,
    intervalMs: options.intervalMs ?? OFFLINE_NOTICE_INTERVAL_MS,
    firstTickAfterMs: options.firstTickAfterMs ?? ctx.config.TERMINAL_OFFLINE_AFTER_S * 1000,
    holder: options.holder,
    async tick({ stopping }) {
      let total = 0;
      let claimed: number;
      do {
        claimed = await ctx.terminals.announceOffline(OFFLINE_NOTICE_BATCH);
        total += claimed;
      } while (claimed === OFFLINE_NOTICE_BATCH && !stopping());
      if (total > 0) log.info({ count: total }, 'terminals announced offline');
    },
    onError(error) {
      log.warn({ err: error }, 'terminal offline notice failed; will retry');
    },
  });
}
