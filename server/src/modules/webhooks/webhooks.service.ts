/** Use cases: enqueue an order's event, deliver due events, settings, list, resend, operator retry. */
import {
  MERCHANT_TEXT,
  type Order,
  type WebhookEvent,
  type WebhookOutcome,
  type WebhookPayload,
  webhookPayloadSchema,
} from '@app/shared';
import type { SQLWrapper } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { scheduledDelayMs } from '../../jobs/backoff.ts';
import { badRequest, fieldErrors, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import * as users from '../users/users.service.ts';
import { newEventId, newWebhookSecret, webhookHeaders } from './signing.ts';
import { type PostOutcome, postWebhook } from './webhook-post.ts';
import { privateWebhooksAllowed, type Resolver, systemResolver, webhookUrlRefusal } from './webhook-url.ts';
import * as repo from './webhooks.repository.ts';

/**
 * Waits after the 1st, 2nd, … failed attempt; after the last listed one, RETRY_DELAY_AFTER_MS each time until
 * WEBHOOK_RETRY_HOURS after the event was written. Fast at first (a receiver restarting), then slower.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;
export const RETRY_DELAY_AFTER_MS = 4 * 3_600_000;
/** ±10 %: receivers that failed together (an outage) are not all retried in the same second. */
const JITTER = 0.1;
/** Deliveries in flight at once in one pass (never two of one order: the due query picks one per order). */
export const DELIVERY_PARALLELISM = 16;

/** The wait before the next attempt after `failures` failed ones, with jitter. */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  return scheduledDelayMs(RETRY_DELAYS_MS, failures, { after: RETRY_DELAY_AFTER_MS, jitter: JITTER, random });
}

/** The window WEBHOOK_RESENDS_PER_MIN counts in. */
const RESEND_WINDOW_MS = 60_000;

const EVENT_ID_PATTERN = /^msg_[A-Za-z0-9]{16,40}$/;
const CURSOR_PATTERN = /^\d{1,19}$/;

/**
 * The body as sent: the stored payload (jsonb keeps no key order) put back into the contract's order, so the
 * merchant reads {type, timestamp, data{id, …}}. Every attempt of an event sends the same bytes.
 */
function bodyOf(payload: unknown): string {
  const parsed = webhookPayloadSchema.safeParse(payload);
  return JSON.stringify(parsed.success ? parsed.data : payload);
}

