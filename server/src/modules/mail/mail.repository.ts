/** Use cases: the mail outbox's rows (enqueue, claim, mark, expire, prune, backlog for /health). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRow } from '../../db/rows.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { outboxRepository } from '../../jobs/outbox.repository.ts';
import type { MailMessage } from './mailer.ts';

export interface ClaimedMail {
  id: number;
  message: MailMessage;
  attempts: number;
}

const outbox = outboxRepository<{
  id: string | number;
  recipient: string;
  purpose: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
}>({
  name: 'mail_outbox',
  open: sql`sent_at is null and expired_at is null`,
  // A message past its expiry is given up (expireOverdue), never sent late.
  claimable: sql`expires_at > now()`,
  returning: sql`id, recipient, purpose, subject, body_text, body_html, attempts`,
  errorMax: 300,
  // The content goes at once (it may carry a code).
  onSent: sql`subject = null, body_text = null, body_html = null`,
});

/** Writes one message to the outbox (inside the caller's transaction when it passes one). */
export async function insert(db: DbOrTx, message: MailMessage, expiresInMs: number): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      purpose: message.purpose,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html,
      expiresAt: sql`now() + ${expiresInMs} * interval '1 millisecond'`,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due, unexpired messages for `claim` in one statement: due_at moves claimMs ahead (a
 * sender that dies leaves them due again then); rows another sender holds are skipped.
 */
export async function claimDue(
  db: DbOrTx,
  input: { limit: number; claim: string; claimMs: number },
): Promise<ClaimedMail[]> {
  const rows = await outbox.claimDue(db, input);
  return rows.map((row) => ({
    id: Number(row.id),
    attempts: Number(row.attempts),
    message: {
      to: String(row.recipient),
      purpose: String(row.purpose),
      subject: String(row.subject),
      text: String(row.body_text),
      html: String(row.body_html),
    },
  }));
}

/** Sent, under the claim that sent it: the content goes at once (it may carry a code). */
export async function markSent(db: DbOrTx, id: number, claim: string): Promise<void> {
  await outbox.markSent(db, id, claim);
}

/** A failed attempt, under its claim: counted and due again after delayMs. */
export async function markFailed(
  db: DbOrTx,
  input: { id: number; claim: string; error: string; delayMs: number },
): Promise<void> {
  await outbox.markFailed(db, input);
}

/** Gives a claimed message back unattempted, due now. */
export async function release(db: DbOrTx, id: number, claim: string): Promise<void> {
  await outbox.release(db, id, claim);
}

/** Gives up the unsent messages past their expiry, their content removed. Returns how many. */
export async function expireOverdue(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ expiredAt: sql`now()`, subject: null, bodyText: null, bodyHtml: null, claim: null })
    .where(
      sql`${mailOutbox.sentAt} is null and ${mailOutbox.expiredAt} is null and ${mailOutbox.expiresAt} <= now()`,
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Deletes sent and given-up rows (they hold no content, only the record) older than keepMs. */
export async function deleteFinishedBefore(db: DbOrTx, keepMs: number): Promise<void> {
  await db.execute(sql`
    delete from mail_outbox
    where created_at < now() - ${keepMs} * interval '1 millisecond'
      and (sent_at is not null or expired_at is not null)
  `);
}

/** The unsent messages: how many, and how many of them were written more than olderThanMs ago. */
export async function backlog(db: DbOrTx, olderThanMs: number): Promise<{ pending: number; late: number }> {
  const row = await selectRow<{ pending: number; late: number }>(
    db,
    sql`
    select count(*)::int as pending,
      (count(*) filter (where created_at <= now() - ${olderThanMs} * interval '1 millisecond'))::int as late
    from mail_outbox
    where sent_at is null and expired_at is null
  `,
  );
  return { pending: Number(row?.pending ?? 0), late: Number(row?.late ?? 0) };
}
