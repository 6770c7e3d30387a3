// Use cases: every status move of a deal (moveDeal) with its money, event row, webhook and notice — by the
// trader (confirmByTrader), the timer (expireDue), disputes (moveForDispute); the payer's, the merchant's and
// a terminal's moves go through `move` from their own parts — and the refusal that explains a move not made.
import { DEAL_MESSAGES, DEAL_TRANSITIONS, type DealActor, type DealStatus, splitDeal } from '@app/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { type ProblemCode, ProblemError } from '../../lib/problem.ts';
import type { SessionUser } from '../users/users.service.ts';
import { profitOf, toOrder } from './order-shapes.ts';
import * as repo from './orders.repository.ts';
import { type OrdersDeps, orderSettings } from './orders-deps.ts';

/** The statuses `actor` may move a deal to `to` from, read from the one lifecycle table in shared. */
function movableFrom(to: DealStatus, actor: DealActor): DealStatus[] {
  return DEAL_TRANSITIONS.filter((move) => move.to === to && move.by.includes(actor)).map(
    (move) => move.from,
  );
}

export function createDealLifecycle(deps: OrdersDeps) {
  const db = deps.database.db;
  const { ledger } = deps;
  const { publicUrl, disputeWindowMs } = orderSettings(deps.config);

  /**
   * One status change with its money and its webhook, inside the caller's transaction: the conditional
   * update (only from a status the lifecycle table allows this actor), the ledger movement (settle on
   * complete, release on expired or canceled; each keyed by the deal, so it happens once), the event row and
   * the outbox row.
   */
  async function moveDeal(
    tx: Tx,
    input: {
      id: string;
      to: DealStatus;
      actor: DealActor;
      traderId?: string;
      merchantId?: string;
      notificationId?: bigint;
      /** The dispute a move into or out of `dispute` belongs to (its ledger keys), and the debt its hold made. */
      dispute?: { id: string; shortfall?: bigint };
    },
  ): Promise<{ deal: repo.DealRow; before: DealStatus; shortfall: bigint } | undefined> {
    const at = deps.now();
    const extra: Partial<Pick<repo.DealRow, 'paidAt' | 'completedAt' | 'matchedNotificationId'>> = {};
    if (input.to === 'complete') extra.completedAt = at;
    if (input.to === 'verification' && input.actor === 'payer') extra.paidAt = at;
    if (input.notificationId !== undefined && input.to === 'complete') {
      extra.matchedNotificationId = input.notificationId;
    }
    const moved = await repo.moveStatus(tx, {
      id: input.id,
      from: movableFrom(input.to, input.actor),
      to: input.to,
      at,
      extra,
      traderId: input.traderId,
      merchantId: input.merchantId,
    });
    if (!moved) return undefined;
    const deal = moved.after;
    if (input.to === 'complete' || input.to === 'dispute' || moved.before === 'dispute') {
      // These moves write rating events (here, or in the dispute's transaction after this move). The rating rows
      // are locked now, after the deal and before the ledger's balance rows: routing locks a method and then its
      // trader's balance, so taking the method after the balance here could deadlock with a new order.
      await deps.rating.lock(tx, { traderId: deal.traderId, paymentMethodId: deal.paymentMethodId });
    }
    if (input.to === 'complete' && moved.before !== 'dispute') {
      // A deal completed by a dispute's verdict does not also count as successful (spec §9).
      await deps.rating.record(tx, {
        kind: 'deal_completed',
        traderId: deal.traderId,
        paymentMethodId: deal.paymentMethodId,
        dealId: deal.id,
        at,
      });
    }
    let shortfall = 0n;
    if (input.to === 'dispute' || moved.before === 'dispute') {
      if (!input.dispute) throw new Error('a move into or out of dispute needs its dispute');
    }
    if (
      input.to === 'dispute' &&
      input.dispute &&
      (moved.before === 'expired' || moved.before === 'canceled')
    ) {
      // Released when it expired or was canceled: held again, the part available cannot cover as debt.
      const hold = await ledger.holdForDispute(
        {
          userId: deal.traderId,
          amount: deal.amountUsdt,
          idempotencyKey: `dispute-hold:${input.dispute.id}`,
          reserveSubject: `deal:${deal.id}`,
          meta: { dealId: deal.id, disputeId: input.dispute.id },
        },
        tx,
      );
      shortfall = hold.shortfall;
    } else if (moved.before === 'dispute' && input.to === 'canceled' && input.dispute) {
      // The trader won: the held USDT goes back and the debt this hold made is forgiven (nothing was owed).
      await ledger.releaseDisputeHold(
        {
          userId: deal.traderId,
          amount: deal.amountUsdt,
          forgive: input.dispute.shortfall ?? 0n,
          idempotencyKey: `dispute-release:${input.dispute.id}`,
        },
        tx,
      );
    } else if (input.to === 'complete') {
      const split = splitDeal(deal.amountUsdt, deal.merchantFeeBps, deal.traderRewardBps);
      // A referred trader's lead gets a share of the platform fee, carved out of it (never more than it), in
      // this same settlement: one ledger transaction keyed by the deal, one commission row keyed by the deal.
      const commission = await deps.referrals.commissionFor(tx, {
        traderId: deal.traderId,
        platformFee: split.platformFee,
      });
      const referral = commission ? { userId: commission.leadId, amount: commission.amount } : undefined;
      await ledger.settle(
        {
          userId: deal.traderId,
          amount: deal.amountUsdt,
          merchantUserId: deal.merchantId,
          platformFee: split.platformFee - (referral?.amount ?? 0n),
          traderReward: split.traderReward,
          referral: referral && referral.amount > 0n ? referral : undefined,
          idempotencyKey: `deal-settle:${deal.id}`,
        },
        tx,
      );
      if (commission) {
        await deps.referrals.recordCommission(tx, {
          dealId: deal.id,
          leadId: commission.leadId,
          traderId: deal.traderId,
          amount: commission.amount,
          at,
        });
      }
    } else if (input.to === 'expired' || input.to === 'canceled') {
      // Back to available, where it backs new deals, but reserved from withdrawal while the merchant may
      // still dispute the deal (the same window disputes.open allows, from this move's time).
      await ledger.release(
        {
          userId: deal.traderId,
          amount: deal.amountUsdt,
          idempotencyKey: `deal-release:${deal.id}`,
          reserve: { subject: `deal:${deal.id}`, until: new Date(at.getTime() + disputeWindowMs) },
        },
        tx,
      );
    }
    await repo.insertEvent(tx, {
      dealId: deal.id,
      fromStatus: moved.before,
      toStatus: input.to,
      actor: input.actor,
      notificationId: input.notificationId ?? null,
      at,
    });
    await deps.outbox.enqueueOrderEvent(tx, {
      merchantId: deal.merchantId,
      order: toOrder(deal, publicUrl),
      callbackUrl: deal.callbackUrl,
    });
    if (input.to === 'complete') {
      await deps.notifier.notify(tx, deal.traderId, {
        kind: 'deal_completed',
        dealId: deal.id,
        amountKopecks: deal.amountKopecks,
        profitMicro: profitOf(deal, 'trader'),
      });
    } else if (input.to === 'expired') {
      await deps.notifier.notify(tx, deal.traderId, {
        kind: 'deal_expired',
        dealId: deal.id,
        amountKopecks: deal.amountKopecks,
      });
    }
    return { deal, before: moved.before, shortfall };
  }

  async function move(
    tx: Tx,
    input: Omit<Parameters<typeof moveDeal>[1], 'dispute'>,
  ): Promise<repo.DealRow | undefined> {
    return (await moveDeal(tx, input))?.deal;
  }

  /** Why a move was refused: the deal is not there for this caller (404) or not in a status to move from. */
  async function refusal(
    id: string,
    visible: (row: repo.DealRow) => boolean,
    notFoundDetail: string,
    state: { code: ProblemCode; detail: string },
  ): Promise<never> {
    const row = await repo.findById(db, id);
    if (!row || !visible(row)) throw new ProblemError(404, 'not-found', notFoundDetail);
    throw new ProblemError(409, state.code, state.detail);
  }

  return {
    moveDeal,
    move,
    refusal,

    /**
     * Disputes: the deal moves into `dispute` (its USDT held: still frozen from verification, or frozen again
     * after expiry or cancellation with any shortfall as the trader's debt) or out of it by the verdict
     * (complete: settled as any completed deal; canceled: the hold released, its debt forgiven). Inside the
     * dispute's transaction; undefined when the deal is not in a status this actor may move from.
     */
    moveForDispute(
      tx: Tx,
      input: {
        dealId: string;
        to: 'dispute' | 'complete' | 'canceled';
        actor: 'merchant' | 'support';
        merchantId?: string;
        dispute: { id: string; shortfall?: bigint };
      },
    ) {
      return moveDeal(tx, {
        id: input.dealId,
        to: input.to,
        actor: input.actor,
        merchantId: input.merchantId,
        dispute: input.dispute,
      });
    },

    /** POST user/verficate-transaction/: the trader confirms the money arrived (pending or verification). */
    async confirmByTrader(user: SessionUser, id: string): Promise<{ id: string; status: DealStatus }> {
      const deal = await db.transaction((tx) =>
        move(tx, { id, to: 'complete', actor: 'trader', traderId: user.id }),
      );
      if (deal) return { id: deal.id, status: deal.status };
      const row = await repo.findById(db, id);
      if (!row || row.traderId !== user.id) throw notFound(DEAL_MESSAGES.notFound);
      throw badRequest(DEAL_MESSAGES.notConfirmable);
    },

    /**
     * Expires open deals whose time is up, at most `limit` per call, each in its own transaction with its
     * release and webhook. Rows are locked with SKIP LOCKED, so two workers never expire one deal twice.
     */
    async expireDue(limit = 100): Promise<number> {
      let expired = 0;
      for (let index = 0; index < limit; index++) {
        const done = await db.transaction(async (tx) => {
          const [id] = await repo.lockExpired(tx, deps.now(), 1);
          if (!id) return false;
          return (await move(tx, { id, to: 'expired', actor: 'timer' })) !== undefined;
        });
        if (!done) break;
        expired++;
      }
      return expired;
    },
  };
}

export type DealLifecycle = ReturnType<typeof createDealLifecycle>;