function toEventItem(row: repo.WebhookEventRow): WebhookEvent {
  const state = row.state as repo.EventState;
  return {
    id: row.id,
    type: row.type,
    order_id: row.orderId,
    state,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    // The class only: last_error holds the operator's detail (addresses, socket codes) and stays inside.
    last_outcome: (row.lastOutcome as WebhookOutcome | null) ?? null,
    // Only a pending event has a next attempt; delivered and failed ones are never sent automatically.
    next_attempt_at: state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Runs `work` over `items` with at most `width` running at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/**
 * Merchant webhooks (issue 10): the outbox written in the order's own transaction, the merchant's settings
 * (URL, signing secret, delivery log, resend), the operator's list and retry, and delivery of due events
 * (the delivery job calls deliverDue). Settings are for merchants only: anybody else gets a 400 with
 * MERCHANT_TEXT.notMerchant (never 403, which the web app treats as a forced logout).
 */
type OrderEventInput = { merchantId: string; order: Order; callbackUrl: string | null };

export function createWebhooksService(deps: {
  database: Database;
  config: AppConfig;
  log: Logger;
  now?: () => Date;
  /** The jitter source (tests pin it). */
  random?: () => number;
  /** Resolves receivers' host names (tests inject one that changes its answer). */
  resolve?: Resolver;
}) {
  const db = deps.database.db;
  const { config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const resolve = deps.resolve ?? systemResolver;
  // Whether the rule against internal webhook addresses applies (see WEBHOOK_ALLOW_PRIVATE_URLS).
  const allowPrivate = privateWebhooksAllowed(config);

  async function requireMerchant(userId: string): Promise<void> {
    const user = await users.findById(db, userId);
    if (user?.role !== 'merchant') throw badRequest(MERCHANT_TEXT.notMerchant);
  }

  /**
   * One POST of an event, or the reason none could be made (no URL, no secret; postWebhook: a name that does
   * not resolve, an internal address). Every reason is a failed attempt, retried on the schedule like a
   * receiver's error, since a merchant can fix each (save a URL, a secret, a DNS record).
   */
  async function attempt(input: {
    id: string;
    url: string | null;
    secret: string | null;
    payload: unknown;
  }): Promise<PostOutcome> {
    const refused = (outcome: WebhookOutcome, error: string): PostOutcome => ({
      ok: false,
      statusCode: null,
      outcome,
      error,
      durationMs: 0,
    });
    if (!input.url) return refused('url_not_set', MERCHANT_TEXT.webhookUrlNotSet);
    if (!input.secret) return refused('secret_not_set', MERCHANT_TEXT.webhookSecretNotSet);
    const body = bodyOf(input.payload);
    return postWebhook({
      url: input.url,
      headers: webhookHeaders({ secret: input.secret, id: input.id, at: now(), body }),
      body,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate,
      resolve,
    });
  }

  /** An attempt in the event's log, automatic or manual; an attempt without a URL is logged with ''. */
  function recordAttempt(
    tx: Tx,
    input: { eventId: string; url: string | null; outcome: PostOutcome; manual: boolean; now: Date },
  ): Promise<void> {
    return repo.insertAttempt(tx, {
      eventId: input.eventId,
      url: input.url ?? '',
      statusCode: input.outcome.statusCode,
      outcome: input.outcome.outcome,
      error: input.outcome.error,
      durationMs: input.outcome.durationMs,
      manual: input.manual,
      now: input.now,
    });
  }

  /** An automatic attempt of a due event: logged, then delivered or rescheduled (or given up). */
  async function deliverOne(event: repo.DueEvent): Promise<void> {
    const url = event.url ?? event.merchantUrl;
    const outcome = await attempt({ id: event.id, url, secret: event.secret, payload: event.payload });
    const finished = now();
    let givenUp = false;
    await db.transaction(async (tx) => {
      await recordAttempt(tx, { eventId: event.id, url, outcome, manual: false, now: finished });
      if (outcome.ok) {
        await repo.markDelivered(tx, {
          id: event.id,
          attemptsSeen: event.attempts,
          statusCode: outcome.statusCode!,
          now: finished,
        });
        return;
      }
      const failures = event.attempts + 1;
      const state = await repo.markAttemptFailed(tx, {
        id: event.id,
        attemptsSeen: event.attempts,
        statusCode: outcome.statusCode,
        outcome: outcome.outcome,
        error: outcome.error,
        now: finished,
        nextAttemptAt: new Date(finished.getTime() + retryDelayMs(failures, random)),
        retryHours: config.WEBHOOK_RETRY_HOURS,
      });
      givenUp = state === 'failed';
    });
    const context = {
      eventId: event.id,
      orderId: event.orderId,
      status: outcome.statusCode,
      outcome: outcome.outcome,
    };
    if (outcome.ok) log.debug(context, 'webhook delivered');
    else if (givenUp)
      log.warn({ ...context, error: outcome.error }, 'webhook given up after its retry window');
    else log.info({ ...context, error: outcome.error }, 'webhook attempt failed; will retry');
  }

  /** The outbox row of an order's status change, stamped now. */
  const orderEvent = (input: OrderEventInput): repo.NewWebhookEvent => {
    const at = now();
    const type = `order.${input.order.status}`;
    const payload: WebhookPayload = { type, timestamp: at.toISOString(), data: input.order };
    return {
      id: newEventId(),
      merchantId: input.merchantId,
      orderId: input.order.id,
      type,
      payload,
      url: input.callbackUrl,
      now: at,
    };
  };

  return {
    /**
     * Writes the outbox row of an order's status change inside the caller's transaction (so it commits or
     * rolls back with the change): one INSERT, nothing sent here. Returns the event id (webhook-id).
     */
    async enqueueOrderEvent(tx: Tx, input: OrderEventInput): Promise<string> {
      const event = orderEvent(input);
      await repo.insertEvent(tx, event);
      return event.id;
    },

    /** enqueueOrderEvent as a write not yet run, for a statement that runs several (db/writes-together.ts). */
    orderEventWrite(tx: Tx, input: OrderEventInput): SQLWrapper {
      return repo.insertEventWrite(tx, orderEvent(input));
    },

    /** GET webhook settings: the URL and whether a secret exists (the secret itself is never shown again). */
    /**
     * Why an order's callback_url cannot be taken (the message for the 422), or null: the same rule as the
     * merchant's saved URL, checked when the order is created rather than first at its deliveries.
     */
    callbackUrlRefusal(url: string): string | null {
      return webhookUrlRefusal(url, !allowPrivate) ? MERCHANT_TEXT.webhookUrlPrivate : null;
    },

    async getSettings(userId: string): Promise<{ url: string | null; has_secret: boolean }> {
      await requireMerchant(userId);
      const row = await repo.findSettings(db, userId);
      return { url: row?.url ?? null, has_secret: Boolean(row?.secret) };
    },

    /**
     * PUT webhook URL (null clears it). Setting a URL while no secret exists creates one, returned this once
     * as `secret`; an existing secret is kept. In production a URL into an internal network is refused.
     */
    async updateUrl(
      userId: string,
      url: string | null,
    ): Promise<{ url: string | null; has_secret: boolean; secret?: string }> {
      await requireMerchant(userId);
      if (url !== null && webhookUrlRefusal(url, !allowPrivate)) {
        throw fieldErrors({ url: [MERCHANT_TEXT.webhookUrlPrivate] });
      }
      const candidate = url === null ? null : newWebhookSecret();
      const row = await repo.upsertUrl(db, { userId, url, secretIfNone: candidate, now: now() });
      const created = candidate !== null && row.secret === candidate;
      return { url: row.url, has_secret: row.secret !== null, ...(created ? { secret: candidate } : {}) };
    },

    /** POST webhook secret: a new whsec_ secret, shown once; the old one stops signing at once. */
    async rotateSecret(userId: string): Promise<{ secret: string }> {
      await requireMerchant(userId);
      const secret = newWebhookSecret();
      await repo.setSecret(db, userId, secret, now());
      return { secret };
    },

    /** The merchant's own events, newest first; the cursor is the last item's position (opaque to clients). */
    async listEvents(
      userId: string,
      query: { limit: number; cursor?: string },
    ): Promise<{ results: WebhookEvent[]; next_cursor: string | null }> {
      await requireMerchant(userId);
      if (query.cursor !== undefined && !CURSOR_PATTERN.test(query.cursor)) {
        throw badRequest(MERCHANT_TEXT.invalidCursor);
      }
      const before = query.cursor === undefined ? null : BigInt(query.cursor);
      const rows = await repo.listForMerchant(db, userId, query.limit, before);
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      return {
        results: page.map(toEventItem),
        next_cursor: more ? String(page[page.length - 1]!.seq) : null,
      };
    },

    /**
     * Resend: one immediate attempt of the merchant's own event to its current destination, logged as
     * manual. A 2xx makes a pending or failed event delivered; a failure is shown on the event but leaves the
     * automatic schedule as it was. Another merchant's (or no) event: 404. At most WEBHOOK_RESENDS_PER_MIN
     * resend requests per merchant a minute (counted in the database, so across instances too): each one
     * makes an outbound request on the merchant's word; past it 429 and nothing is sent.
     */
    async resendEvent(userId: string, eventId: string): Promise<WebhookEvent> {
      await requireMerchant(userId);
      const allowed = await repo.countResend(db, {
        merchantId: userId,
        now: now(),
        windowMs: RESEND_WINDOW_MS,
        max: config.WEBHOOK_RESENDS_PER_MIN,
      });
      if (!allowed) throw tooManyRequests(MERCHANT_TEXT.resendLimited);
      const event = EVENT_ID_PATTERN.test(eventId) ? await repo.findEvent(db, eventId) : undefined;
      if (!event || event.merchantId !== userId) throw notFound(MERCHANT_TEXT.eventNotFound);
      const destination = await repo.destinationOf(db, userId);
      const url = event.url ?? destination.url;
      const outcome = await attempt({
        id: event.id,
        url,
        secret: destination.secret,
        payload: event.payload,
      });
      const finished = now();
      await db.transaction(async (tx) => {
        await recordAttempt(tx, { eventId: event.id, url, outcome, manual: true, now: finished });
        if (outcome.ok) {
          await repo.markDeliveredManually(tx, {
            id: event.id,
            statusCode: outcome.statusCode!,
            now: finished,
          });
        } else {
          await repo.noteManualFailure(tx, {
            id: event.id,
            statusCode: outcome.statusCode,
            outcome: outcome.outcome,
            error: outcome.error,
          });
        }
      });
      log.info(
        {
          eventId,
          status: outcome.statusCode,
          outcome: outcome.outcome,
          error: outcome.error,
          ok: outcome.ok,
        },
        'webhook resent by the merchant',
      );
      const row = await repo.findEvent(db, event.id);
      return toEventItem(row!);
    },

    /** The operator's list (admin CLI): newest first, optionally of one state. */
    listForAdmin(input: { state?: repo.EventState; limit: number }) {
      return repo.listForAdmin(db, input);
    },

    /** The console's page of events with the total (the CLI's list without the page). */
    pageForAdmin(input: { state?: repo.EventState; id?: string; offset: number; limit: number }) {
      return repo.pageForAdmin(db, input);
    },

    /**
     * The operator's retry: a failed event goes back to pending, due now. Its retry window (from created_at)
     * is over, so this is one more attempt: a failure gives it up again. Null when there is no failed event
     * of that id. `tx`, when given, is the caller's transaction (the console's audit row commits with it).
     */
    async retry(eventId: string, tx: DbOrTx = db): Promise<repo.WebhookEventRow | null> {
      if (!EVENT_ID_PATTERN.test(eventId)) return null;
      return (await repo.retryFailed(tx, eventId, now())) ?? null;
    },

    /**
     * One delivery pass: up to `limit` due events (the earliest pending one of each order), DELIVERY_PARALLELISM
     * at a time. Returns how many were attempted. An event whose bookkeeping fails is logged and stays due.
     */
    async deliverDue(limit: number): Promise<number> {
      const due = await repo.dueEvents(db, now(), limit);
      await inParallel(due, DELIVERY_PARALLELISM, async (event) => {
        try {
          await deliverOne(event);
        } catch (error) {
          log.warn({ err: error, eventId: event.id }, 'webhook delivery bookkeeping failed; will retry');
        }
      });
      return due.length;
    },

    /**
     * For /health: degraded while an event has waited more than WEBHOOK_DEGRADED_AFTER_S (receivers failing
     * or delivery behind); orders go on meanwhile, their events wait in the outbox.
     */
    async healthCheck(): Promise<{ ok: boolean; degraded?: boolean; detail: string }> {
      const after = config.WEBHOOK_DEGRADED_AFTER_S;
      const { pending, late, failing } = await repo.backlog(db, new Date(now().getTime() - after * 1000));
      if (late > 0) {
        return {
          ok: true,
          degraded: true,
          detail: `${late} of ${pending} events undelivered for over ${after}s (${failing} failing)`,
        };
      }
      return { ok: true, detail: `${pending} events pending` };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
