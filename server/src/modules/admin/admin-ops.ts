/**
 * The console's operations areas (issue 27), assembled for admin.service.ts: withdrawals, banks, rate, webhooks,
 * bank notifications, the overview and ledger-verify. Each area lives in its own admin-<area>.ts file.
 */
import type { AppConfig } from '../../config.ts';
import type { HealthCheck } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { DeviceService } from '../terminals/device.service.ts';
import { createWithdrawalOperator } from '../wallet/withdrawal-operator.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { createAdminBanks } from './admin-banks.ts';
import type { AdminCodes } from './admin-codes.ts';
import { createAdminNotifications } from './admin-notifications.ts';
import { createAdminOverview } from './admin-overview.ts';
import { createAdminRate } from './admin-rate.ts';
import { createAdminWebhooks } from './admin-webhooks.ts';
import { createAdminWithdrawals } from './admin-withdrawals.ts';

/** What the operations areas need from the context. */
export interface AdminOpsDeps {
  database: Database;
  config: Pick<AppConfig, 'RATE_MAX_AGE_S' | 'RATE_SOURCE'>;
  ledger: LedgerService;
  payments: PaymentsService;
  rates: RatesService;
  webhooks: WebhooksService;
  device: DeviceService;
  /** Telegram notifications of a withdrawal's end (the operator tells the user, as from the CLI). */
  notifier: Notifier;
  health: Map<string, HealthCheck>;
  now?: () => Date;
}

export function createAdminOps(deps: AdminOpsDeps, codes: AdminCodes) {
  const now = deps.now ?? (() => new Date());
  const operator = createWithdrawalOperator({ ...deps, now });
  const heldWithdrawals = async () => (await operator.page({ states: ['held'], offset: 0, limit: 1 })).count;
  return {
    ...createAdminWithdrawals({ operator, codes }),
    ...createAdminBanks(deps),
    ...createAdminRate({ ...deps, codes, now }),
    ...createAdminWebhooks(deps),
    ...createAdminNotifications({ ...deps, now }),
    ...createAdminOverview({ ...deps, heldWithdrawals, now }),
  };
}
