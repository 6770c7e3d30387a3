/**
 * Use cases: the console's USDT/RUB rate: the current one with its source and age, the configured source and the
 * last 30 rates; setting a manual rate (the CLI's rate-set) with a mailed code, audited in the same transaction.
 */
import { ADMIN_MESSAGES, type AdminRate, kopecksToRubleString } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fieldErrors } from '../../lib/http-errors.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import type { AdminCodes } from './admin-codes.ts';

const HISTORY = 30;

export function createAdminRate(deps: {
  database: Database;
  rates: RatesService;
  config: Pick<AppConfig, 'RATE_MAX_AGE_S' | 'RATE_SOURCE'>;
  codes: AdminCodes;
  now: () => Date;
}) {
  async function read(): Promise<AdminRate> {
    const history = await deps.rates.history(HISTORY);
    const entry = (rate: (typeof history)[number]) => ({
      rub_per_usdt: kopecksToRubleString(rate.rateKopecks),
      source: rate.source,
      set_by: rate.setBy,
      at: rate.setAt.toISOString(),
    });
    const current = history[0];
    return {
      current: current ? entry(current) : null,
      age_s: current
        ? Math.max(0, Math.round((deps.now().getTime() - current.checkedAt.getTime()) / 1000))
        : null,
      max_age_s: deps.config.RATE_MAX_AGE_S,
      configured_source: deps.config.RATE_SOURCE,
      history: history.map(entry),
    };
  }

  return {
    /** GET api/v1/admin/rate/. */
    async rate(user: SessionUser): Promise<AdminRate> {
      requireAdmin(user);
      return read();
    },

    /** PUT api/v1/admin/rate/ {rub_per_usdt, otp}: a manual rate set by the admin; 400 {rub_per_usdt} out of range. */
    async setRate(user: SessionUser, rubPerUsdt: string, otp: string): Promise<AdminRate> {
      const actor = requireAdmin(user);
      await deps.codes.confirm(user, 'set_rate', otp);
      const text = rubPerUsdt.replace(',', '.');
      await deps.database.db.transaction(async (tx) => {
        const before = (await deps.rates.history(1, tx))[0];
        let after: Awaited<ReturnType<RatesService['record']>>;
        try {
          after = await deps.rates.record({ rate: text, source: 'manual', setBy: user.email }, tx);
        } catch (error) {
          if (error instanceof RangeError)
            throw fieldErrors({ rub_per_usdt: [ADMIN_MESSAGES.rateOutOfRange] });
          throw error;
        }
        await recordAudit(tx, actor, {
          action: 'rate.set',
          target: 'USDT/RUB',
          before: before
            ? { rub_per_usdt: kopecksToRubleString(before.rateKopecks), source: before.source }
            : null,
          after: { rub_per_usdt: kopecksToRubleString(after.rateKopecks), source: after.source },
        });
      });
      return read();
    },
  };
}
