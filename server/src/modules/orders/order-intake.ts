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
import { runWritesTogether } from '../../db/writes-together.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { ProblemError } from '../../lib/problem.ts';
import { isUuid } from '../../lib/uuid.ts';
import { InsufficientFundsError } from '../ledger/ledger.service.ts';
import type { RoutingFailureReason } from '../metrics/metrics.service.ts';
import { stampLastDealWrite } from '../payments/payments.service.ts';
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

  return {
    /**
     * A merchant's order (at least ORDER_MIN_RUB, else 422 `amount-below-minimum`): price it at the fresh
     * rate, route it to one method (see repo.pickMethod), freeze the trader's USDT, write the deal, its first
     * event and its webhook event, all in one transaction, whose first statement claims the Idempotency-Key
     * (`answer.claim`) and whose last write stores the answer. When a concurrent order took the chosen
     * method's amount or the trader's balance first, the next method is tried.
     *
     * Statements per order: begin, claim, routing, deal, freeze, the rest together, commit. The writes that
     * return nothing needed (the deal's event, the method's stamp, the webhook and Telegram outbox rows, the
     * stored answer) run as one statement (db/writes-together.ts), each built by its table's module.
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
      return db.transaction(async (tx) => {
        // First: a repeated key replays (or is refused) before any rule is read again.
        await answer.claim?.(tx);
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
        const ttlS = body.expires_in ?? config.ORDER_TTL_S;
        const onlineSince = config.ROUTING_REQUIRE_TERMINAL ? deps.terminals.onlineSince() : null;
        const exclude: string[] = [];
        let placed: { deal: repo.DealRow; at: Date; methodId: string } | undefined;
        for (let attempt = 0; attempt < ROUTING_ATTEMPTS && !placed; attempt++) {
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
            // One statement that writes nothing when the funds are not there, so this transaction goes on.
            await ledger.freezeNew(
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
          placed = { deal: row, at, methodId: method.methodId };
        }
        // Every method tried was taken by a concurrent order (lost_races), or none qualified at all.
        if (!placed) throw refused(exclude.length > 0 ? 'lost_races' : 'no_method');
        const { deal, at, methodId } = placed;
        const order = toAnswer(deal);
        await runWritesTogether(tx, [
          repo.newDealEventWrite(tx, { dealId: deal.id, at }),
          stampLastDealWrite(tx, methodId, at),
          deps.outbox.orderEventWrite(tx, { merchantId, order, callbackUrl: deal.callbackUrl }),
          deps.notifier.notifyWrite(deal.traderId, {
            kind: 'deal_new',
            dealId: deal.id,
            amountKopecks: deal.amountKopecks,
            bankName: deal.bankName,
            paymentMode: deal.paymentMode,
          }),
          answer.write?.(tx, order),
        ]);
        await answer.inTransaction?.(tx, order);
        return order;
      });
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
