/** Use cases: notify a user (outbox rows in the caller's transaction) and one Telegram delivery pass. */
import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Tx } from '../../db/client.ts';
import { scheduledDelayMs } from '../../jobs/backoff.ts';
import { NOTIFICATION_GROUP, type NotificationEvent, notificationText } from './notification-texts.ts';
import * as repo from './telegram.repository.ts';

export type { NotificationEvent } from './notification-texts.ts';

/** Waits after the 1st, 2nd, … failed attempt; after the last, the message is given up (stale news). */
export const NOTIFICATION_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
/** Characters Telegram takes in one message. */
const TELEGRAM_TEXT_MAX = 4096;
/** How long a claim holds rows; a claimer that died leaves them due again after this. */
export const CLAIM_MS = 60_000;

/** How one send went, as the delivery needs it. */
export type SendOutcome =
  | { ok: true }
  /** Telegram asked to wait (429 retry_after): nothing more is sent before then. */
  | { ok: false; retryAfterS: number; error: string }
  /** For good: the chat is gone or blocked the bot (400/403). */
  | { ok: false; permanent: true; error: string }
  | { ok: false; error: string };

/** Sends one message to one chat (the bot). */
export type SendMessage = (chatId: number, text: string) => Promise<SendOutcome>;

/**
 * The rows of one event for one user: its text cut to Telegram's limit (a dispute's long comment must not
 * fail the event), the user's Settings switch for its group (disputes always go), and a newly linked
 * account left out of the news about itself.
 */
function notificationRows(userId: string, event: NotificationEvent): repo.NotificationRows {
  const group = NOTIFICATION_GROUP[event.kind];
  return {
    userId,
    kind: event.kind,
    text: notificationText(event).slice(0, TELEGRAM_TEXT_MAX),
    exceptChatId: event.kind === 'telegram_linked' ? event.telegramId : undefined,
    setting: group === 'always' ? undefined : group,
  };
}

/**
 * The notifications outbox. `notify` is what other services call inside their own transaction: one row per
 * linked Telegram account of the user, committed (or rolled back) with the event; nothing is sent there,
 * so a slow or failing Telegram never touches the request. `deliverDue` is the delivery job's pass.
 */
export function createNotificationsService(deps: { database: Database; log: Logger }) {
  const db = deps.database.db;
  const { log } = deps;
  /** This instance's pause after a 429, epoch ms (Telegram's limits are per bot, whichever instance sends). */
  let pausedUntil = 0;

  return {
    /**
     * Writes the event's messages in the caller's transaction, if the user's Settings switch for its group
     * is on (disputes always). Returns how many rows (one per linked account).
     */
    async notify(tx: Tx, userId: string, event: NotificationEvent): Promise<number> {
      return repo.insertNotifications(tx, notificationRows(userId, event));
    },

    /** notify() as a write not yet run, for a statement that runs several (db/writes-together.ts). */
    notifyWrite(userId: string, event: NotificationEvent): SQL {
      return repo.notificationsWrite(notificationRows(userId, event));
    },

    /**
     * One delivery pass: claims up to `limit` due rows and sends them one after another. A 429 stops the
     * pass and gives the unsent rows back due after retry_after; a failure is retried with backoff, a
     * permanent one given up. Returns how many rows were claimed.
     */
    async deliverDue(send: SendMessage, limit: number): Promise<number> {
      if (Date.now() < pausedUntil) return 0;
      const claim = randomBytes(8).toString('hex');
      const due = await repo.claimDue(db, { limit, claim, claimMs: CLAIM_MS });
      for (let index = 0; index < due.length; index++) {
        const row = due[index]!;
        const outcome = await send(row.chatId, row.text);
        if (outcome.ok) {
          await repo.markSent(db, row.id, claim);
          continue;
        }
        if ('retryAfterS' in outcome) {
          const waitMs = outcome.retryAfterS * 1000;
          pausedUntil = Date.now() + waitMs;
          log.warn({ retryAfterS: outcome.retryAfterS }, 'telegram asked to slow down; sends paused');
          for (const rest of due.slice(index)) await repo.release(db, rest.id, claim, waitMs);
          return due.length;
        }
        const failures = row.attempts + 1;
        const permanent = 'permanent' in outcome;
        const giveUp = permanent || failures > NOTIFICATION_RETRY_DELAYS_MS.length;
        await repo.markAttemptFailed(db, {
          id: row.id,
          claim,
          error: outcome.error,
          delayMs: scheduledDelayMs(NOTIFICATION_RETRY_DELAYS_MS, failures, { after: 0 }),
          giveUp,
        });
        if (giveUp) {
          log.warn({ id: row.id, error: outcome.error }, 'telegram notification given up');
          continue;
        }
        log.info({ id: row.id, error: outcome.error }, 'telegram notification failed; will retry');
        // Telegram is likely down or hanging for every chat: the rest wait for the next pass unattempted,
        // so one pass never spends a timeout on each of them.
        for (const rest of due.slice(index + 1)) await repo.release(db, rest.id, claim, 0);
        return due.length;
      }
      return due.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** What other services hold: the one call they make inside their transaction. */
export type Notifier = Pick<NotificationsService, 'notify' | 'notifyWrite'>;
