/** Use cases: enqueue a mail with its cause's change, one delivery pass, the mail /health check. */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { HealthCheck } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { scheduledDelayMs } from '../../jobs/backoff.ts';
import * as repo from './mail.repository.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** How long a claim holds messages; a sender that died leaves them due again after this. */
export const MAIL_CLAIM_MS = 60_000;
/** Waits after the 1st, 2nd, … failed attempt; the last one repeats until the message expires. */
export const MAIL_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** Sent and given-up rows (content already removed) are kept this long for the operator, then deleted. */
export const MAIL_KEEP_FINISHED_MS = 7 * 86_400_000;

/** The short reason of a failed send for the row and the log: the error's code or first line, never the mail. */
function failureReason(error: unknown): string {
  const { code, responseCode, message } = error as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const parts = [code, responseCode].filter((part) => part !== undefined).map(String);
  const firstLine = typeof message === 'string' ? message.split('\n')[0]!.slice(0, 200) : '';
  return parts.length > 0 ? parts.join(' ') : firstLine || 'unknown error';
}

export interface MailOutbox {
  /**
   * Writes a message to the outbox; pass the transaction of the change it reports, so it exists exactly when
   * that change committed. `expiresInMs` bounds how long it is retried (a code's mail: the code's lifetime).
   */
  enqueue(db: DbOrTx, message: MailMessage, options?: { expiresInMs?: number }): Promise<void>;
  /**
   * One delivery pass: gives up expired messages, then claims up to `limit` due ones and sends them one by
   * one through the transport. A failure puts the message back for later and ends the pass (the mail server
   * is likely down for the rest too). Returns how many were sent.
   */
  deliverDue(limit?: number): Promise<number>;
  /** For /health: degraded while a message has waited longer than MAIL_DEGRADED_AFTER_S. */
  healthCheck: HealthCheck;
}

/** Mail goes through the mail_outbox table; `transport` (SMTP or DATA_DIR/mail) is used only by deliverDue. */
export function createMailOutbox(deps: {
  database: Database;
  transport: Mailer;
  log: Logger;
  /** How long an undelivered message is retried unless the caller says otherwise. */
  defaultExpiryMs: number;
  /** A message unsent for longer than this makes /health degraded. */
  degradedAfterMs: number;
}): MailOutbox {
  const db = deps.database.db;
  const log = deps.log.child({ component: 'mail-outbox' });

  return {
    async enqueue(tx, message, options = {}) {
      await repo.insert(tx, message, options.expiresInMs ?? deps.defaultExpiryMs);
    },

    async deliverDue(limit = 20) {
      const expired = await repo.expireOverdue(db);
      if (expired > 0) log.warn({ expired }, 'mail given up undelivered (expired)');
      await repo.deleteFinishedBefore(db, MAIL_KEEP_FINISHED_MS);
      const claim = randomBytes(8).toString('hex');
      const due = await repo.claimDue(db, { limit, claim, claimMs: MAIL_CLAIM_MS });
      // Every message of the claim is sent well within it, or given back for the next pass, so no other
      // sender can take a message this one is still sending.
      const sendUntil = Date.now() + MAIL_CLAIM_MS / 2;
      let sent = 0;
      for (const [index, row] of due.entries()) {
        if (Date.now() > sendUntil) {
          for (const rest of due.slice(index)) await repo.release(db, rest.id, claim);
          return sent;
        }
        try {
          await deps.transport.send(row.message);
        } catch (error) {
          const reason = failureReason(error);
          const delayMs = scheduledDelayMs(MAIL_RETRY_DELAYS_MS, row.attempts + 1);
          // The purpose and id only: the subject and body can carry a one-time code.
          log.warn(
            { mailId: row.id, purpose: row.message.purpose, attempts: row.attempts + 1, reason },
            'mail not sent; will retry',
          );
          await repo.markFailed(db, { id: row.id, claim, error: reason, delayMs });
          // The rest of the batch goes back due now, for the next pass, unattempted.
          for (const rest of due.slice(index + 1)) await repo.release(db, rest.id, claim);
          return sent;
        }
        await repo.markSent(db, row.id, claim);
        sent++;
      }
      return sent;
    },

    async healthCheck() {
      const { pending, late } = await repo.backlog(db, deps.degradedAfterMs);
      const seconds = Math.round(deps.degradedAfterMs / 1000);
      if (late > 0)
        return {
          ok: true,
          degraded: true,
          detail: `${late} of ${pending} messages unsent for over ${seconds}s`,
        };
      return { ok: true, detail: `${pending} messages queued` };
    },
  };
}
