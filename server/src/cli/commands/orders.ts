// Use cases of `npm run admin`: rate-set (the manual USDT/RUB rate) and set-fee / set-reward (user-terms.ts).
import { bpsToPercent, kopecksToRubleString, percentToBps } from '@app/shared';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { cliContext } from './cli-context.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** `npm run admin -- rate-set 92.50`: the manual USDT/RUB rate orders are priced at, stored with its time. */
export const rateSetCommand: AdminCommand = {
  name: 'rate-set',
  usage: 'rate-set RUB_PER_USDT',
  summary: 'Sets the USDT/RUB rate (RATE_SOURCE=manual), e.g. rate-set 92.50; a decimal comma works too.',
  async run({ positional }, env) {
    const [value] = positional;
    if (!value) throw new UsageError('expected the rate in rubles per USDT, e.g. 92.50');
    let rate: Awaited<ReturnType<ReturnType<typeof cliContext>['rates']['record']>>;
    try {
      const { rates } = cliContext(env);
      rate = await env.database.db.transaction(async (tx) => {
        const [before] = await rates.history(1, tx);
        const after = await rates.record({ rate: value, source: 'manual', setBy: 'admin rate-set' }, tx);
        await recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'rate.set',
          before: before && { rub_per_usdt: kopecksToRubleString(before.rateKopecks), source: before.source },
          after: { rub_per_usdt: kopecksToRubleString(after.rateKopecks), source: 'manual' },
        });
        return after;
      });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(error.message);
      throw error;
    }
    const rubles = `${rate.rateKopecks / 100n}.${(rate.rateKopecks % 100n).toString().padStart(2, '0')}`;
    env.print(`USDT/RUB rate is ${rubles}, set at ${rate.checkedAt.toISOString()}.`);
    if (env.config.RATE_SOURCE !== 'manual') {
      env.print(`Note: RATE_SOURCE is ${env.config.RATE_SOURCE}; its next poll replaces this rate.`);
    }
    return 0;
  },
};

function percentageCommand(kind: 'fee' | 'reward'): AdminCommand {
  const name = kind === 'fee' ? 'set-fee' : 'set-reward';
  return {
    name,
    usage: `${name} EMAIL PCT`,
    summary:
      kind === 'fee'
        ? "Sets a merchant's fee in percent (0–100, 2 decimals); it may not be below any trader's reward."
        : "Sets a trader's reward in percent (0–100, 2 decimals); it may not be above any merchant's fee.",
    async run({ positional }, env) {
      const [email, pct] = positional;
      const bps = pct === undefined ? null : percentToBps(pct);
      if (!email || bps === null)
        throw new UsageError('expected EMAIL and a percentage from 0 to 100, e.g. 2.5');
      const field = kind === 'fee' ? 'fee_pct' : 'reward_pct';
      const result = await cliContext(env).userTerms.setPercentage(email, kind, bps, (tx, change) =>
        recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: kind === 'fee' ? 'user.fee' : 'user.reward',
          target: change.email,
          before: { [field]: bpsToPercent(change.beforeBps) },
          after: { [field]: bpsToPercent(change.afterBps) },
        }),
      );
      if (!result.ok) {
        env.print(result.reason);
        return 1;
      }
      env.print(
        `${result.email}: ${kind === 'fee' ? 'merchant fee' : 'trader reward'} is now ${pct!.replace(',', '.')} %.`,
      );
      return 0;
    },
  };
}

export const setFeeCommand = percentageCommand('fee');
export const setRewardCommand = percentageCommand('reward');
