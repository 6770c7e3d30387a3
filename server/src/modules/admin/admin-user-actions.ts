/**
 * Use cases of the console's Users area (issue 27), the actions on one user, each with its audit row in the
 * action's own transaction and the CLI's rules (the same services the commands call): the lead flag, a
 * merchant's fee, a trader's reward, a lead's share, block and unblock (a block ends every session), a rating
 * adjustment, a balance adjustment through the ledger (audited-adjustments.ts), and a merchant's API keys.
 */
import {
  ADMIN_MESSAGES,
  type AdminApiKey,
  type AdminBalanceBody,
  type AdminRatingBody,
  type AdminUserDetail,
  type AdminUserPatchBody,
  bpsToPercent,
  parseRatingPoints,
  parseUsdt,
  percentToBps,
} from '@app/shared';
import { badRequest, fieldErrors, notFound } from '../../lib/http-errors.ts';
import { InsufficientFundsError } from '../ledger/ledger.service.ts';
import type { SessionUser, UserRow } from '../users/users.service.ts';
import * as users from '../users/users.service.ts';
import { type AuditActor, requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import type { AdminCodes } from './admin-codes.ts';
import { type AdminUsersDeps, userOr404 } from './admin-users.ts';
import { adjustBalanceAudited, adjustRatingAudited } from './audited-adjustments.ts';

/** A signed USDT amount ('+12.5', '-3', '2,5') in micro-USDT; null when it is not one. */
function signedMicro(text: string): bigint | null {
  const trimmed = text.trim().replace(',', '.');
  const negative = trimmed.startsWith('-');
  const micro = parseUsdt(trimmed.replace(/^[+-]/, ''));
  if (micro === null) return null;
  return negative ? -micro : micro;
}

type PercentField = 'fee_pct' | 'reward_pct' | 'lead_share_pct';
const PERCENT_FIELDS: PercentField[] = ['fee_pct', 'reward_pct', 'lead_share_pct'];
/** Which role a percent belongs to (the lead share to a lead of any role). */
const PERCENT_OWNER: Record<PercentField, (user: UserRow) => boolean> = {
  fee_pct: (user) => user.role === 'merchant',
  reward_pct: (user) => user.role === 'trader',
  lead_share_pct: (user) => user.isLead,
};

export function createAdminUserActions(
  deps: AdminUsersDeps,
  codes: AdminCodes,
  detailOf: (user: UserRow) => Promise<AdminUserDetail>,
) {
  const db = deps.database.db;

  async function setLead(actor: AuditActor, user: UserRow, isLead: boolean): Promise<void> {
    if (user.isLead === isLead) return;
    await db.transaction(async (tx) => {
      await users.setLeadById(tx, user.id, isLead);
      await recordAudit(tx, actor, {
        action: 'user.lead',
        target: user.email,
        before: { is_lead: user.isLead },
        after: { is_lead: isLead },
      });
    });
  }

  /** The fee or the reward through userTerms (the rule: no fee below any reward), audited in its transaction. */
  async function setPercent(actor: AuditActor, user: UserRow, field: PercentField, bps: number) {
    const audit =
      (action: 'user.fee' | 'user.reward' | 'user.lead_share') =>
      async (tx: Parameters<typeof recordAudit>[0], change: { beforeBps: number | null; afterBps: number }) =>
        recordAudit(tx, actor, {
          action,
          target: user.email,
          before: { [field]: change.beforeBps === null ? null : bpsToPercent(change.beforeBps) },
          after: { [field]: bpsToPercent(change.afterBps) },
        });
    if (field === 'lead_share_pct') {
      const result = await deps.referrals.setLeadShare(
        user.email,
        bps,
        actor.actor,
        audit('user.lead_share'),
      );
      if (!result.ok) throw fieldErrors({ [field]: [ADMIN_MESSAGES.termsWrongRole] });
      return;
    }
    const kind = field === 'fee_pct' ? 'fee' : 'reward';
    const result = await deps.userTerms.setPercentage(
      user.email,
      kind,
      bps,
      audit(kind === 'fee' ? 'user.fee' : 'user.reward'),
    );
    if (!result.ok) {
      throw fieldErrors({
        [field]: [kind === 'fee' ? ADMIN_MESSAGES.feeBelowReward : ADMIN_MESSAGES.rewardAboveFee],
      });
    }
  }

  /** Blocks (ending every session in the same transaction) or unblocks, with the reason in the audit row. */
  async function setBlocked(actor: AuditActor, user: UserRow, blocked: boolean, reason: string) {
    if ((user.blockedAt !== null) === blocked) return;
    await db.transaction(async (tx) => {
      const at = deps.now();
      await users.setBlocked(tx, user.id, blocked ? at : null);
      const ended = blocked ? await deps.auth.endAllSessions(tx, user.id) : 0;
      await recordAudit(tx, actor, {
        action: blocked ? 'user.block' : 'user.unblock',
        target: user.email,
        before: { blocked_at: user.blockedAt?.toISOString() ?? null },
        after: {
          blocked_at: blocked ? at.toISOString() : null,
          ...(blocked ? { sessions_ended: ended } : {}),
        },
        reason,
      });
    });
    // A blocked merchant's keys stop at once on this instance (others forget within seconds).
    if (blocked) deps.merchantKeys.forgetAuthenticated();
  }

  return {
    /**
     * PATCH api/v1/admin/users/{id}/. Everything is checked before anything changes: the roles the percents
     * belong to, the reason of a block, no self-block, then the one mailed code (change_terms for percents,
     * block_user for the block; a request may not need both). Each change is its own audited transaction.
     */
    async patchUser(caller: SessionUser, id: string, body: AdminUserPatchBody): Promise<AdminUserDetail> {
      const actor = requireAdmin(caller);
      const user = await userOr404(deps, id);
      const percents = PERCENT_FIELDS.flatMap((field) => {
        const text = body[field];
        if (text === undefined) return [];
        if (!PERCENT_OWNER[field](user)) throw fieldErrors({ [field]: [ADMIN_MESSAGES.termsWrongRole] });
        const bps = percentToBps(text);
        if (bps === null) throw fieldErrors({ [field]: [ADMIN_MESSAGES.percentInvalid] });
        return [{ field, bps }];
      });
      if (body.blocked !== undefined) {
        if (body.blocked && user.id === caller.id) throw badRequest(ADMIN_MESSAGES.cannotBlockSelf);
        if (!body.reason) throw fieldErrors({ reason: [ADMIN_MESSAGES.reasonRequired] });
        if (percents.length > 0) throw badRequest(ADMIN_MESSAGES.blockApart);
        await codes.confirm(caller, 'block_user', body.otp);
      } else if (percents.length > 0) {
        await codes.confirm(caller, 'change_terms', body.otp);
      }
      if (body.is_lead !== undefined) await setLead(actor, user, body.is_lead);
      // The lead share needs the lead flag the same request may just have set.
      const current = (await users.findById(db, user.id)) ?? user;
      for (const { field, bps } of percents) {
        if (!PERCENT_OWNER[field](current)) throw fieldErrors({ [field]: [ADMIN_MESSAGES.termsWrongRole] });
        await setPercent(actor, current, field, bps);
      }
      if (body.blocked !== undefined) await setBlocked(actor, current, body.blocked, body.reason!);
      return detailOf(await userOr404(deps, id));
    },

    /** POST api/v1/admin/users/{id}/rating/: penalty points on a trader (rating service), audited with it. */
    async adjustRating(caller: SessionUser, id: string, body: AdminRatingBody): Promise<AdminUserDetail> {
      const actor = requireAdmin(caller);
      const user = await userOr404(deps, id);
      if (user.role !== 'trader') throw badRequest(ADMIN_MESSAGES.ratingOnlyTraders);
      const tenths = parseRatingPoints(body.points);
      if (!tenths) throw fieldErrors({ points: [ADMIN_MESSAGES.ratingPointsInvalid] });
      await adjustRatingAudited(deps.rating, actor, user, tenths, body.reason);
      return detailOf(await userOr404(deps, id));
    },

    /** POST api/v1/admin/users/{id}/balance/: a ledger adjustment of available and its audit row, together. */
    async adjustBalance(caller: SessionUser, id: string, body: AdminBalanceBody): Promise<AdminUserDetail> {
      const actor = requireAdmin(caller);
      const user = await userOr404(deps, id);
      const amount = signedMicro(body.amount);
      if (!amount) throw fieldErrors({ amount: [ADMIN_MESSAGES.amountInvalid] });
      await codes.confirm(caller, 'adjust_balance', body.otp);
      try {
        await adjustBalanceAudited(deps, actor, user, amount, body.reason);
      } catch (error) {
        if (error instanceof InsufficientFundsError)
          throw fieldErrors({ amount: [ADMIN_MESSAGES.insufficientFunds] });
        throw error;
      }
      return detailOf(user);
    },

    /** GET api/v1/admin/users/{id}/api-keys/: every key of the user, revoked ones too, newest first. */
    async apiKeys(caller: SessionUser, id: string): Promise<{ results: AdminApiKey[] }> {
      requireAdmin(caller);
      const user = await userOr404(deps, id);
      return { results: (await deps.merchantKeys.listKeysForEmail(user.email)) ?? [] };
    },

    /** POST api/v1/admin/users/{id}/api-keys/{key_id}/revoke/: the key stops working at once; audited. */
    async revokeApiKey(caller: SessionUser, id: string, keyId: string): Promise<AdminApiKey> {
      const actor = requireAdmin(caller);
      const user = await userOr404(deps, id);
      const key = await deps.merchantKeys.revokeKeyById(keyId, {
        userId: user.id,
        audit: (tx, revoked) =>
          recordAudit(tx, actor, {
            action: 'api_key.revoke',
            target: user.email,
            before: { id: revoked.id, prefix: revoked.prefix, revoked_at: null },
            after: { id: revoked.id, prefix: revoked.prefix, revoked_at: revoked.revoked_at },
          }),
      });
      if (!key) throw notFound(ADMIN_MESSAGES.apiKeyNotFound);
      return key;
    },
  };
}
