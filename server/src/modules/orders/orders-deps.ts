// Use cases: none of its own. What the orders module's parts share: the dependencies `createOrdersService`
// receives, the outbox and in-transaction hooks it calls, and the settings derived once from the configuration.
import type { Order } from '@app/shared';
import type { SQLWrapper } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RoutingMetrics } from '../metrics/metrics.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import type { ReferralCommissions } from '../referrals/referrals.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { TerminalsService } from '../terminals/terminals.service.ts';

type OrderEventInput = { merchantId: string; order: Order; callbackUrl: string | null };

/** The outbox the orders write to in their own transaction (the webhooks module). */
export interface OrderEventOutbox {
  enqueueOrderEvent(tx: Tx, input: OrderEventInput): Promise<string>;
  /** enqueueOrderEvent as a write not yet run (db/writes-together.ts). */
  orderEventWrite(tx: Tx, input: OrderEventInput): SQLWrapper;
  /** Why a callback_url cannot be taken (the webhooks' URL rule), or null. */
  callbackUrlRefusal(url: string): string | null;
}

/** Runs inside the order's transaction once it is written, e.g. to store the idempotent answer with it. */
export type InTransaction = (tx: Tx, order: Order) => Promise<void>;

/**
 * The idempotent answer's part in a new order's transaction (plugins/idempotency.ts `answerInTransaction`):
 * the key's claim in its first statement, the stored answer as one of its last writes.
 */
export interface OrderAnswerHooks {
  claim?: (tx: Tx) => Promise<void>;
  /** claim() as a part of the order's routing statement (undefined when there is nothing to claim). */
  claimPart?: (tx: Tx) => { statement: SQLWrapper; settle(claimed: boolean): Promise<void> } | undefined;
  write?: (tx: Tx, order: Order) => SQLWrapper | undefined;
  inTransaction?: InTransaction;
}

export interface OrdersDeps {
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
}

/** The settings the parts read from the configuration, in the units they use. */
export function orderSettings(config: OrdersDeps['config']) {
  return {
    defaultFeeBps: Math.round(config.MERCHANT_FEE_PCT * 100),
    defaultRewardBps: Math.round(config.TRADER_REWARD_PCT * 100),
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    disputeWindowMs: Math.round(config.DISPUTE_WINDOW_H * 3_600_000),
  };
}
