/**
 * Use cases: the console's overview (users, USDT totals over the ledger, platform fees, open disputes, held
 * withdrawals, failed webhooks, unparsed notifications, the components of /health with their age, the last
 * ledger verification) and running ledger-verify from the console (stored and audited).
 */
import { ADMIN_MESSAGES, type AdminLedgerVerification, type AdminOverview, formatUsdt } from '@app/shared';
import type { HealthCheck } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { createSupportQueue } from '../disputes/support-queue.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { DeviceService } from '../terminals/device.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import { userCounts } from './admin-overview.repository.ts';
import * as verifications from './ledger-verification.ts';

const DAY_MS = 86_400_000;

export interface AdminOverviewDeps {
  database: Database;
  ledger: LedgerService;
  rates: RatesService;
  webhooks: WebhooksService;
  device: DeviceService;
  /** The checks GET /health runs (ctx.health). */
  health: Map<string, HealthCheck>;
  /** The withdrawals waiting for an operator (the console's withdrawal queue counts them). */
  heldWithdrawals: () => Promise<number>;
  now: () => Date;
}

export function createAdminOverview(deps: AdminOverviewDeps) {
  const db = deps.database.db;
  const disputes = createSupportQueue(deps);

  /** Each component as /health judges it; the rate's age from its last confirmation (others keep no time). */
  async function components(at: Date): Promise<AdminOverview['components']> {
    const rate = await deps.rates.current();
    return Promise.all(
      [...deps.health.entries()].map(async ([name, check]) => {
        let result: Awaited<ReturnType<HealthCheck>>;
        try {
          result = await check();
        } catch {
          result = { ok: false, detail: 'check failed' };
        }
        const ageS =
          name === 'rate' && rate
            ? Math.max(0, Math.round((at.getTime() - rate.checkedAt.getTime()) / 1000))
            : null;
        return {
          name,
          ok: result.ok,
          degraded: result.degraded ?? false,
          detail: result.detail ?? null,
          age_s: ageS,
        };
      }),
    );
  }

  return {
    /** GET api/v1/admin/overview/. */
    async overview(user: SessionUser): Promise<AdminOverview> {
      requireAdmin(user);
      const at = deps.now();
      const dayStart = new Date(at);
      dayStart.setUTCHours(0, 0, 0, 0);
      const [users, totals, openDisputes, held, failed, unparsed, health, lastVerification] =
        await Promise.all([
          userCounts(db),
          deps.ledger.platformTotals(at, dayStart),
          disputes.openCount(at),
          deps.heldWithdrawals(),
          deps.webhooks.pageForAdmin({ state: 'failed', offset: 0, limit: 1 }),
          deps.device.countUnparsedSince(new Date(at.getTime() - DAY_MS)),
          components(at),
          verifications.latest(db),
        ]);
      return {
        users,
        usdt: {
          available: formatUsdt(totals.available),
          frozen: formatUsdt(totals.frozen),
          reserved: formatUsdt(totals.reserved),
          debt: formatUsdt(totals.debt),
          in_flight: formatUsdt(totals.inFlight),
        },
        platform_fee: { today: formatUsdt(totals.feesToday), total: formatUsdt(totals.feesTotal) },
        open_disputes: openDisputes,
        held_withdrawals: held,
        failed_webhooks: failed.count,
        unparsed_notifications: unparsed,
        components: health,
        ledger_verify: lastVerification,
      };
    },

    /** GET api/v1/admin/ledger-verify/: the newest verification; 404 when none ran yet. */
    async lastLedgerVerification(user: SessionUser): Promise<AdminLedgerVerification> {
      requireAdmin(user);
      const last = await verifications.latest(db);
      if (!last) throw notFound(ADMIN_MESSAGES.ledgerNeverVerified);
      return last;
    },

    /** POST api/v1/admin/ledger-verify/: verifies now, stores the outcome and its audit row together. */
    async verifyLedger(user: SessionUser): Promise<AdminLedgerVerification> {
      const actor = requireAdmin(user);
      const differences = await deps.ledger.verify();
      return db.transaction(async (tx) => {
        const stored = await verifications.record(tx, user.email, differences);
        await recordAudit(tx, actor, {
          action: 'ledger.verify',
          target: 'ledger',
          after: { ok: stored.ok, differences: stored.differences.length },
        });
        return stored;
      });
    },
  };
}
