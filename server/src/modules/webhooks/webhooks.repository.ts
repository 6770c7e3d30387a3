/** Use cases: webhook events, attempts, settings and resend windows (SQL only). */
import type { WebhookOutcome } from '@app/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRows } from '../../db/rows.ts';
import { merchantWebhooks, users, webhookAttempts, webhookEvents } from '../../db/schema/index.ts';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type EventState = 'pending' | 'delivered' | 'failed';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Writes one outbox row (inside the caller's transaction); created_at and next_attempt_at are `now`. */
export interface NewWebhookEvent {
  id: string;
  merchantId: string;
  orderId: string;
  type: string;
  payload: unknown;
  url: string | null;
  now: Date;
}

export async function insertEvent(tx: DbOrTx, input: NewWebhookEvent): Promise<void> {
  await insertEventWrite(tx, input);
}

/** insertEvent as a write not yet run, for a statement that runs several (db/writes-together.ts). */
export function insertEventWrite(tx: DbOrTx, input: NewWebhookEvent) {
  return tx.insert(webhookEvents).values({
    id: input.id,
    merchantId: input.merchantId,
    orderId: input.orderId,
    type: input.type,
    payload: input.payload,
    url: input.url,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
}

/** The merchant's webhook URL and secret, when a row exists. */
export async function findSettings(
  db: DbOrTx,
  userId: string,
): Promise<{ url: string | null; secret: string | null } | undefined> {
  return firstRow(
    db
      .select({ url: merchantWebhooks.url, secret: merchantWebhooks.secret })
      .from(merchantWebhooks)
      .where(eq(merchantWebhooks.userId, userId)),
  );
}

/**
 * Sets the URL in one statement; `secretIfNone` becomes the secret only where there is none yet (an existing
 * secret is never replaced here). Returns the row as it is now.
 */
export async function upsertUrl(
  db: DbOrTx,
  input: { userId: string; url: string | null; secretIfNone: string | null; now: Date },
): Promise<{ url: string | null; secret: string | null }> {
  const [row] = await db
    .insert(merchantWebhooks)
    .values({ userId: input.userId, url: input.url, secret: input.secretIfNone, updatedAt: input.now })
    .onConflictDoUpdate({
      target: merchantWebhooks.userId,
      set: {
        url: input.url,
        secret: sql`coalesce(${merchantWebhooks.secret}, excluded.secret)`,
        updatedAt: input.now,
      },
    })
    .returning({ url: merchantWebhooks.url, secret: merchantWebhooks.secret });
  return row!;
}

/** Replaces the secret (creating the row when there is none): the old one stops signing at once. */
export async function setSecret(db: DbOrTx, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(merchantWebhooks)
    .values({ userId, secret, updatedAt: now })
    .onConflictDoUpdate({ target: merchantWebhooks.userId, set: { secret, updatedAt: now } });
}

/** A merchant's events, newest first, before the cursor's seq; one more than `limit` tells of a next page. */
export async function listForMerchant(
  db: DbOrTx,
  merchantId: string,
  limit: number,
  beforeSeq: bigint | null,
): Promise<WebhookEventRow[]> {
  const mine = eq(webhookEvents.merchantId, merchantId);
  return db
    .select()
    .from(webhookEvents)
    .where(beforeSeq === null ? mine : and(mine, lt(webhookEvents.seq, beforeSeq)))
    .orderBy(desc(webhookEvents.seq))
    .limit(limit + 1);
}

export async function findEvent(db: DbOrTx, id: string): Promise<WebhookEventRow | undefined> {
  return firstRow(db.select().from(webhookEvents).where(eq(webhookEvents.id, id)));
}

/** An event ready to send, with where and how: the merchant's current URL and secret at this moment. */
export interface DueEvent {
  id: string;
  orderId: string;
  payload: unknown;
  url: string | null;
  attempts: number;
  merchantUrl: string | null;
  secret: string | null;
}

/**
 * Pending events whose time has come and that are the earliest pending event of their order: a later event
 * waits behind an earlier one still being retried, so each order's events arrive in order and never two of one
 * order in one batch.
 */
export async function dueEvents(db: DbOrTx, now: Date, limit: number): Promise<DueEvent[]> {
  const rows = await selectRows<{
    id: string;
    order_id: string;
    payload: unknown;
    url: string | null;
    attempts: number;
    merchant_url: string | null;
    secret: string | null;
  }>(
    db,
    sql`
    select e.id, e.order_id, e.payload, e.url, e.attempts, w.url as merchant_url, w.secret
    from webhook_events e
    left join merchant_webhooks w on w.user_id = e.merchant_id
    where e.state = 'pending' and e.next_attempt_at <= ${at(now)}
      and not exists (
        select 1 from webhook_events p
        where p.order_id = e.order_id and p.state = 'pending' and p.seq < e.seq)
    order by e.next_attempt_at, e.seq
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    payload: row.payload,
    url: row.url,
    attempts: row.attempts,
    merchantUrl: row.merchant_url,
    secret: row.secret,
  }));
}

/** The merchant's URL and secret for one event (a resend uses the current ones). */
export async function destinationOf(
  db: DbOrTx,
  merchantId: string,
): Promise<{ url: string | null; secret: string | null }> {
  return (await findSettings(db, merchantId)) ?? { url: null, secret: null };
}

export async function insertAttempt(
  db: DbOrTx,
  input: {
    eventId: string;
    url: string;
    statusCode: number | null;
    outcome: WebhookOutcome;
    error: string | null;
    durationMs: number;
    manual: boolean;
    now: Date;
  },
): Promise<void> {
  await db.insert(webhookAttempts).values({
    eventId: input.eventId,
    url: input.url,
    statusCode: input.statusCode,
    outcome: input.outcome,
    error: input.error,
    durationMs: input.durationMs,
    manual: input.manual,
    createdAt: input.now,
  });
}

/**
 * An automatic attempt answered 2xx: delivered, never sent again automatically. Conditional on the event
 * still being pending with the attempt count this attempt was started from, so two workers that somehow sent
 * the same event never both count it. True when this call moved it.
 */
export async function markDelivered(
  db: DbOrTx,
  input: { id: string; attemptsSeen: number; statusCode: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(webhookEvents)
    .set({
      state: 'delivered',
      attempts: sql`${webhookEvents.attempts} + 1`,
      lastStatusCode: input.statusCode,
      lastOutcome: '2xx',
      lastError: null,
      deliveredAt: input.now,
    })
    .where(
      and(
        eq(webhookEvents.id, input.id),
        eq(webhookEvents.state, 'pending'),
        eq(webhookEvents.attempts, input.attemptsSeen),
      ),
    )
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/**
 * An automatic attempt failed: counted, and the next one scheduled at `nextAttemptAt` but never after the end
 * of the retry window (created_at + retryHours), so the last try falls on the window's end; an attempt made
 * at or after the end gives the event up ('failed'). Conditional like markDelivered; returns the event's new
 * state, or null when another worker had moved it.
 */
export async function markAttemptFailed(
  db: DbOrTx,
  input: {
    id: string;
    attemptsSeen: number;
    statusCode: number | null;
    outcome: WebhookOutcome;
    error: string | null;
    now: Date;
    nextAttemptAt: Date;
    retryHours: number;
  },
): Promise<EventState | null> {
  const deadline = sql`(${webhookEvents.createdAt} + ${input.retryHours} * interval '1 hour')`;
  const rows = await db
    .update(webhookEvents)
    .set({
      attempts: sql`${webhookEvents.attempts} + 1`,
      lastStatusCode: input.statusCode,
      lastOutcome: input.outcome,
      lastError: input.error,
      nextAttemptAt: sql`least(${at(input.nextAttemptAt)}, ${deadline})`,
      state: sql`case when ${at(input.now)} >= ${deadline} then 'failed' else 'pending' end`,
    })
    .where(
      and(
        eq(webhookEvents.id, input.id),
        eq(webhookEvents.state, 'pending'),
        eq(webhookEvents.attempts, input.attemptsSeen),
      ),
    )
    .returning({ state: webhookEvents.state });
  return (rows[0]?.state as EventState | undefined) ?? null;
}

/**
 * A manual attempt (resend) answered 2xx: a pending or failed event becomes delivered. A delivered one
 * stays as it was.
 */
export async function markDeliveredManually(
  db: DbOrTx,
  input: { id: string; statusCode: number; now: Date },
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({
      state: 'delivered',
      lastStatusCode: input.statusCode,
      lastOutcome: '2xx',
      lastError: null,
      deliveredAt: input.now,
    })
    .where(and(eq(webhookEvents.id, input.id), inArray(webhookEvents.state, ['pending', 'failed'])));
}

/**
 * A manual attempt failed: its outcome is shown on an event not yet delivered, but the automatic schedule
 * (attempts, next_attempt_at, the retry window) is left alone: a merchant's click neither speeds nor stalls it.
 */
export async function noteManualFailure(
  db: DbOrTx,
  input: { id: string; statusCode: number | null; outcome: WebhookOutcome; error: string | null },
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ lastStatusCode: input.statusCode, lastOutcome: input.outcome, lastError: input.error })
    .where(and(eq(webhookEvents.id, input.id), inArray(webhookEvents.state, ['pending', 'failed'])));
}

/**
 * Counts one manual resend of the merchant in its current window, or refuses it: one statement (an upsert
 * whose update is conditional), so parallel resends on any number of instances never pass `max` in a window.
 * A window older than `windowMs` starts afresh at `now` with this resend. True when the resend may go.
 */
export async function countResend(
  db: DbOrTx,
  input: { merchantId: string; now: Date; windowMs: number; max: number },
): Promise<boolean> {
  const expired = sql`w.window_started_at <= ${at(input.now)} - ${input.windowMs} * interval '1 millisecond'`;
  const rows = await selectRows<{ resends: number }>(
    db,
    sql`
    insert into webhook_resend_windows as w (merchant_id, window_started_at, resends)
    values (${input.merchantId}, ${at(input.now)}, 1)
    on conflict (merchant_id) do update set
      window_started_at = case when ${expired} then excluded.window_started_at else w.window_started_at end,
      resends = case when ${expired} then 1 else w.resends + 1 end
    where ${expired} or w.resends < ${input.max}
    returning w.resends`,
  );
  return rows.length > 0;
}

/** The operator's view: events (optionally of one state), newest first, with the merchant's email. */
export async function listForAdmin(
  db: DbOrTx,
  input: { state?: EventState; limit: number },
): Promise<(WebhookEventRow & { merchantEmail: string })[]> {
  const rows = await db
    .select({ event: webhookEvents, merchantEmail: users.email })
    .from(webhookEvents)
    .innerJoin(users, eq(users.id, webhookEvents.merchantId))
    .where(input.state ? eq(webhookEvents.state, input.state) : undefined)
    .orderBy(desc(webhookEvents.seq))
    .limit(input.limit);
  return rows.map((row) => ({ ...row.event, merchantEmail: row.merchantEmail }));
}

/** The console's page of events (of one state, or the one `id`), newest first, with the merchant and the total. */
export async function pageForAdmin(
  db: DbOrTx,
  input: { state?: EventState; id?: string; offset: number; limit: number },
): Promise<{ count: number; rows: (WebhookEventRow & { merchantEmail: string })[] }> {
  const where = and(
    input.state ? eq(webhookEvents.state, input.state) : undefined,
    input.id ? eq(webhookEvents.id, input.id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: webhookEvents, merchantEmail: users.email })
      .from(webhookEvents)
      .innerJoin(users, eq(users.id, webhookEvents.merchantId))
      .where(where)
      .orderBy(desc(webhookEvents.seq))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ value: sql<number>`count(*)::int` }).from(webhookEvents).where(where),
  ]);
  return {
    count: Number(total?.value ?? 0),
    rows: rows.map((row) => ({ ...row.event, merchantEmail: row.merchantEmail })),
  };
}

/** failed → pending, due at once (the operator's retry). Returns the event when it moved. */
export async function retryFailed(db: DbOrTx, id: string, now: Date): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .update(webhookEvents)
    .set({ state: 'pending', nextAttemptAt: now })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.state, 'failed')))
    .returning();
  return row;
}

/** An event's attempts in order (tests and the operator). */
export async function attemptsOf(db: DbOrTx, eventId: string): Promise<WebhookAttemptRow[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.eventId, eventId))
    .orderBy(webhookAttempts.id);
}

/**
 * The undelivered events: how many are pending, how many of them were written at or before `lateBefore`,
 * and how many of those have failed at least once (a receiver refusing or unreachable).
 */
export async function backlog(
  db: DbOrTx,
  lateBefore: Date,
): Promise<{ pending: number; late: number; failing: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      late: sql<number>`(count(*) filter (where ${webhookEvents.createdAt} <= ${lateBefore}))::int`,
      failing: sql<number>`(count(*) filter (where ${webhookEvents.createdAt} <= ${lateBefore} and ${webhookEvents.attempts} > 0))::int`,
    })
    .from(webhookEvents)
    .where(eq(webhookEvents.state, 'pending'));
  return {
    pending: Number(row?.pending ?? 0),
    late: Number(row?.late ?? 0),
    failing: Number(row?.failing ?? 0),
  };
}
