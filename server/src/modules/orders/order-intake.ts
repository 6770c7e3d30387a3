// Use cases of the merchant API (merchant/v1/orders): create an order (price, route, freeze), get one, list
// them by an opaque cursor, cancel a pending one, and the merchant's balance.
import { randomUUID } from 'node:crypto';
import {
  type CreateOrderBody,
  DEAL_MESSAGES,
  formatUsdt,
  kopecksToRubleString,
  type ListOrdersQuery,
  MERCHANT_TEXT,
  type Order,
  orderBelowMinimumText,
  RATING,
  rublesToKopecks,
  usdtForKopecks,
} from '@app/shared';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { genericPlansInTransaction } from '../../db/prepared-statements.ts';
import { abortedWith } from '../../db/writes-together.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { ProblemError } from '../../lib/problem.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { RoutingFailureReason } from '../metrics/metrics.service.ts';
import { stampLastDealWrite } from '../payments/payments.service.ts';
import type { Rate } from '../rates/rates.service.ts';
import type { DealLifecycle } from './deal-lifecycle.ts';
import * as views from './deal-views.repository.ts';
import { iso, toOrder } from './order-shapes.ts';
import * as repo from './orders.repository.ts';
import { type InTransaction, type OrderAnswerHooks, type OrdersDeps, orderSettings } from './orders-deps.ts';

/** How many methods one order tries when a concurrent order took the one it chose. */
const ROUTING_ATTEMPTS = 8;

/** The merchant's order list cursor: the last row's (created_at, id), opaque to the client. */
const orderCursor = z.object({ created_at: z.string(), id: z.string().refine(isUuid) });

function afterCursor(cursor: string): { createdAt: Date; id: string } {
  const payload = decodeCursor(orderCursor, cursor);
  const createdAt = new Date(payload?.created_at ?? '');
  if (!payload || Number.isNaN(createdAt.getTime())) {
    throw new ProblemError(400, 'bad-request', 'Некорректный cursor');
  }
  return { createdAt, id: payload.id };
}

