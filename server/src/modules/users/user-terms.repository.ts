// Use case: the operator's fee and reward setting (user-terms.ts) — its lock, the bounds it checks against,
// and the write of a merchant's fee_bps or a trader's reward_bps.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';

/** Serialises fee and reward changes, so the rule between them holds under concurrent operators. */
export async function lockFeeRules(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deal-fee-rules'))`);
}

/** The highest reward any trader gets and the lowest fee any merchant pays, with the defaults for nulls. */
export async function feeBounds(tx: DbOrTx, defaults: { feeBps: number; rewardBps: number }) {
  const row = await selectRow<{ max_reward: number | null; min_fee: number | null }>(
    tx,
    sql`
    select
      (select max(coalesce(reward_bps, ${defaults.rewardBps})) from users where role = 'trader') as max_reward,
      (select min(coalesce(fee_bps, ${defaults.feeBps})) from users where role = 'merchant') as min_fee`,
  );
  return { maxRewardBps: row?.max_reward ?? defaults.rewardBps, minFeeBps: row?.min_fee ?? defaults.feeBps };
}

export async function setUserFees(tx: DbOrTx, id: string, values: { feeBps?: number; rewardBps?: number }) {
  await tx.update(users).set(values).where(eq(users.id, id));
}
