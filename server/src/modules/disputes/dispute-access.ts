/**
 * Who may see and act on a dispute: the caller's dispute role (with spec §6's Telegram link), the disputes
 * a user sees, support-only actions, and the support block that keeps a dispute to one arbiter.
 */
import { DISPUTE_MESSAGES, type DisputeRole, isDisputeCompleted } from '@app/shared';
import type { Database, Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { TelegramService } from '../telegram/telegram.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import type { DisputeNotices } from './dispute-notices.ts';
import * as repo from './disputes.repository.ts';

export type DisputeUser = Pick<SessionUser, 'id' | 'role'>;

export const disputeNotFound = () => new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });

/** Spec §6: a trader sees trader files, a merchant merchant files, support both. */
export const mayView = (role: DisputeRole, side: 'trader' | 'merchant') =>
  role === 'support' || role === side;

export function createDisputeAccess(deps: {
  database: Database;
  /** Whether the Telegram-link rule applies (a bot is configured). */
  notices: Pick<DisputeNotices, 'telegramRequired'>;
  telegram: Pick<TelegramService, 'hasLinkedAccount'>;
}) {
  const db = deps.database.db;

  /**
   * Spec §6: the caller's dispute role; traders and merchants need a linked Telegram account (400) — when a
   * bot is configured. Without one no account can be linked, so the rule would shut every side out.
   */
  async function roleOf(user: DisputeUser): Promise<DisputeRole> {
    if (user.role === 'support') return 'support';
    // The operator console's admins are no side of a dispute and no arbiter: support decides disputes.
    if (user.role === 'admin') throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
    if (deps.notices.telegramRequired && !(await deps.telegram.hasLinkedAccount(user.id))) {
      throw new HttpError(400, { detail: DISPUTE_MESSAGES.telegramRequired });
    }
    return user.role;
  }

  function requireSupport(user: Pick<SessionUser, 'role'>) {
    if (user.role !== 'support') throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
  }

  /** Whether another support user holds a live block on the dispute. */
  async function blockedByOther(tx: Tx, disputeId: string, userId: string, at: Date) {
    const block = await repo.activeBlock(tx, disputeId, at);
    return block !== undefined && block.supportUserId !== userId;
  }

  return {
    roleOf,
    requireSupport,
    blockedByOther,

    /** A support-only action: the role check every disputes call makes (400 first), then 403 for the rest. */
    async requireSupportRole(user: DisputeUser): Promise<void> {
      await roleOf(user);
      requireSupport(user);
    },

    /** The dispute if `user` may see it (their deal, their order, or support), else 404. */
    async visible(user: DisputeUser, role: DisputeRole, id: string) {
      const row = isUuid(id) ? await repo.findWithDeal(db, id) : undefined;
      if (
        !row ||
        (role === 'trader' && row.deal.traderId !== user.id) ||
        (role === 'merchant' && row.deal.merchantId !== user.id)
      ) {
        throw disputeNotFound();
      }
      return row;
    },

    /**
     * Inside an action's transaction: the dispute locked, 404 when it does not exist, 409 when it is completed
     * or, for support, when another support user holds it (the sides always may act on theirs).
     */
    async lockActionable(tx: Tx, disputeId: string, actor: { id: string; role: DisputeRole }, at: Date) {
      const dispute = await repo.lockDispute(tx, disputeId);
      if (!dispute) throw disputeNotFound();
      if (isDisputeCompleted(dispute.status))
        throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
      if (actor.role === 'support' && (await blockedByOther(tx, dispute.id, actor.id, at))) {
        throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
      }
      return dispute;
    },
  };
}

export type DisputeAccess = ReturnType<typeof createDisputeAccess>;
