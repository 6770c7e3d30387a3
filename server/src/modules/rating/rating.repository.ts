// SQL of rating_events and the rating locks and reads (trader's users row, methods' rows); points are set by users and payments.
import { asc, eq, exists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentMethods, ratingEvents, users } from '../../db/schema/index.ts';

export type RatingEventRow = typeof ratingEvents.$inferSelect;

/**
 * The trader's points, their users row locked for the rest of the transaction (the rating lock). FOR NO KEY
 * UPDATE, as an UPDATE of these columns would take: rating writers still queue on it, but a row that only
 * references the trader (a new deal's foreign key takes KEY SHARE) is not blocked. With FOR UPDATE a completing
 * deal (trader, then method) and a new order holding that method while inserting its deal waited on each other.
 */
export async function lockTrader(
  tx: DbOrTx,
  traderId: string,
): Promise<{ pointsTenths: number; rating: string; email: string } | undefined> {
  const [row] = await tx
    .select({ pointsTenths: users.ratingPointsTenths, rating: users.rating, email: users.email })
    .from(users)
    .where(eq(users.id, traderId))
    .for('no key update');
  return row;
}

/** A method's points, its row locked for the rest of the transaction (NO KEY UPDATE, as the trader's). */
export async function lockMethod(
  tx: DbOrTx,
  methodId: string,
): Promise<{ pointsTenths: number; rating: string } | undefined> {
  const [row] = await tx
    .select({ pointsTenths: paymentMethods.ratingPointsTenths, rating: paymentMethods.rating })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId))
    .for('no key update');
  return row;
}

/** The trader's methods with their starting and current points, locked (after the trader's row). */
export async function lockMethodsOf(tx: DbOrTx, traderId: string) {
  return tx
    .select({
      id: paymentMethods.id,
      basePointsTenths: paymentMethods.basePointsTenths,
      pointsTenths: paymentMethods.ratingPointsTenths,
      rating: paymentMethods.rating,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, traderId))
    .orderBy(asc(paymentMethods.id))
    .for('update');
}

/** Writes an event; false when its unique index already holds it (a deal's success, a dispute's kind). */
export async function insertEvent(tx: DbOrTx, values: typeof ratingEvents.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(ratingEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ratingEvents.id });
  return rows.length === 1;
}

/** A user's points and percent, unlocked. */
export async function findTrader(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ pointsTenths: users.ratingPointsTenths, rating: users.rating })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The trader's events in the order they were applied (by id). */
export async function eventsOf(db: DbOrTx, traderId: string): Promise<RatingEventRow[]> {
  return db
    .select()
    .from(ratingEvents)
    .where(eq(ratingEvents.traderId, traderId))
    .orderBy(asc(ratingEvents.id));
}

/** Every user a rating may belong to: traders, and anyone with points or events. */
export async function ratedUserIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        eq(users.role, 'trader'),
        sql`${users.ratingPointsTenths} <> 0`,
        exists(db.select({ one: sql`1` }).from(ratingEvents).where(eq(ratingEvents.traderId, users.id))),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/** A dispute's events in the order they were written. */
export async function eventsOfDispute(db: DbOrTx, disputeId: string): Promise<RatingEventRow[]> {
  return db
    .select()
    .from(ratingEvents)
    .where(eq(ratingEvents.disputeId, disputeId))
    .orderBy(asc(ratingEvents.id));
}
