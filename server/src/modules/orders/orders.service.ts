import { createHash, randomUUID } from 'node:crypto';
import {
  API,
  bpsToPercent,
  type CreateOrderBody,
  type DashboardTransaction,
  DEAL_MESSAGES,
  DEAL_TRANSITIONS,
  type DealActor,
  type DealStatus,
  formatUsdt,
  kopecksToRubleString,
  type ListOrdersQuery,
  MERCHANT_TEXT,
  microToNumber,
  type Order,
  orderBelowMinimumText,
  type PayerOrder,
  RATING,
  RECEIPT_MAX_BYTES,
  rublesToKopecks,
  splitDeal,
  type Transaction,
  type TransactionDetail,
  type TransactionsQuery,
  type TransactionsResponse,
  usdtForKopecks,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { type ProblemCode, ProblemError } from '../../lib/problem.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import { InsufficientFundsError, type LedgerService } from '../ledger/ledger.service.ts';
import type { RoutingFailureReason, RoutingMetrics } from '../metrics/metrics.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import type { ReferralCommissions } from '../referrals/referrals.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { IncomingNotification } from '../terminals/notification-matching.ts';
import type { TerminalsService } from '../terminals/terminals.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './orders.repository.ts';
import { sniffReceiptType } from './receipt-type.ts';

/** How many methods one order tries when a concurrent order took the one it chose. */
const ROUTING_ATTEMPTS = 8;
/**
 * How far a phone's clock may run behind ours when a bank notification is matched: a deal created more than
 * this after the notification's received_at cannot be what that payment paid (a message delivered late, e.g.
 * after the phone was offline, may be the late payment of an expired deal of the same amount).
 */
export const NOTIFICATION_CLOCK_SKEW_MS = 2 * 60_000;
/** The dashboard's Last Transaction table pages through this many (5 per page, 10 pages). */
export const DASHBOARD_DEALS = 50;

/** The outbox the orders write to in their own transaction (the webhooks module). */
export interface OrderEventOutbox {
  enqueueOrderEvent(
    tx: Tx,
    input: { merchantId: string; order: Order; callbackUrl: string | null },
  ): Promise<string>;
  /** Why a callback_url cannot be taken (the webhooks' URL rule), or null. */
  callbackUrlRefusal(url: string): string | null;
}

/** Runs inside the order's transaction once it is written, e.g. to store the idempotent answer with it. */
export type InTransaction = (tx: Tx, order: Order) => Promise<void>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);

/** The statuses `actor` may move a deal to `to` from, read from the one lifecycle table in shared. */
function movableFrom(to: DealStatus, actor: DealActor): DealStatus[] {
  return DEAL_TRANSITIONS.filter((move) => move.to === to && move.by.includes(actor)).map(
    (move) => move.from,
  );
}

const iso = (date: Date) => date.toISOString();

