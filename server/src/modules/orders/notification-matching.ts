// Use case: a bank notification from a trader's terminal completes the one open deal it pays
// (matchIncomingNotification), or sends the pending candidates to the trader when it could pay several.
import type { Tx } from '../../db/client.ts';
import type { IncomingNotification } from '../terminals/notification-matching.ts';
import type { DealLifecycle } from './deal-lifecycle.ts';
import * as repo from './orders.repository.ts';
import type { OrdersDeps } from './orders-deps.ts';

/**
 * How far a phone's clock may run behind ours when a bank notification is matched: a deal created more than
 * this after the notification's received_at cannot be what that payment paid (a message delivered late, e.g.
 * after the phone was offline, may be the late payment of an expired deal of the same amount).
 */
export const NOTIFICATION_CLOCK_SKEW_MS = 2 * 60_000;

export function createNotificationMatching(deps: Pick<OrdersDeps, 'now'>, lifecycle: DealLifecycle) {
  return {
    /**
     * Auto-confirmation: a terminal's parsed incoming transfer completes the one open deal it can pay (see
     * repo.lockMatchCandidates). None: the notification stays unmatched. More than one: nothing completes;
     * the pending ones go to verification for the trader to confirm. Runs in the transaction that stored the
     * notification, which happens once per notification, so a payment completes at most one deal, once.
     */
    async matchIncomingNotification(
      tx: Tx,
      notification: IncomingNotification,
    ): Promise<{ dealId: string } | null> {
      const candidates = await repo.lockMatchCandidates(tx, {
        terminalId: notification.terminalId,
        traderId: notification.userId,
        amountKopecks: notification.transfer.amount_kopecks,
        bankCode: notification.transfer.bank ?? null,
        // Created before the money arrived on the phone (its clock allowed some skew), and never after now.
        arrivedAt: new Date(
          Math.min(deps.now().getTime(), notification.receivedAt.getTime() + NOTIFICATION_CLOCK_SKEW_MS),
        ),
      });
      if (candidates.length === 1) {
        const deal = await lifecycle.move(tx, {
          id: candidates[0]!.id,
          to: 'complete',
          actor: 'terminal',
          notificationId: notification.notificationId,
        });
        return deal ? { dealId: deal.id } : null;
      }
      for (const candidate of candidates) {
        if (candidate.status === 'pending') {
          await lifecycle.move(tx, {
            id: candidate.id,
            to: 'verification',
            actor: 'terminal',
            notificationId: notification.notificationId,
          });
        }
      }
      return null;
    },
  };
}
