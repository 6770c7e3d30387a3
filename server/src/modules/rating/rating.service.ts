// Spec §9 ratings: record an event in its cause's transaction, lock, operator adjustments, recompute, a user's rating.
import {
  applyRatingEvent,
  type RatingEventKind,
  ratingAllowsDeals,
  ratingEventTenths,
  ratingPercent,
} from '@app/shared';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { setMethodRatingPoints } from '../payments/payments.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './rating.repository.ts';

/** A spec §9 event of a trader's deal, written in its cause's transaction. */
export interface DealRatingEvent {
  kind: Exclude<RatingEventKind, 'adjustment'>;
  traderId: string;
  /** The deal's method: its own rating moves too. */
  paymentMethodId: string | null;
  dealId: string;
  disputeId?: string | null;
  at: Date;
}

/** What `recompute` found stored differently from the replay of the events (and set right). */
export interface RatingDifference {
  subject: 'trader' | 'method';
  id: string;
  /** The trader's email (a method's owner). */
  email: string;
  expectedTenths: number;
  storedTenths: number;
  storedPercent: number;
}

/** The percent column's text for a points total. */
const percentText = (pointsTenths: number) => String(ratingPercent(pointsTenths));

/**
 * The rating engine (spec §9 Rating rules, issue 13): penalty points in tenths per trader and per payment method,
 * moved by the events in `rating_events` in the transaction that writes them, the percent kept beside them.
 *
 * Lock order: the trader's users row, then the method's row, before any balance row. Every event of a trader is
 * written and applied with that users row locked, so per trader the event ids are in the order the events were
 * applied, and a replay by id (`recompute`) gives the incremental state exactly (the −3 floor makes order matter).
 */