/** An ISO 8601 offset (+03:00, -09:30, +00:00) from seconds east of UTC. */
function utcOffset(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Cursor of the merchant's order list: the last row's (created_at, id), opaque to the client. */
function encodeCursor(row: repo.DealRow): string {
  return Buffer.from(`${iso(row.createdAt)}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new ProblemError(400, 'bad-request', 'Некорректный cursor');
  }
  return { createdAt, id };
}

/** Moscow midnight of a calendar day (the web's date filter is in the service's home time zone). */
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextDay = (day: string) => new Date(moscowMidnight(day).getTime() + 86_400_000);

export function createOrdersService(deps: {
  database: Database;
  config: Pick<
    AppConfig,
    | 'ORDER_TTL_S'
    | 'ORDER_MIN_RUB'
    | 'ROUTING_REQUIRE_TERMINAL'
    | 'MERCHANT_FEE_PCT'
    | 'TRADER_REWARD_PCT'
    | 'PUBLIC_URL'
    | 'DISPUTE_WINDOW_H'
  >;
  ledger: LedgerService;
  rates: RatesService;
  terminals: Pick<TerminalsService, 'onlineSince'>;
  outbox: OrderEventOutbox;
  /** The trader's Telegram notifications, written in the deal's transaction. */
  notifier: Notifier;
  /** Spec §9 ratings: a deal completed without a dispute counts as successful. */
  rating: Pick<RatingService, 'lock' | 'record'>;
  /** Issue 14: the referring lead's share of the platform fee, paid in the settlement's transaction. */
  referrals: ReferralCommissions;
  /** Counts the orders refused for want of a method, by reason (GET /metrics). */
  routingMetrics: RoutingMetrics;
  now: () => Date;
}) {
  const db = deps.database.db;
  const { config, ledger } = deps;
  const defaultFeeBps = Math.round(config.MERCHANT_FEE_PCT * 100);
  const defaultRewardBps = Math.round(config.TRADER_REWARD_PCT * 100);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const disputeWindowMs = Math.round(config.DISPUTE_WINDOW_H * 3_600_000);

  function toOrder(row: repo.DealRow): Order {
    return {
      id: row.id,
      external_id: row.externalId,
      status: row.status,
      amount: kopecksToRubleString(row.amountKopecks),
      currency: 'RUB',
      amount_usdt: formatUsdt(row.amountUsdt),
      rate: kopecksToRubleString(row.rateKopecks),
      payment_mode: row.paymentMode,
      requisites: {
        bank: { id: row.bankId, name: row.bankName },
        card: row.card,
        phone_number: row.phoneNumber,
        owner_name: row.ownerName,
      },
      payment_url: `${publicUrl}/c2c/${row.id}`,
      callback_url: row.callbackUrl,
      return_url: row.returnUrl,
      expires_at: iso(row.expiresAt),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }

  /** The trader's reward, or what the merchant is credited: the deal's split, fixed when it was created. */
  function profitOf(row: repo.DealRow, side: 'trader' | 'merchant'): bigint {
    const split = splitDeal(row.amountUsdt, row.merchantFeeBps, row.traderRewardBps);
    return side === 'trader' ? split.traderReward : split.merchantShare;
  }

  function toTransaction(row: repo.DealRow, side: 'trader' | 'merchant'): Transaction {
    const mode = row.paymentMode === 'sbp' ? 'СБП' : 'Перевод на карту';
    return {
      id: row.id,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      status: row.status,
      amount: microToNumber(row.amountUsdt),
      currency: 'USDT',
      profit: microToNumber(profitOf(row, side)),
      order_type: row.paymentMode,
      description:
        side === 'merchant'
          ? `${mode} · ${row.bankName} · заказ ${row.externalId}`
          : `${mode} · ${row.bankName}`,
      payment_details: {
        bank: { id: row.bankId, name: row.bankName },
        card: row.card,
        phone_number: row.phoneNumber,
        owner_name: row.ownerName,
        amount: kopecksToRubleString(row.amountKopecks),
        currency: { code: 'RUB', symbol: '₽' },
      },
    };
  }

  const sideOf = (user: Pick<SessionUser, 'role'>): 'trader' | 'merchant' =>
    user.role === 'merchant' ? 'merchant' : 'trader';

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
      order: toOrder(deal),
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

  /**
   * The operator sets a merchant's fee or a trader's reward. The platform fee on a deal is their difference,
   * so a merchant's fee may not go below any trader's reward and a reward may not go above any merchant's
   * fee (checked under one lock, so two operators cannot each pass the check and break it together).
   */
  async function setPercentage(
    email: string,
    kind: 'fee' | 'reward',
    bps: number,
  ): Promise<{ ok: true; email: string } | { ok: false; reason: string }> {
    return db.transaction(async (tx) => {
      await repo.lockFeeRules(tx);
      const user = await repo.findUserByEmail(tx, email);
      if (!user) return { ok: false, reason: `No user with email ${email}.` };
      const role = kind === 'fee' ? 'merchant' : 'trader';
      if (user.role !== role) return { ok: false, reason: `${user.email} is a ${user.role}, not a ${role}.` };
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
      return { ok: true, email: user.email };
    });
  }

  return {
    toOrder,
    setPercentage,

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

    /** A deal as its merchant or the support sees it in a dispute (undefined: no such deal). */
    findDeal(db_: Tx | undefined, id: string) {
      return isUuid(id) ? repo.findById(db_ ?? db, id) : Promise.resolve(undefined);
    },
    toTransaction,

    /**
     * A merchant's order (at least ORDER_MIN_RUB, else 422 `amount-below-minimum`): price it at the fresh
     * rate, route it to one method (see repo.pickMethod), freeze the trader's USDT, write the deal, its first
     * event and its webhook event, all in one transaction. When a concurrent order took the chosen method's
     * amount or the trader's balance first, the next method is tried.
     */
    async createOrder(
      merchantId: string,
      body: CreateOrderBody,
      options: { inTransaction?: InTransaction } = {},
    ): Promise<Order> {
      const amountKopecks = rublesToKopecks(body.amount);
      if (amountKopecks === null) throw new ProblemError(400, 'validation', DEAL_MESSAGES.badAmount);
      // Tiny orders were a way to read traders' card numbers and names at no cost: refused before routing.
      if (amountKopecks < config.ORDER_MIN_RUB) {
        const text = orderBelowMinimumText(kopecksToRubleString(config.ORDER_MIN_RUB));
        throw new ProblemError(422, 'amount-below-minimum', text, { amount: [text] });
      }
      // Refused at intake, not first at delivery: the merchant learns now, and no order waits on a URL
      // its events could never go to.
      const callbackRefusal = body.callback_url && deps.outbox.callbackUrlRefusal(body.callback_url);
      if (callbackRefusal) {
        throw new ProblemError(422, 'callback-url-refused', callbackRefusal, {
          callback_url: [callbackRefusal],
        });
      }
      const refused = (reason: RoutingFailureReason) => {
        deps.routingMetrics.routingRefused(reason);
        return new ProblemError(422, 'no-method', DEAL_MESSAGES.noMethod);
      };
      const rate = await deps.rates.requireFresh().catch((error: unknown) => {
        if (error instanceof ProblemError && error.message === DEAL_MESSAGES.rateStale) {
          deps.routingMetrics.routingRefused('rate_stale');
        } else if (error instanceof ProblemError && error.message === DEAL_MESSAGES.rateMissing) {
          deps.routingMetrics.routingRefused('rate_missing');
        }
        throw error;
      });
      const amountUsdt = usdtForKopecks(amountKopecks, rate.rateKopecks);
      if (amountUsdt <= 0n) throw refused('amount_too_small');
      const ttlS = body.expires_in ?? config.ORDER_TTL_S;
      const onlineSince = config.ROUTING_REQUIRE_TERMINAL ? deps.terminals.onlineSince() : null;
      return db.transaction(async (tx) => {
        const exclude: string[] = [];
        let deal: repo.DealRow | undefined;
        for (let attempt = 0; attempt < ROUTING_ATTEMPTS && !deal; attempt++) {
          const method = await repo.pickMethod(tx, {
            merchantId,
            mode: body.payment_mode,
            bankId: body.bank_id ?? null,
            amountKopecks,
            amountUsdt,
            minRating: RATING.minPercent,
            onlineSince,
            exclude,
          });
          if (!method) break;
          const feeBps = method.merchantFeeBps ?? defaultFeeBps;
          const id = randomUUID();
          const at = deps.now();
          let row: repo.DealRow | undefined;
          try {
            row = await repo.insertDeal(tx, {
              id,
              merchantId,
              externalId: body.external_id,
              traderId: method.traderId,
              paymentMethodId: method.methodId,
              terminalId: method.terminalId,
              paymentMode: body.payment_mode,
              status: 'pending',
              amountKopecks,
              amountUsdt,
              rateKopecks: rate.rateKopecks,
              merchantFeeBps: feeBps,
              traderRewardBps: Math.min(method.rewardBps ?? defaultRewardBps, feeBps),
              bankId: method.bankId,
              bankName: method.bankName,
              card: body.payment_mode === 'c2c' ? method.card : null,
              phoneNumber: body.payment_mode === 'sbp' ? method.phoneNumber : null,
              ownerName: method.ownerName,
              callbackUrl: body.callback_url ?? null,
              returnUrl: body.return_url ?? null,
              expiresAt: new Date(at.getTime() + ttlS * 1000),
              createdAt: at,
              updatedAt: at,
            });
          } catch (error) {
            if (uniqueViolation(error)?.constraint === 'deals_external_id_key') {
              throw new ProblemError(409, 'external-id-taken', DEAL_MESSAGES.externalIdTaken);
            }
            throw error;
          }
          // A concurrent order took this method's amount between the routing read and here.
          if (!row) {
            exclude.push(method.methodId);
            continue;
          }
          try {
            // The ledger's own savepoint undoes a refused freeze, so this transaction goes on.
            await ledger.freeze(
              {
                userId: method.traderId,
                amount: amountUsdt,
                idempotencyKey: `deal-freeze:${id}`,
                meta: { dealId: id },
              },
              tx,
            );
          } catch (error) {
            if (!(error instanceof InsufficientFundsError)) throw error;
            // A concurrent order took the trader's balance first.
            await repo.deleteUnfrozenDeal(tx, id);
            exclude.push(method.methodId);
            continue;
          }
          await repo.recordNewDeal(tx, { dealId: id, methodId: method.methodId, at });
          deal = row;
        }
        // Every method tried was taken by a concurrent order (lost_races), or none qualified at all.
        if (!deal) throw refused(exclude.length > 0 ? 'lost_races' : 'no_method');
        const order = toOrder(deal);
        await deps.outbox.enqueueOrderEvent(tx, { merchantId, order, callbackUrl: deal.callbackUrl });
        await deps.notifier.notify(tx, deal.traderId, {
          kind: 'deal_new',
          dealId: deal.id,
          amountKopecks: deal.amountKopecks,
          bankName: deal.bankName,
          paymentMode: deal.paymentMode,
        });
        await options.inTransaction?.(tx, order);
        return order;
      });
    },

    async getOrder(merchantId: string, id: string): Promise<Order> {
      const row = isUuid(id) ? await repo.findByMerchant(db, id, merchantId) : undefined;
      if (!row) throw new ProblemError(404, 'not-found', MERCHANT_TEXT.orderNotFound);
      return toOrder(row);
    },

    async listOrders(
      merchantId: string,
      query: ListOrdersQuery,
    ): Promise<{ data: Order[]; next_cursor: string | null }> {
      const rows = await repo.listForMerchant(db, {
        merchantId,
        status: query.status,
        externalId: query.external_id,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toOrder),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** The merchant cancels a pending order: the trader's USDT is released. */
    async cancelOrder(
      merchantId: string,
      id: string,
      options: { inTransaction?: InTransaction } = {},
    ): Promise<Order> {
      if (!isUuid(id)) throw new ProblemError(404, 'not-found', MERCHANT_TEXT.orderNotFound);
      const order = await db.transaction(async (tx) => {
        const deal = await move(tx, { id, to: 'canceled', actor: 'merchant', merchantId });
        if (!deal) return undefined;
        const answer = toOrder(deal);
        await options.inTransaction?.(tx, answer);
        return answer;
      });
      if (order) return order;
      return refusal(id, (row) => row.merchantId === merchantId, MERCHANT_TEXT.orderNotFound, {
        code: 'not-cancelable',
        detail: DEAL_MESSAGES.notCancelable,
      });
    },

    async merchantBalance(merchantId: string) {
      const balances = await ledger.getBalances(merchantId);
      return {
        currency: 'USDT' as const,
        available: formatUsdt(balances.available),
        frozen: formatUsdt(balances.frozen),
      };
    },

    /** How many deals the user had since `since` (the Telegram bot's /status). */
    countDealsSince(userId: string, since: Date): Promise<number> {
      return repo.countDealsSince(db, userId, since);
    },

    /** GET api/v1/transactions/: a trader's deals or a merchant's orders (spec §7). */
    async listTransactions(user: SessionUser, query: TransactionsQuery): Promise<TransactionsResponse> {
      const side = sideOf(user);
      const { rows, matching, total } = await repo.listForUser(db, {
        userId: user.id,
        side,
        statuses: query.status,
        from: query.start_date ? moscowMidnight(query.start_date) : undefined,
        before: query.end_date ? nextDay(query.end_date) : undefined,
        sort: query.sort,
        order: query.order,
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      return { count: matching, total_items: total, results: rows.map((row) => toTransaction(row, side)) };
    },

    /** The detail modal: the deal with its rate, timeline, matched notification and receipt. */
    async transactionDetail(user: SessionUser, id: string): Promise<TransactionDetail> {
      const row = isUuid(id) ? await repo.findVisibleTo(db, id, user.id) : undefined;
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      const side = row.traderId === user.id ? 'trader' : 'merchant';
      const [events, notification, receipt] = await Promise.all([
        repo.listEvents(db, row.id),
        row.matchedNotificationId !== null
          ? repo.findNotification(db, row.matchedNotificationId)
          : Promise.resolve(undefined),
        repo.findReceiptMeta(db, row.id),
      ]);
      return {
        ...toTransaction(row, side),
        amount_usdt: formatUsdt(row.amountUsdt),
        rate: kopecksToRubleString(row.rateKopecks),
        expires_at: iso(row.expiresAt),
        paid_at: row.paidAt ? iso(row.paidAt) : null,
        timeline: events.map((event) => ({
          from: event.fromStatus as DealStatus | null,
          to: event.toStatus as DealStatus,
          by: event.actor as DealActor,
          at: iso(event.createdAt),
        })),
        notification: notification
          ? {
              id: notification.id.toString(),
              received_at: iso(notification.receivedAt),
              sender: notification.sender,
              text: notification.body,
              amount:
                notification.amountKopecks !== null ? kopecksToRubleString(notification.amountKopecks) : null,
            }
          : null,
        receipt: receipt
          ? {
              url: API.transactions.receipt(row.id),
              sha256: receipt.sha256,
              content_type: receipt.contentType,
              uploaded_at: iso(receipt.uploadedAt),
            }
          : null,
      };
    },

    /** The payer's receipt file, for the deal's trader or merchant. */
    async receiptFile(user: SessionUser, id: string) {
      const row = isUuid(id) ? await repo.findVisibleTo(db, id, user.id) : undefined;
      const receipt = row ? await repo.findReceipt(db, row.id) : undefined;
      if (!receipt) throw notFound(DEAL_MESSAGES.notFound);
      return { contentType: receipt.contentType, content: receipt.content, sha256: receipt.sha256 };
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

    /** The dashboard's Last Transaction rows. */
    async lastDeals(user: Pick<SessionUser, 'id' | 'role'>): Promise<DashboardTransaction[]> {
      const side = sideOf(user);
      const rows = await repo.lastForUser(db, user.id, side, DASHBOARD_DEALS);
      return rows.map((row) => ({
        id: row.id,
        created_at: iso(row.createdAt),
        amount: microToNumber(row.amountUsdt),
        profit: microToNumber(profitOf(row, side)),
        bank: row.bankName,
        status: row.status,
      }));
    },

    /**
     * The dashboard chart's counts: deals created by the user's side (a trader's deals, a merchant's orders)
     * per bucket of the time zone, oldest first, zero-filled; `period` is the bucket's start in ISO 8601 with
     * the zone's offset at that moment.
     */
    async dealCountsByBucket(
      user: Pick<SessionUser, 'id' | 'role'>,
      input: { unit: repo.BucketUnit; buckets: number; timeZone: string },
    ): Promise<{ period: string; count: number }[]> {
      const rows = await repo.countByBucket(db, {
        ...input,
        userId: user.id,
        side: sideOf(user),
        now: deps.now(),
      });
      return rows.map((row) => ({ period: `${row.local}${utcOffset(row.offsetSeconds)}`, count: row.count }));
    },

    /** The public payer page: only what the payer needs to pay. */
    async payerOrder(id: string): Promise<PayerOrder> {
      const row = isUuid(id) ? await repo.findById(db, id) : undefined;
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      const [receipt, merchant] = await Promise.all([
        repo.findReceiptMeta(db, row.id),
        users.findById(db, row.merchantId),
      ]);
      return {
        id: row.id,
        status: row.status,
        amount: kopecksToRubleString(row.amountKopecks),
        currency: 'RUB',
        payment_mode: row.paymentMode,
        bank: { name: row.bankName },
        card: row.card,
        phone_number: row.phoneNumber,
        owner_name: row.ownerName,
        expires_at: iso(row.expiresAt),
        server_time: iso(deps.now()),
        paid_at: row.paidAt ? iso(row.paidAt) : null,
        receipt_uploaded: receipt !== undefined,
        return_url: row.status === 'complete' ? row.returnUrl : null,
        shop_name: merchant?.displayName ?? null,
      };
    },

    /** The payer says they paid: pending → verification (the trader is asked to confirm). */
    async markPaid(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(DEAL_MESSAGES.notFound);
      const deal = await db.transaction((tx) => move(tx, { id, to: 'verification', actor: 'payer' }));
      if (deal) return;
      const row = await repo.findById(db, id);
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      // Pressing the button twice is not an error.
      if (row.status === 'verification' && row.paidAt) return;
      throw new HttpError(409, { detail: DEAL_MESSAGES.notPayable });
    },

    /** The payer's receipt: PDF, JPEG or PNG by content, at most 10 MB, once, while the deal is open. */
    async uploadReceipt(id: string, content: Buffer): Promise<void> {
      if (!isUuid(id)) throw notFound(DEAL_MESSAGES.notFound);
      if (content.length > RECEIPT_MAX_BYTES)
        throw new HttpError(413, { detail: DEAL_MESSAGES.receiptTooLarge });
      const contentType = sniffReceiptType(content);
      if (!contentType) throw badRequest(DEAL_MESSAGES.receiptBadType);
      const row = await repo.findById(db, id);
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      if (row.status !== 'pending' && row.status !== 'verification') {
        throw new HttpError(409, { detail: DEAL_MESSAGES.notPayable });
      }
      const stored = await repo.insertReceipt(db, {
        dealId: row.id,
        contentType,
        sizeBytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedAt: deps.now(),
      });
      if (!stored) throw new HttpError(409, { detail: DEAL_MESSAGES.receiptExists });
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

    /**
     * Auto-confirmation: a terminal's parsed incoming transfer completes the one open deal it can pay (see
     * repo.lockMatchCandidates). None: the notification stays unmatched. More than one: nothing completes;
     * the pending ones go to verification for the trader to confirm. Runs in the transaction that stored the
     * notification, which happens once per notification, so a payment completes at most one deal, once.
     */
    async matchIncomingNotification(
      tx: Tx,
      notification: IncomingNotification,
    ): Promise<{ dealId: string } | null> {
      const candidates = await repo.lockMatchCandidates(tx, {
        terminalId: notification.terminalId,
        traderId: notification.userId,
        amountKopecks: notification.transfer.amount_kopecks,
        bankCode: notification.transfer.bank ?? null,
        // Created before the money arrived on the phone (its clock allowed some skew), and never after now.
        arrivedAt: new Date(
          Math.min(deps.now().getTime(), notification.receivedAt.getTime() + NOTIFICATION_CLOCK_SKEW_MS),
        ),
      });
      if (candidates.length === 1) {
        const deal = await move(tx, {
          id: candidates[0]!.id,
          to: 'complete',
          actor: 'terminal',
          notificationId: notification.notificationId,
        });
        return deal ? { dealId: deal.id } : null;
      }
      for (const candidate of candidates) {
        if (candidate.status === 'pending') {
          await move(tx, {
            id: candidate.id,
            to: 'verification',
            actor: 'terminal',
            notificationId: notification.notificationId,
          });
        }
      }
      return null;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
