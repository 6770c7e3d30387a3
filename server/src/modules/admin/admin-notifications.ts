/**
 * Use cases: the console's bank notifications: the unparsed texts newest first (terminal, trader, source, sender)
 * and the counts per day, bank and outcome, so a broken parser shows. The terminals module owns the rows.
 */
import { type AdminNotificationStats, type AdminUnparsedNotification, pageWindow } from '@app/shared';
import type { DeviceService } from '../terminals/device.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { requireAdmin } from './admin-access.ts';

const DAY_MS = 86_400_000;

export function createAdminNotifications(deps: { device: DeviceService; now: () => Date }) {
  return {
    /** GET api/v1/admin/notifications/unparsed/?page=. */
    async unparsedNotifications(
      user: SessionUser,
      query: { page: number; page_size: number },
    ): Promise<{ count: number; results: AdminUnparsedNotification[] }> {
      requireAdmin(user);
      const { count, rows } = await deps.device.pageUnparsed(pageWindow(query));
      return {
        count,
        results: rows.map((row) => ({
          id: row.id.toString(),
          created_at: row.createdAt.toISOString(),
          terminal_id: row.terminalId,
          terminal_name: row.terminalName,
          trader_email: row.traderEmail,
          source: row.source,
          sender: row.sender,
          title: row.title,
          body: row.body,
        })),
      };
    },

    /** GET api/v1/admin/notifications/stats/?days=: today (UTC) and the days before it, newest first. */
    async notificationStats(user: SessionUser, days: number): Promise<AdminNotificationStats> {
      requireAdmin(user);
      const today = new Date(deps.now());
      today.setUTCHours(0, 0, 0, 0);
      const since = new Date(today.getTime() - (days - 1) * DAY_MS);
      return { rows: await deps.device.notificationStats(since) };
    },
  };
}
