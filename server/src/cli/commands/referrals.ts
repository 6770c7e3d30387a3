import { bpsToPercent, percentToBps } from '@app/shared';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { cliContext } from './cli-context.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** `npm run admin -- set-lead-share EMAIL PCT`: a lead's own share of the platform fee, recorded with the old one. */
export const setLeadShareCommand: AdminCommand = {
  name: 'set-lead-share',
  usage: 'set-lead-share EMAIL PCT',
  summary:
    "Sets a lead's share of the platform fee on their referred traders' deals in percent (0–100, 2 decimals); recorded in lead_share_changes.",
  async run({ positional }, env) {
    const [email, pct] = positional;
    const bps = pct === undefined ? null : percentToBps(pct);
    if (!email || bps === null || positional.length !== 2)
      throw new UsageError('expected EMAIL and a percentage from 0 to 100 with at most 2 decimals, e.g. 25');
    const result = await cliContext(env).referrals.setLeadShare(
      email,
      bps,
      'admin set-lead-share',
      (tx, change) =>
        recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'user.lead_share',
          target: change.email,
          before: { lead_share_pct: change.beforeBps === null ? null : bpsToPercent(change.beforeBps) },
          after: { lead_share_pct: bpsToPercent(change.afterBps) },
        }),
    );
    if (!result.ok) {
      env.print(result.reason);
      return 1;
    }
    env.print(`${result.email}: lead share is now ${pct!.replace(',', '.')} % of the platform fee.`);
    return 0;
  },
};
