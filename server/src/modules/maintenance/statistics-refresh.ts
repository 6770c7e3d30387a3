import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';
import * as repo from './maintenance.repository.ts';

export const STATISTICS_REFRESH = 'statistics-refresh';
/** How often the embedded database's planner statistics are refreshed. */
export const STATISTICS_REFRESH_INTERVAL_MS = 10 * 60_000;

/**
 * PostgreSQL's autovacuum keeps planner statistics fresh; the embedded PGlite has no autovacuum, so without
 * this job it never learns table sizes and picks scans that read a whole table (the payments list's count
 * sample took ~110 ms instead of ~1 ms at 10^5 methods). Runs only on the embedded engine.
 */
export function startStatisticsRefresh(
  ctx: AppContext,
  options: { intervalMs?: number; holder?: string } = {},
): Job {
  const log = ctx.log.child({ job: STATISTICS_REFRESH });
  const intervalMs = options.intervalMs ?? STATISTICS_REFRESH_INTERVAL_MS;
  return startLeasedLoop({
    name: STATISTICS_REFRESH,
    database: ctx.database,
    log,
    intervalMs,
    firstTickAfterMs: Math.min(intervalMs, 60_000),
    holder: options.holder,
    async tick() {
      await repo.analyzeAll(ctx.database.db);
    },
    onError(error) {
      log.warn({ err: error }, 'statistics refresh failed; will retry');
    },
  });
}
