/** Use case: the job that polls the USDT/RUB rate from a CoinGecko-compatible API. */
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';

export const RATE_POLLER = 'rate-poller';
const FETCH_TIMEOUT_MS = 10_000;

/**
 * Reads RUB per USDT from a CoinGecko-compatible simple-price answer: {"tether": {"rub": 92.47}}. Anything
 * else is refused rather than guessed.
 */
export function rubPerUsdtFrom(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const tether = (body as Record<string, unknown>).tether;
  if (!tether || typeof tether !== 'object') return null;
  const rub = (tether as Record<string, unknown>).rub;
  return typeof rub === 'number' && Number.isFinite(rub) && rub > 0 ? rub : null;
}

/** One poll: fetch the price and record it. Throws on a failed fetch or an unreadable answer. */
export async function pollRateOnce(
  ctx: Pick<AppContext, 'config' | 'rates'>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const response = await fetchImpl(ctx.config.RATE_API_URL, {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`rate API answered ${response.status}`);
  const rub = rubPerUsdtFrom(await response.json());
  if (rub === null) throw new Error('rate API answer has no tether.rub price');
  await ctx.rates.record({ rate: rub, source: 'coingecko', setBy: 'rate-poller' });
}

/**
 * With RATE_SOURCE=coingecko: polls RATE_API_URL every RATE_POLL_S on one instance (leased). A failing
 * source leaves the last rate in place until it ages past RATE_MAX_AGE_S, when routing stops and /health
 * says degraded.
 */
export function startRatePoller(
  ctx: AppContext,
  options: { fetch?: typeof fetch; holder?: string } = {},
): Job {
  const log = ctx.log.child({ job: RATE_POLLER });
  return startLeasedLoop({
    name: RATE_POLLER,
    database: ctx.database,
    log,
    intervalMs: ctx.config.RATE_POLL_S * 1000,
    holder: options.holder,
    tick: () => pollRateOnce(ctx, options.fetch),
    onError(error) {
      log.warn({ err: error }, 'rate poll failed; the last rate stays until it is too old');
    },
  });
}
