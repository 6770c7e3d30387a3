/**
 * Use cases: the console's merchant webhook events by state (attempts, last answer) and the retry of a failed one
 * (the CLI's `webhooks retry`), audited in the retry's transaction.
 */
import { ADMIN_MESSAGES, type AdminWebhookEvent, pageWindow } from '@app/shared';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-errors.ts';
import type { SessionUser } from '../users/users.service.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';

type EventRow = Awaited<ReturnType<WebhooksService['pageForAdmin']>>['rows'][number];
type EventState = AdminWebhookEvent['state'];

const toApi = (row: EventRow): AdminWebhookEvent => ({
  id: row.id,
  state: row.state as EventState,
  type: row.type,
  order_id: row.orderId,
  merchant_email: row.merchantEmail,
  attempts: row.attempts,
  // A delivered or failed event waits for nothing; only a pending one has a next attempt.
  next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  last_status_code: row.lastStatusCode,
  last_outcome: row.lastOutcome,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
});

export function createAdminWebhooks(deps: { database: Database; webhooks: WebhooksService }) {
  return {
    /** GET api/v1/admin/webhooks/?state=&page=: newest first. */
    async webhookEvents(user: SessionUser, query: { state?: EventState; page: number; page_size: number }) {
      requireAdmin(user);
      const { count, rows } = await deps.webhooks.pageForAdmin({ state: query.state, ...pageWindow(query) });
      return { count, results: rows.map(toApi) };
    },

    /** POST api/v1/admin/webhooks/{id}/retry/: failed → pending, due now; 409 for any other event. */
    async retryWebhook(user: SessionUser, id: string): Promise<AdminWebhookEvent> {
      const actor = requireAdmin(user);
      await deps.database.db.transaction(async (tx) => {
        const retried = await deps.webhooks.retry(id, tx);
        if (!retried) throw conflict(ADMIN_MESSAGES.webhookNotFailed);
        await recordAudit(tx, actor, {
          action: 'webhook.retry',
          target: retried.id,
          before: { state: 'failed', attempts: retried.attempts },
          after: { state: retried.state },
        });
      });
      const { rows } = await deps.webhooks.pageForAdmin({ id, offset: 0, limit: 1 });
      return toApi(rows[0]!);
    },
  };
}