export function createRatingService(deps: { database: Database; now?: () => Date }) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Locks the trader's (and the method's) rating rows for this transaction; the orders lifecycle calls it
   * before a move's ledger movement, so a rating event later in the transaction takes no new lock. */
  async function lock(tx: Tx, input: { traderId: string; paymentMethodId: string | null }) {
    const trader = await repo.lockTrader(tx, input.traderId);
    const method = input.paymentMethodId ? await repo.lockMethod(tx, input.paymentMethodId) : undefined;
    return { trader, method };
  }

  async function apply(
    tx: Tx,
    event: {
      kind: RatingEventKind;
      traderId: string;
      paymentMethodId: string | null;
      dealId: string | null;
      disputeId: string | null;
      deltaTenths: number;
      reason?: string;
      actor?: string;
      at: Date;
    },
  ): Promise<{ pointsTenths: number } | undefined> {
    const { trader, method } = await lock(tx, event);
    if (!trader) throw new Error(`rating event for unknown user ${event.traderId}`);
    const inserted = await repo.insertEvent(tx, {
      traderId: event.traderId,
      paymentMethodId: event.paymentMethodId,
      dealId: event.dealId,
      disputeId: event.disputeId,
      kind: event.kind,
      pointsTenths: event.deltaTenths,
      reason: event.reason ?? null,
      actor: event.actor ?? null,
      createdAt: event.at,
    });
    if (!inserted) return undefined;
    const pointsTenths = applyRatingEvent(trader.pointsTenths, event.deltaTenths);
    await users.setRatingPoints(tx, event.traderId, pointsTenths, percentText(pointsTenths));
    if (method && event.paymentMethodId) {
      const methodPoints = applyRatingEvent(method.pointsTenths, event.deltaTenths);
      await setMethodRatingPoints(tx, event.paymentMethodId, methodPoints, percentText(methodPoints));
    }
    return { pointsTenths };
  }

  return {
    lock,

    /**
     * Writes a deal's event and moves the trader's and the method's points by spec §9's table, in the caller's
     * transaction. Each deal's success and each dispute's kind counts once (unique indexes): a repeat writes
     * nothing and returns false.
     */
    async record(tx: Tx, event: DealRatingEvent): Promise<boolean> {
      const applied = await apply(tx, {
        ...event,
        disputeId: event.disputeId ?? null,
        deltaTenths: ratingEventTenths(event.kind),
      });
      return applied !== undefined;
    },

    /**
     * A support decision (`admin rating-adjust`): penalty points on the trader only (their methods keep their
     * own), recorded as an `adjustment` event with its reason and actor so a recompute keeps it.
     */
    async adjust(input: {
      traderId: string;
      pointsTenths: number;
      reason: string;
      actor: string;
      /** Runs in the adjustment's transaction with the points before and after (the console's audit row). */
      audit?: (tx: Tx, change: { beforeTenths: number; afterTenths: number }) => Promise<void>;
    }): Promise<{ pointsTenths: number; percent: number }> {
      return db.transaction(async (tx) => {
        const before = input.audit ? await repo.findTrader(tx, input.traderId) : undefined;
        const applied = await apply(tx, {
          kind: 'adjustment',
          traderId: input.traderId,
          paymentMethodId: null,
          dealId: null,
          disputeId: null,
          deltaTenths: input.pointsTenths,
          reason: input.reason,
          actor: input.actor,
          at: now(),
        });
        if (!applied) throw new Error('an adjustment is never a repeat');
        await input.audit?.(tx, {
          beforeTenths: before?.pointsTenths ?? 0,
          afterTenths: applied.pointsTenths,
        });
        return { pointsTenths: applied.pointsTenths, percent: ratingPercent(applied.pointsTenths) };
      });
    },

    /** A user's points and rating percent; undefined when there is no such user. */
    async ofUser(
      userId: string,
      db_: DbOrTx = db,
    ): Promise<{ pointsTenths: number; percent: number; allowsDeals: boolean } | undefined> {
      const row = await repo.findTrader(db_, userId);
      if (!row) return undefined;
      const percent = Number(row.rating);
      return { pointsTenths: row.pointsTenths, percent, allowsDeals: ratingAllowsDeals(percent) };
    },

    /**
     * Rebuilds every trader's and method's points from the events, replayed by id: a trader from 0, a method
     * from its base points with its own deals' events (adjustments move traders only). One transaction per
     * trader with its rows locked, so events written meanwhile wait. Sets right and returns what differed.
     */
    async recompute(
      /** The operator's audit row of one trader's corrections, written in the transaction that made them. */
      audit?: (tx: Tx, corrected: RatingDifference[]) => Promise<void>,
    ): Promise<RatingDifference[]> {
      const differences: RatingDifference[] = [];
      for (const traderId of await repo.ratedUserIds(db)) {
        const found = await db.transaction(async (tx) => {
          const trader = await repo.lockTrader(tx, traderId);
          if (!trader) return [];
          const methods = await repo.lockMethodsOf(tx, traderId);
          const events = await repo.eventsOf(tx, traderId);
          const ownDifferences: RatingDifference[] = [];
          let traderPoints = 0;
          const methodPoints = new Map(methods.map((method) => [method.id, method.basePointsTenths]));
          for (const event of events) {
            traderPoints = applyRatingEvent(traderPoints, event.pointsTenths);
            const current = event.paymentMethodId ? methodPoints.get(event.paymentMethodId) : undefined;
            if (event.kind !== 'adjustment' && event.paymentMethodId && current !== undefined) {
              methodPoints.set(event.paymentMethodId, applyRatingEvent(current, event.pointsTenths));
            }
          }
          if (trader.pointsTenths !== traderPoints || Number(trader.rating) !== ratingPercent(traderPoints)) {
            ownDifferences.push({
              subject: 'trader',
              id: traderId,
              email: trader.email,
              expectedTenths: traderPoints,
              storedTenths: trader.pointsTenths,
              storedPercent: Number(trader.rating),
            });
            await users.setRatingPoints(tx, traderId, traderPoints, percentText(traderPoints));
          }
          for (const method of methods) {
            const expected = methodPoints.get(method.id)!;
            if (method.pointsTenths !== expected || Number(method.rating) !== ratingPercent(expected)) {
              ownDifferences.push({
                subject: 'method',
                id: method.id,
                email: trader.email,
                expectedTenths: expected,
                storedTenths: method.pointsTenths,
                storedPercent: Number(method.rating),
              });
              await setMethodRatingPoints(tx, method.id, expected, percentText(expected));
            }
          }
          if (ownDifferences.length > 0) await audit?.(tx, ownDifferences);
          return ownDifferences;
        });
        differences.push(...found);
      }
      return differences;
    },

    /** The trader's events in the order they were applied. */
    eventsOf(traderId: string) {
      return repo.eventsOf(db, traderId);
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
