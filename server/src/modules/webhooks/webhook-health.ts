/** Use case: the merchant home's view of its webhook outbox (outcome classes only). */
import type { MerchantHomeResponse } from '@app/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './webhook-health.repository.ts';

/** How many failed events the merchant home lists. */
export const WEBHOOK_FAILURES_SHOWN = 5;
const DAY_MS = 24 * 3_600_000;

/**
 * The webhooks module's face for the merchant home (issue 25): the outbox as the merchant sees it. Outcome
 * classes only; the operator's socket detail (`last_error`) never leaves. Callers have checked the merchant.
 */
export function createWebhookHealth(deps: { database: Database }) {
  const db = deps.database.db;
  return {
    async forMerchant(merchantId: string, now: Date): Promise<MerchantHomeResponse['webhooks']> {
      const [counts, failures] = await Promise.all([
        repo.merchantCounts(db, merchantId, new Date(now.getTime() - DAY_MS)),
        repo.lastFailures(db, merchantId, WEBHOOK_FAILURES_SHOWN),
      ]);
      return {
        pending: counts.pending,
        failed_24h: counts.failed24h,
        last_failures: failures.map((row) => ({
          id: row.id,
          order_id: row.order_id,
          type: row.type,
          state: row.state,
          attempts: row.attempts,
          outcome: row.last_outcome,
          status_code: row.last_status_code,
          created_at: new Date(row.created_at).toISOString(),
        })),
      };
    },
  };
}

export type WebhookHealth = ReturnType<typeof createWebhookHealth>;