export function createOrderIntake(deps: OrdersDeps, lifecycle: DealLifecycle) {
  const db = deps.database.db;
  const { config, ledger } = deps;
  const { defaultFeeBps, defaultRewardBps, publicUrl } = orderSettings(config);
  const toAnswer = (row: repo.DealRow) => toOrder(row, publicUrl);
  const ttlS = (body: CreateOrderBody) => body.expires_in ?? config.ORDER_TTL_S;

  const refused = (reason: RoutingFailureReason) => {
    deps.routingMetrics.routingRefused(reason);
    return new ProblemError(422, 'no-method', DEAL_MESSAGES.noMethod);
  };

  /** What the order's rules make of the request before routing, or the problem that refuses it. */
  function priced(body: CreateOrderBody, fresh: { rate: Rate } | { error: unknown }) {
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
    if ('error' in fresh) {
      const { error } = fresh;
      if (error instanceof ProblemError && error.message === DEAL_MESSAGES.rateStale) {
        deps.routingMetrics.routingRefused('rate_stale');
      } else if (error instanceof ProblemError && error.message === DEAL_MESSAGES.rateMissing) {
        deps.routingMetrics.routingRefused('rate_missing');
      }
      throw error;
    }
    const rate = fresh.rate;
    const amountUsdt = usdtForKopecks(amountKopecks, rate.rateKopecks);
    if (amountUsdt <= 0n) throw refused('amount_too_small');
    return { amountKopecks, amountUsdt, rate };
  }

  /** One attempt at the order in `tx` (createOrder says how); `attempt.methodId` is the method it chose. */
  async function placeOrder(
    tx: Tx,
    merchantId: string,
    body: CreateOrderBody,
    answer: OrderAnswerHooks,
    fresh: { rate: Rate } | { error: unknown },
    exclude: string[],
    attempt: { methodId?: string },
  ): Promise<Order> {
    let price: ReturnType<typeof priced>;
    try {
      price = priced(body, fresh);
    } catch (refusal) {
      // A repeated key replays (or is refused) before any rule is read again.
      await answer.claim?.(tx);
      throw refusal;
    }
    const { amountKopecks, amountUsdt, rate } = price;
    const query = {
      merchantId,
      mode: body.payment_mode,
      bankId: body.bank_id ?? null,
      amountKopecks,
      amountUsdt,
      minRating: RATING.minPercent,
      onlineSince: config.ROUTING_REQUIRE_TERMINAL ? deps.terminals.onlineSince() : null,
      exclude,
    };
    await genericPlansInTransaction(tx);
    await repo.walkRotationInOrder(tx);
    const claim = answer.claimPart?.(tx);
    let method: repo.RoutedMethod | undefined;
    if (claim) {
      const routed = await repo.claimAndPickMethod(tx, claim.statement, query);
      await claim.settle(routed.claimed);
      method = routed.method;
    } else {
      method = await repo.pickMethod(tx, query);
    }
    // Every method tried was taken by a concurrent order (lost_races), or none qualified at all.
    if (!method) throw refused(exclude.length > 0 ? 'lost_races' : 'no_method');
    attempt.methodId = method.methodId;
    const feeBps = method.merchantFeeBps ?? defaultFeeBps;
    const id = randomUUID();
    const at = deps.now();
    const deal: repo.DealRow = {
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
      expiresAt: new Date(at.getTime() + ttlS(body) * 1000),
      paidAt: null,
      completedAt: null,
      matchedNotificationId: null,
      createdAt: at,
      updatedAt: at,
    };
    const order = toAnswer(deal);
    try {
      await repo.insertDealWith(tx, deal, {
        freeze: (dealWritten) =>
          ledger.freezeNewParts(
            {
              userId: method.traderId,
              amount: amountUsdt,
              idempotencyKey: `deal-freeze:${id}`,
              meta: { dealId: id },
            },
            { name: 'freeze', onlyIf: dealWritten },
          ),
        writes: [
          repo.newDealEventWrite(tx, { dealId: id, at }),
          stampLastDealWrite(tx, method.methodId, at),
          deps.outbox.orderEventWrite(tx, { merchantId, order, callbackUrl: deal.callbackUrl }),
          deps.notifier.notifyWrite(deal.traderId, {
            kind: 'deal_new',
            dealId: id,
            amountKopecks,
            bankName: deal.bankName,
            paymentMode: deal.paymentMode,
          }),
          answer.write?.(tx, order),
        ],
        // The order's last statement unless a hook still writes in its transaction.
        last: !answer.inTransaction,
      });
    } catch (error) {
      if (uniqueViolation(error)?.constraint === 'deals_external_id_key') {
        throw new ProblemError(409, 'external-id-taken', DEAL_MESSAGES.externalIdTaken);
      }
      throw error;
    }
    await answer.inTransaction?.(tx, order);
    return order;
  }

  return {
    /**
     * A merchant's order (at least ORDER_MIN_RUB, else 422 `amount-below-minimum`): price it at the fresh
     * rate, route it to one method (see repo.pickMethod), freeze the trader's USDT, write the deal, its first
     * event and its webhook event, all in one transaction, whose first write claims the Idempotency-Key and
     * whose last write stores the answer.
     *
     * Statements per order: begin with the `set local`s of generic plans and the rotation's ordered walk
     * (genericPlansInTransaction, repo.walkRotationInOrder); the claim with the routing read (the read runs only when the claim did);
     * the deal with the freeze and every other write (repo.insertDealWith); commit. When a concurrent order
     * took the chosen method's amount or the trader's balance first, that statement ends the transaction and
     * the order runs again from the start with the method excluded (its key was claimed in the transaction
     * that ended, so it is claimed again).
     */
    async createOrder(
      merchantId: string,
      body: CreateOrderBody,
      answer: OrderAnswerHooks = {},
    ): Promise<Order> {
      // Read before the transaction, refused inside it after the claim: the embedded engine has one
      // connection, so a read outside the open transaction would wait for it (the rate is cached: mostly
      // no statement at all).
      const fresh = await deps.rates.requireFresh().then(
        (rate) => ({ rate }),
        (error: unknown) => ({ error }),
      );
      const exclude: string[] = [];
      for (;;) {
        const attempt: { methodId?: string } = {};
        try {
          return await db.transaction((tx) =>
            placeOrder(tx, merchantId, body, answer, fresh, exclude, attempt),
          );
        } catch (error) {
          const reason = abortedWith(error);
          if (!attempt.methodId || !repo.LOST_RACE.includes(reason ?? '')) throw error;
          exclude.push(attempt.methodId);
          // Every method tried was taken by a concurrent order.
          if (exclude.length >= ROUTING_ATTEMPTS) throw refused('lost_races');
        }
      }
    },

    async getOrder(merchantId: string, id: string): Promise<Order> {
      const row = isUuid(id) ? await views.findByMerchant(db, id, merchantId) : undefined;
      if (!row) throw new ProblemError(404, 'not-found', MERCHANT_TEXT.orderNotFound);
      return toAnswer(row);
    },

    async listOrders(
      merchantId: string,
      query: ListOrdersQuery,
    ): Promise<{ data: Order[]; next_cursor: string | null }> {
      const rows = await views.listForMerchant(db, {
        merchantId,
        status: query.status,
        externalId: query.external_id,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
        after: query.cursor ? afterCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toAnswer),
        next_cursor:
          rows.length > query.limit && last
            ? encodeCursor({ created_at: iso(last.createdAt), id: last.id })
            : null,
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
        const deal = await lifecycle.move(tx, { id, to: 'canceled', actor: 'merchant', merchantId });
        if (!deal) return undefined;
        const canceled = toAnswer(deal);
        await options.inTransaction?.(tx, canceled);
        return canceled;
      });
      if (order) return order;
      return lifecycle.refusal(id, (row) => row.merchantId === merchantId, MERCHANT_TEXT.orderNotFound, {
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
  };
}
