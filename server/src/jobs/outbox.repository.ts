import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';

/**
 * The one claim/lease/retry SQL of the outboxes (mail_outbox, telegram_notifications): claim due rows, mark
 * one sent or failed, give one back. An outbox table has the columns id, claim, due_at, attempts, last_error
 * and sent_at, and its own way of saying a row is finished (given up, expired).
 */
export interface OutboxTable {
  name: string;
  /** A row still to send (not sent, not given up), e.g. `sent_at is null and failed_at is null`. */
  open: SQL;
  /** What else a row needs to be claimed besides being open and due (e.g. not past its own expiry). */
  claimable?: SQL;
  /** The columns a claim returns. */
  returning: SQL;
  /** The longest last_error kept. */
  errorMax: number;
  /** Assignments a sent row also gets (content that must not outlive the sending), e.g. `subject = null`. */
  onSent?: SQL;
  /** The column that marks a row given up for good (now()) when a failed attempt says so. */
  giveUpColumn?: string;
}

/** The claim/lease/retry statements of one outbox table. */
export function outboxRepository<Row extends { id: unknown }>(table: OutboxTable) {
  const name = sql.identifier(table.name);
  const claimedBy = (id: number, claim: string) => sql`id = ${id} and claim = ${claim} and ${table.open}`;

  return {
    /**
     * Claims up to `limit` due rows for `claim` in one statement: due_at moves claimMs ahead (a claimer that
     * dies leaves them due again then); rows another claimer holds are skipped. In id order.
     */
    async claimDue(db: DbOrTx, input: { limit: number; claim: string; claimMs: number }): Promise<Row[]> {
      const claimable = table.claimable ? sql` and ${table.claimable}` : sql``;
      const rows = await selectRows<Row>(
        db,
        sql`
          update ${name}
          set claim = ${input.claim}, due_at = now() + ${input.claimMs} * interval '1 millisecond'
          where id in (
            select id from ${name}
            where ${table.open} and due_at <= now()${claimable}
            order by due_at, id
            limit ${input.limit}
            for update skip locked
          )
          returning ${table.returning}
        `,
      );
      return rows.sort((a, b) => Number(a.id) - Number(b.id));
    },

    /** Sent: only under the claim that sent it, so a row is marked (and counted) once. True when it was. */
    async markSent(db: DbOrTx, id: number, claim: string): Promise<boolean> {
      const onSent = table.onSent ? sql`, ${table.onSent}` : sql``;
      const rows = await selectRows<{ id: unknown }>(
        db,
        sql`
          update ${name}
          set sent_at = now(), attempts = attempts + 1, last_error = null, claim = null${onSent}
          where ${claimedBy(id, claim)}
          returning id
        `,
      );
      return rows.length > 0;
    },

    /** A failed attempt, under its claim: counted, due again after delayMs, or given up when giveUp. */
    async markFailed(
      db: DbOrTx,
      input: { id: number; claim: string; error: string; delayMs: number; giveUp?: boolean },
    ): Promise<void> {
      const giveUp =
        input.giveUp && table.giveUpColumn ? sql`, ${sql.identifier(table.giveUpColumn)} = now()` : sql``;
      await db.execute(sql`
        update ${name}
        set attempts = attempts + 1, last_error = ${input.error.slice(0, table.errorMax)},
          due_at = now() + ${input.delayMs} * interval '1 millisecond', claim = null${giveUp}
        where ${claimedBy(input.id, input.claim)}
      `);
    },

    /** Gives a claimed row back unattempted, due after delayMs (at once by default). */
    async release(db: DbOrTx, id: number, claim: string, delayMs = 0): Promise<void> {
      await db.execute(sql`
        update ${name}
        set due_at = now() + ${delayMs} * interval '1 millisecond', claim = null
        where ${claimedBy(id, claim)}
      `);
    },
  };
}
