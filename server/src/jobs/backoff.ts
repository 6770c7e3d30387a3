/**
 * The one retry schedule helper of the outboxes and senders (mail, Telegram, webhooks, TRON withdrawals):
 * attempt → delay. Each caller keeps its own numbers; only the arithmetic lives here.
 */

/**
 * The wait after the `failures`-th failed attempt (1 for the first) from a listed schedule. Past the list it
 * is `after` (default: the list's last wait, repeated). `jitter` (a fraction, e.g. 0.1 for ±10 %) spreads
 * the wait so callers that failed together are not retried in the same second; `random` is its source.
 */
export function scheduledDelayMs(
  schedule: readonly number[],
  failures: number,
  options: { after?: number; jitter?: number; random?: () => number } = {},
): number {
  const base = schedule[failures - 1] ?? options.after ?? schedule[schedule.length - 1]!;
  if (options.jitter === undefined) return base;
  const random = options.random ?? Math.random;
  return Math.round(base * (1 - options.jitter + 2 * options.jitter * random()));
}

/** An exponential wait: `baseMs` after the first failed attempt, doubling each time, never above `maxMs`. */
export function exponentialDelayMs(failures: number, options: { baseMs: number; maxMs: number }): number {
  return Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, failures - 1));
}
