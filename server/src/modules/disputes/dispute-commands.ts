/**
 * What changes a dispute: opening one (merchant API, support), support's verdict, and support's block and
 * unblock; each deal move goes through the orders lifecycle in the dispute's transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  DISPUTE_MESSAGES,
  type DisputeResolution,
  type DisputeStatus,
  disputeOpenedText,
  disputeResolvedText,
  isDisputeCompleted,
  type MerchantDisputeBody,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { ProblemError } from '../../lib/problem.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import { moscowDateTime } from '../telegram/notification-texts.ts';
import { type DisputeAccess, type DisputeUser, disputeNotFound } from './dispute-access.ts';
import { attachFiles, type NewFile } from './dispute-evidence.ts';
import { enforceMerchantCaps, requireMerchantEvidence } from './dispute-limits.ts';
import { type DisputeNotices, noticeBothSides } from './dispute-notices.ts';
import { FINISHED_QUICKLY_MS, recordDisputeRating } from './dispute-rating.ts';
import * as repo from './disputes.repository.ts';
import * as usage from './evidence-usage.repository.ts';

export interface OpenOptions {
  inTransaction?: (tx: Tx, dispute: { id: string } & Record<string, unknown>) => Promise<void>;
  files?: NewFile[];
  /** Moves the stored bytes into place, inside the opening transaction. */
  commitFiles?: () => Promise<void>;
}

/** Who opens a dispute, and how its refusals must leave (problem details for the merchant API). */
type Opener = { role: 'merchant'; merchantId: string } | { role: 'support'; userId: string };

const VERDICT: Record<DisputeResolution, DisputeStatus> = {
  merchant: 'completed_towards_merchant',
  trader: 'completed_towards_trader',
  insufficient: 'deepconsideration',
};

const OUTCOME_TEXT: Record<DisputeResolution, string> = {
  merchant: 'решение в пользу мерчанта, сделка завершена',
  trader: 'решение в пользу трейдера, сделка отменена',
  insufficient: 'недостаточно доказательств, спор передан на дополнительное рассмотрение',
};

function refuse(opener: Opener, status: number, detail: string): never {
  if (opener.role === 'merchant') {
    throw new ProblemError(
      status,
      status === 404 ? 'not-found' : status === 409 ? 'conflict' : 'bad-request',
      detail,
    );
  }
  throw new HttpError(status, { detail });
}

