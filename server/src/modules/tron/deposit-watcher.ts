/** Use case: the deposit watcher job (scans confirmed USDT transfers, credits ours, reports to /health). */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';
import { DEPOSIT_CURSOR, type DepositScanner } from './deposit-scanner.ts';
import * as repo from './tron.repository.ts';

export const DEPOSIT_WATCHER = 'deposit-watcher';

export interface DepositWatcherOptions {
  /** A scanner to use instead of the process's one (ctx.tron.scanner); tests only. */
  scanner?: DepositScanner;
  intervalMs?: number;
  /** How long without a successful scan before /health reports the watcher stale. */
  staleAfterMs?: number;
  holder?: string;
  leaseTtlMs?: number;
}

/**
 * The deposit watcher: on the instance holding its lease, scans the USDT contract's confirmed Transfer events
 * every TRON_POLL_INTERVAL_MS and credits those paying our addresses. Every instance reports in /health
 * whether scans are succeeding (the cursor's scanned_at is shared, so a standby sees the leader's progress),
 * and a watcher that has not reached TronGrid for a while says so there and in the log.
 */
export function startDepositWatcher(
  ctx: AppContext,
  options: DepositWatcherOptions = {},
): Job & { scanner: DepositScanner } {
  const { config, log } = ctx;
  const scanner = options.scanner ?? ctx.tron.scanner;
  if (!scanner) throw new Error('the deposit watcher needs TRONGRID_URL');
  const intervalMs = options.intervalMs ?? config.TRON_POLL_INTERVAL_MS;
  const staleAfterMs = options.staleAfterMs ?? Math.max(intervalMs * 5, 120_000);
  const startedAt = ctx.now().getTime();
  let lastSuccessAt: number | null = null;
  let lastError: string | null = null;
  let reportedStale = false;

  function health() {
    const at = ctx.now().getTime();
    const age = at - (lastSuccessAt ?? startedAt);
    const seconds = Math.round(age / 1000);
    if (age > staleAfterMs) {
      const reason = lastError ? `: ${lastError}` : '';
      // Degraded, not down: requests, routing and settlement go on without TronGrid; deposits are credited
      // once it answers again (the scan resumes from its cursor).
      return { ok: true, degraded: true, detail: `no successful TronGrid scan for ${seconds}s${reason}` };
    }
    return { ok: true, detail: lastSuccessAt === null ? 'starting' : `last scan ${seconds}s ago` };
  }
  ctx.health.set(DEPOSIT_WATCHER, health);

  const loop = startLeasedLoop({
    name: DEPOSIT_WATCHER,
    database: ctx.database,
    log,
    intervalMs,
    holder: options.holder,
    leaseTtlMs: options.leaseTtlMs,
    async tick({ stopping }) {
      const result = await scanner.scanContractEvents({ shouldStop: stopping });
      lastSuccessAt = ctx.now().getTime();
      lastError = null;
      if (result.credited > 0) log.info({ ...result }, 'deposit watcher: scan credited deposits');
    },
    async standby() {
      // Another instance scans; its progress is the shared cursor's scanned_at.
      const cursor = await repo.readCursor(ctx.database.db, DEPOSIT_CURSOR);
      if (cursor?.scannedAt) lastSuccessAt = Math.max(lastSuccessAt ?? 0, cursor.scannedAt.getTime());
    },
    onError(error) {
      // The first failure after a success is worth a line; the rest show up as staleness.
      if (lastError === null) log.warn({ err: error }, 'deposit watcher: scan failed');
      else log.debug({ err: error }, 'deposit watcher: scan failed again');
      lastError = error instanceof Error ? error.message : String(error);
    },
    afterTick() {
      const state = health();
      const stale = 'degraded' in state && state.degraded === true;
      if (stale && !reportedStale) {
        reportedStale = true;
        log.warn({ detail: state.detail }, 'deposit watcher is stale: TronGrid has not been reached');
      } else if (!stale && reportedStale) {
        reportedStale = false;
        log.info('deposit watcher reached TronGrid again');
      }
    },
  });

  return {
    name: DEPOSIT_WATCHER,
    scanner,
    async stop() {
      await loop.stop();
      ctx.health.delete(DEPOSIT_WATCHER);
    },
  };
}
