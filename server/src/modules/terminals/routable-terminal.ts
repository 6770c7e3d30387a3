// The one definition of a terminal that can take deals, used by routing (the orders repository's pick of a
// method) and by the Terminals page's online flag: listed (activated, not deleted), Enabled, and heard from
// within TERMINAL_OFFLINE_AFTER_S. A definition, not a repository: it runs no statement of its own.
import { type SQL, sql } from 'drizzle-orm';

/** The online cut-off: a terminal is online while its last heartbeat is after this moment. */
export function onlineCutoff(now: Date, offlineAfterS: number): Date {
  return new Date(now.getTime() - offlineAfterS * 1000);
}

/** Online: the last heartbeat is after the cut-off (younger than TERMINAL_OFFLINE_AFTER_S at `now`). */
export function isOnline(lastPing: Date | null, now: Date, offlineAfterS: number): boolean {
  return lastPing !== null && lastPing.getTime() > onlineCutoff(now, offlineAfterS).getTime();
}

/**
 * SQL true when the terminal `terminalId` (a column or a value) can take deals now: listed, Enabled and online
 * after `onlineSince`. A scalar subquery, so a missing terminal gives null, which fails a condition as false does.
 */
export function routableTerminal(terminalId: SQL, onlineSince: Date): SQL {
  return sql`(select t.status = 'Enabled' and t.activated_at is not null and t.deleted_at is null
                     and t.last_ping > ${onlineSince.toISOString()}::timestamptz
              from terminals t where t.id = ${terminalId})`;
}