export function createDisputeCommands(
  deps: {
    database: Database;
    config: Pick<
      AppConfig,
      | 'DISPUTE_WINDOW_H'
      | 'DISPUTE_EVIDENCE_H'
      | 'DISPUTE_BLOCK_TTL_MIN'
      | 'DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER'
      | 'DISPUTE_MAX_PER_MERCHANT_PER_DAY'
    >;
    orders: Pick<OrdersService, 'moveForDispute' | 'findDeal'>;
    /** Telegram messages with a bot, mail without one (dispute-notices.ts). */
    notices: DisputeNotices;
    /** Spec §9 ratings: the dispute's events move the trader's and the deal's method's points. */
    rating: Pick<RatingService, 'record'>;
    now: () => Date;
  },
  access: DisputeAccess,
) {
  const db = deps.database.db;
  const { config } = deps;

  /** The deal a merchant may dispute: its own order, else 404 (problem details). */
  async function merchantsDeal(merchantId: string, dealId: string) {
    const deal = isUuid(dealId) ? await deps.orders.findDeal(undefined, dealId) : undefined;
    if (!deal || deal.merchantId !== merchantId) {
      refuse({ role: 'merchant', merchantId }, 404, DISPUTE_MESSAGES.transactionNotFound);
    }
    return deal;
  }

  /**
   * Opens a dispute on a deal: in verification, or expired/canceled within DISPUTE_WINDOW_H (a merchant then
   * gives evidence of the payment, and stays within its caps: dispute-limits.ts). One transaction:
   * the deal moves to `dispute` through the orders lifecycle (its USDT held, any shortfall as the trader's
   * debt; the webhook event written), the dispute with its first history row, the `created` rating event,
   * and the Telegram messages to the trader and the merchant with the evidence deadline.
   */
  async function open(
    opener: Opener,
    dealId: string,
    reason: string,
    options: OpenOptions = {},
  ): Promise<repo.DisputeRow> {
    const deal =
      opener.role === 'merchant'
        ? await merchantsDeal(opener.merchantId, dealId)
        : isUuid(dealId)
          ? await deps.orders.findDeal(undefined, dealId)
          : undefined;
    if (!deal) refuse(opener, 404, DISPUTE_MESSAGES.transactionNotFound);
    const at = deps.now();
    if (deal.status === 'dispute') refuse(opener, 409, DISPUTE_MESSAGES.alreadyOpen);
    const released = deal.status === 'expired' || deal.status === 'canceled';
    if (released && at.getTime() - deal.updatedAt.getTime() > config.DISPUTE_WINDOW_H * 3_600_000) {
      refuse(opener, 409, DISPUTE_MESSAGES.notDisputable);
    }
    const id = randomUUID();
    const dispute = await db.transaction(async (tx) => {
      if (opener.role === 'merchant') {
        await enforceMerchantCaps(
          tx,
          {
            maxOpenPerTrader: config.DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER,
            maxPerDay: config.DISPUTE_MAX_PER_MERCHANT_PER_DAY,
          },
          { merchantId: opener.merchantId, traderId: deal.traderId, at },
        );
      }
      const moved = await deps.orders.moveForDispute(tx, {
        dealId: deal.id,
        to: 'dispute',
        actor: opener.role,
        merchantId: opener.role === 'merchant' ? opener.merchantId : undefined,
        dispute: { id },
      });
      if (!moved) return undefined;
      // Decided on the status the deal really left (it may have expired since it was read above).
      if (opener.role === 'merchant' && (moved.before === 'expired' || moved.before === 'canceled')) {
        requireMerchantEvidence(options.files?.length ?? 0);
      }
      const evidenceDeadline = new Date(at.getTime() + config.DISPUTE_EVIDENCE_H * 3_600_000);
      const row = await repo.insertDispute(tx, {
        id,
        dealId: deal.id,
        status: 'waiting',
        openedByRole: opener.role,
        openedBy: opener.role === 'merchant' ? opener.merchantId : opener.userId,
        reason,
        shortfallUsdt: moved.shortfall,
        evidenceDeadline,
        createdAt: at,
        updatedAt: at,
      });
      await repo.appendHistory(tx, {
        disputeId: id,
        actorRole: opener.role,
        actorId: row.openedBy,
        action: 'opened',
        status: 'waiting',
        note: reason,
        createdAt: at,
      });
      await recordDisputeRating(deps.rating, tx, deal, id, 'created', at);
      await noticeBothSides(
        deps.notices,
        tx,
        deal,
        'opened',
        disputeOpenedText(deal.id, moscowDateTime(evidenceDeadline)),
      );
      if (options.files && options.files.length > 0) {
        // Evidence given at opening belongs to the complaining side: the merchant's (also when support opens it).
        await attachFiles(tx, {
          disputeId: id,
          side: 'merchant',
          actorRole: opener.role,
          actorId: row.openedBy ?? deal.merchantId,
          at,
          files: options.files,
        });
        // The opener's budget starts with these (read within its caps: openingQuota).
        await usage.recordOpeningUsage(tx, {
          disputeId: id,
          budget: opener.role,
          files: options.files.length,
          bytes: options.files.reduce((sum, file) => sum + file.size, 0),
        });
        await options.commitFiles?.();
      }
      await options.inTransaction?.(tx, row);
      return row;
    });
    if (!dispute) refuse(opener, 409, DISPUTE_MESSAGES.notDisputable);
    return dispute;
  }

  return {
    /**
     * POST merchant/v1/orders/{id}/disputes, before its body is read: 404 (problem details) unless the order
     * is this merchant's, so a stranger's upload is never stored.
     */
    async authorizeMerchantDispute(merchantId: string, dealId: string): Promise<void> {
      await merchantsDeal(merchantId, dealId);
    },

    /** The merchant API: POST merchant/v1/orders/{id}/disputes. */
    openByMerchant(
      merchantId: string,
      dealId: string,
      body: MerchantDisputeBody,
      options: Omit<OpenOptions, 'inTransaction'> & {
        inTransaction?: (tx: Tx, dispute: repo.DisputeRow) => Promise<void>;
      } = {},
    ) {
      return open({ role: 'merchant', merchantId }, dealId, body.reason, options as OpenOptions);
    },

    /**
     * POST api/v1/disputes/create-by-support/, before its form is read: the Telegram rule of the sides (400),
     * then 403 for anyone but support, so nobody else's upload is stored.
     */
    authorizeSupportOpening: (user: DisputeUser) => access.requireSupportRole(user),

    /** POST api/v1/disputes/create-by-support/: 403 for anyone but support, 404 for an unknown deal. */
    async openBySupport(
      user: DisputeUser,
      input: { transactionId: string; note: string },
      options: Pick<OpenOptions, 'files' | 'commitFiles'> = {},
    ) {
      access.requireSupport(user);
      if (!isUuid(input.transactionId)) throw new HttpError(400, { detail: DISPUTE_MESSAGES.invalidData });
      // The comment is optional (spec §5); the dispute still records why it exists.
      const reason = input.note.trim() || DISPUTE_MESSAGES.openedBySupport;
      return open({ role: 'support', userId: user.id }, input.transactionId, reason, options);
    },

    /**
     * Support's verdict, once: merchant → the deal completes (settled as any completed deal, reward
     * included); trader → the deal is canceled (the hold released, its debt forgiven); insufficient →
     * deepconsideration, off this support user's list. Refused on a completed dispute and on one another
     * support user holds. Resolving releases the caller's block.
     */
    async resolve(
      user: DisputeUser,
      disputeId: string,
      input: { resolution: DisputeResolution; comment: string },
    ): Promise<repo.DisputeRow> {
      await access.requireSupportRole(user);
      if (!isUuid(disputeId)) throw disputeNotFound();
      return db.transaction(async (tx) => {
        const at = deps.now();
        const dispute = await access.lockActionable(tx, disputeId, { id: user.id, role: 'support' }, at);
        const status = VERDICT[input.resolution];
        const deal = await deps.orders.findDeal(tx, dispute.dealId);
        if (!deal) throw new HttpError(404, { detail: DISPUTE_MESSAGES.transactionNotFound });
        if (input.resolution !== 'insufficient') {
          const moved = await deps.orders.moveForDispute(tx, {
            dealId: dispute.dealId,
            to: input.resolution === 'merchant' ? 'complete' : 'canceled',
            actor: 'support',
            dispute: { id: dispute.id, shortfall: dispute.shortfallUsdt },
          });
          // The dispute row is locked and open, so its deal is in `dispute`; anything else is a broken invariant.
          if (!moved)
            throw new Error(`deal ${dispute.dealId} of open dispute ${dispute.id} is not in dispute`);
        }
        const updated = await repo.updateDispute(tx, dispute.id, {
          status,
          supportComment: input.comment || dispute.supportComment,
          updatedAt: at,
          ...(input.resolution === 'insufficient'
            ? { deepBy: user.id }
            : { resolvedBy: user.id, resolvedAt: at }),
        });
        await repo.appendHistory(tx, {
          disputeId: dispute.id,
          actorRole: 'support',
          actorId: user.id,
          action: 'status',
          status,
          note: input.comment || null,
          createdAt: at,
        });
        // A verdict that comes before the deadline pass saw a waiting dispute past its deadline still records
        // the trader's silence.
        if (
          dispute.status === 'waiting' &&
          dispute.evidenceDeadline.getTime() <= at.getTime() &&
          !(await repo.hasEvidence(tx, dispute.id, 'trader'))
        ) {
          await recordDisputeRating(deps.rating, tx, deal, dispute.id, 'ignored', at);
        }
        if (isDisputeCompleted(status) && at.getTime() - dispute.createdAt.getTime() <= FINISHED_QUICKLY_MS) {
          await recordDisputeRating(deps.rating, tx, deal, dispute.id, 'finished_within_18h', at);
        }
        await repo.releaseBlock(tx, { disputeId: dispute.id, supportUserId: user.id, at });
        const text = disputeResolvedText(deal.id, OUTCOME_TEXT[input.resolution]);
        await noticeBothSides(deps.notices, tx, deal, 'resolved', text);
        return updated;
      });
    },

    /**
     * POST support/dispute/block/: takes (or renews) the caller's block for DISPUTE_BLOCK_TTL_MIN; 409 when
     * another support user holds a live one (one statement decides between two contenders).
     */
    async block(user: DisputeUser, disputeId: string): Promise<{ detail: string }> {
      access.requireSupport(user);
      const dispute = isUuid(disputeId) ? await repo.findDispute(db, disputeId) : undefined;
      if (!dispute) throw disputeNotFound();
      const at = deps.now();
      const taken = await repo.takeBlock(db, {
        disputeId,
        supportUserId: user.id,
        at,
        expiresAt: new Date(at.getTime() + config.DISPUTE_BLOCK_TTL_MIN * 60_000),
      });
      if (!taken) throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
      return { detail: DISPUTE_MESSAGES.blocked };
    },

    /** POST support/dispute/unblock/: releases the caller's block (closing the modal). */
    async unblock(user: DisputeUser, disputeId: string): Promise<{ detail: string }> {
      access.requireSupport(user);
      if (!isUuid(disputeId)) throw disputeNotFound();
      await repo.releaseBlock(db, { disputeId, supportUserId: user.id, at: deps.now() });
      return { detail: DISPUTE_MESSAGES.unblocked };
    },
  };
}
