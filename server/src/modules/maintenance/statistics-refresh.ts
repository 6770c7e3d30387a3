/** Use case: the embedded engine's statistics refresh job (PGlite has no autovacuum). */
import type { AppContext } from '../../context.ts';
import { housekeepingJob } from '../../jobs/housekeeping-job.ts';
import * as repo from './maintenance.repository.ts';

export const STATISTICS_REFRESH = 'statistics-refresh';
/** How often the embedded database's planner statistics are refreshed. */
export const STATISTICS_REFRESH_INTERVAL_MS = 10 * 60_000;

/**
 * PostgreSQL's autovacuum keeps planner statistics fresh; the embedded PGlite has no autovacuum, so without
 * this job it never learns table sizes and picks scans that read a whole table (the payments list's count
 * sample took ~110 ms instead of ~1 ms at 10^5 methods). Runs only on the embedded engine.
 */
export const startStatisticsRefresh = housekeepingJob((ctx: AppContext) => ({
  name: STATISTICS_REFRESH,
  intervalMs: STATISTICS_REFRESH_INTERVAL_MS,
  run: async () => {
    await repo.analyzeAll(ctx.database.db);
    return undefined;
  },
}));
