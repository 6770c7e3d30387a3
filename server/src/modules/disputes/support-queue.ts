/**
 * Support's home queue (issue 25): the open disputes oldest first, their deadlines and who holds each lock; the
 * count of open disputes (the operator console's overview).
 */
import {
  formatUsdt,
  kopecksToRubleString,
  RATING,
  SUPPORT_QUEUE_LIMIT,
  type SupportQueueResponse,
} from '@app/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './support-queue.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * The disputes module's view for support's home (issue 25): every open dispute oldest first, with the stage's
 * deadline and who holds its lock. Callers have checked that the viewer is support.
 */
export function createSupportQueue(deps: { database: Database }) {
  const db = deps.database.db;
  return {
    /** How many disputes are open (waiting, consideration, deepconsideration) at `at`: the console's overview. */
    async openCount(at: Date): Promise<number> {
      return (await repo.openCounts(db, at)).total;
    },

    async forSupport(viewerId: string, at: Date): Promise<SupportQueueResponse> {
      const [rows, counts] = await Promise.all([
        repo.openQueue(db, at, SUPPORT_QUEUE_LIMIT),
        repo.openCounts(db, at),
      ]);
      return {
        server_time: at.toISOString(),
        counts: {
          waiting: counts.waiting,
          consideration: counts.consideration,
          deepconsideration: counts.deepconsideration,
          blocked: counts.blocked,
        },
        truncated: counts.total > rows.length,
        results: rows.map((row) => {
          const created = new Date(row.created_at);
          // While waiting the trader's evidence deadline runs; after it, the spec §9 fast-finish mark.
          const deadline =
            row.status === 'waiting'
              ? new Date(row.evidence_deadline)
              : new Date(created.getTime() + RATING.fastFinishHours * HOUR_MS);
          return {
            id: row.id,
            status: row.status,
            created_at: created.toISOString(),
            deadline: deadline.toISOString(),
            amount_rub: kopecksToRubleString(BigInt(row.amount_kopecks)),
            amount_usdt: formatUsdt(BigInt(row.amount_usdt)),
            blocked_by: row.blocker_id
              ? {
                  id: row.blocker_id,
                  name: row.blocker_username ?? row.blocker_email ?? '',
                  is_me: row.blocker_id === viewerId,
                }
              : null,
          };
        }),
      };
    },
  };
}

export type SupportQueue = ReturnType<typeof createSupportQueue>;
