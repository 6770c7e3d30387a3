// Use case: the operator sets a merchant's fee or a trader's reward (`admin set-fee` / `set-reward`), under the
// rule that keeps every deal's platform fee (fee − reward) from going negative.
import { bpsToPercent } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import * as repo from './user-terms.repository.ts';
import { findByEmail } from './users.repository.ts';

export function createUserTermsService(deps: {
  database: Database;
  config: Pick<AppConfig, 'MERCHANT_FEE_PCT' | 'TRADER_REWARD_PCT'>;
}) {
  const db = deps.database.db;
  const defaultFeeBps = Math.round(deps.config.MERCHANT_FEE_PCT * 100);
  const defaultRewardBps = Math.round(deps.config.TRADER_REWARD_PCT * 100);

  return {
    /**
     * The operator sets a merchant's fee or a trader's reward. The platform fee on a deal is their difference,
     * so a merchant's fee may not go below any trader's reward and a reward may not go above any merchant's
     * fee (checked under one lock, so two operators cannot each pass the check and break it together).
     */
    async setPercentage(
      email: string,
      kind: 'fee' | 'reward',
      bps: number,
      /** Runs in the change's transaction with the effective percent before and after (the audit row). */
      audit?: (tx: Tx, change: { email: string; beforeBps: number; afterBps: number }) => Promise<void>,
    ): Promise<{ ok: true; email: string } | { ok: false; reason: string }> {
      return db.transaction(async (tx) => {
        await repo.lockFeeRules(tx);
        const user = await findByEmail(tx, email);
        if (!user) return { ok: false, reason: `No user with email ${email}.` };
        const role = kind === 'fee' ? 'merchant' : 'trader';
        if (user.role !== role)
          return { ok: false, reason: `${user.email} is a ${user.role}, not a ${role}.` };
        const bounds = await repo.feeBounds(tx, { feeBps: defaultFeeBps, rewardBps: defaultRewardBps });
        if (kind === 'fee' && bps < bounds.maxRewardBps) {
          return {
            ok: false,
            reason: `A merchant fee of ${bpsToPercent(bps)} % is below a trader reward of ${bpsToPercent(bounds.maxRewardBps)} %: the platform fee would be negative.`,
          };
        }
        if (kind === 'reward' && bps > bounds.minFeeBps) {
          return {
            ok: false,
            reason: `A trader reward of ${bpsToPercent(bps)} % is above a merchant fee of ${bpsToPercent(bounds.minFeeBps)} %: the platform fee would be negative.`,
          };
        }
        await repo.setUserFees(tx, user.id, kind === 'fee' ? { feeBps: bps } : { rewardBps: bps });
        const beforeBps =
          kind === 'fee' ? (user.feeBps ?? defaultFeeBps) : (user.rewardBps ?? defaultRewardBps);
        await audit?.(tx, { email: user.email, beforeBps, afterBps: bps });
        return { ok: true, email: user.email };
      });
    },
  };
}

export type UserTermsService = ReturnType<typeof createUserTermsService>;
