/** Use cases: the current USDT/RUB rate (cached for a second), set by an operator or the poller; its history. */
import { DEAL_MESSAGES, kopecksToRubleString, parseRateKopecks } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { ProblemError } from '../../lib/problem.ts';
import * as repo from './rates.repository.ts';

/** The USDT/RUB rate as stored: kopecks per USDT, where it came from and when its source last confirmed it. */
export interface Rate {
  rateKopecks: bigint;
  source: 'manual' | 'coingecko';
  setAt: Date;
  checkedAt: Date;
}

/**
 * Orders are priced in rubles and settled in USDT at the newest rate. A rate older than RATE_MAX_AGE_S stops
 * routing: pricing deals at a stale rate would move money at the wrong price.
 */
export const RATE_CACHE_MS = 1_000;

export function createRatesService(deps: {
  database: Database;
  config: Pick<AppConfig, 'RATE_MAX_AGE_S' | 'RATE_SOURCE'>;
  now: () => Date;
}) {
  const db = deps.database.db;
  const maxAgeMs = deps.config.RATE_MAX_AGE_S * 1000;
  // One read per second at most: every order needs the rate, and a rate changes far less often. Instances
  // see a new rate within a second of each other.
  let cached: { rate: Rate | null; readAt: number } | null = null;

  const toRate = (row: repo.RateRow): Rate => ({
    rateKopecks: row.rateKopecks,
    source: row.source,
    setAt: row.createdAt,
    checkedAt: row.checkedAt,
  });

  async function current(): Promise<Rate | null> {
    const at = deps.now().getTime();
    if (cached && at - cached.readAt < RATE_CACHE_MS) return cached.rate;
    const row = await repo.latest(db);
    cached = { rate: row ? toRate(row) : null, readAt: at };
    return cached.rate;
  }

  const isFresh = (rate: Rate) => deps.now().getTime() - rate.checkedAt.getTime() <= maxAgeMs;

  return {
    current,

    /** The rate to price an order with; 422 when there is none or it is stale (routing stops). */
    async requireFresh(): Promise<Rate> {
      const rate = await current();
      if (!rate) throw new ProblemError(422, 'rate-unavailable', DEAL_MESSAGES.rateMissing);
      if (!isFresh(rate)) throw new ProblemError(422, 'rate-unavailable', DEAL_MESSAGES.rateStale);
      return rate;
    },

    /**
     * Records a rate (the operator's `rate-set`, or a poll): a new row when it changed, otherwise only the
     * confirmation time of the newest row moves. `tx`, when given, is the caller's transaction (the console
     * writes its audit row in it).
     */
    async record(
      input: { rate: string | number; source: 'manual' | 'coingecko'; setBy?: string },
      tx: DbOrTx = db,
    ): Promise<Rate> {
      const rateKopecks = parseRateKopecks(input.rate);
      if (rateKopecks === null || rateKopecks < 100n || rateKopecks > 100_000_000n) {
        throw new RangeError(`not a rate between 1 and 1 000 000 RUB per USDT: ${String(input.rate)}`);
      }
      const at = deps.now();
      const latest = await repo.latest(tx);
      if (latest && latest.rateKopecks === rateKopecks && latest.source === input.source) {
        await repo.confirm(tx, latest.id, at);
        cached = null;
        return { ...toRate(latest), checkedAt: at };
      }
      const row = await repo.insert(tx, {
        rateKopecks,
        source: input.source,
        setBy: input.setBy ?? null,
        at,
      });
      cached = null;
      return toRate(row);
    },

    /** The newest `limit` rates with who set them, newest first (read in `tx` when given). */
    async history(limit: number, tx: DbOrTx = db): Promise<(Rate & { setBy: string | null })[]> {
      return (await repo.history(tx, limit)).map((row) => ({ ...toRate(row), setBy: row.setBy }));
    },

    /**
     * For /health: without a fresh rate the service is degraded (orders are refused) but not down: sign-ins,
     * wallets and open deals go on, so a load balancer must not take the instance out.
     */
    async healthCheck(): Promise<{ ok: boolean; degraded?: boolean; detail?: string }> {
      const rate = await current();
      if (!rate) return { ok: true, degraded: true, detail: 'no USDT/RUB rate set: orders refused' };
      const ageS = Math.round((deps.now().getTime() - rate.checkedAt.getTime()) / 1000);
      const detail = `${kopecksToRubleString(rate.rateKopecks)} RUB/USDT from ${rate.source}, confirmed ${ageS} s ago`;
      return isFresh(rate)
        ? { ok: true, detail }
        : { ok: true, degraded: true, detail: `${detail}: stale, orders refused` };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
