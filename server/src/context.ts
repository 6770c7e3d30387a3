import type { Logger } from 'pino';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { type FreeBytesReader, freeBytes } from './lib/disk-space.ts';
import { type AccountService, createAccountService } from './modules/account/account.service.ts';
import { type AdminService, createAdminService } from './modules/admin/admin.service.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import { createDisputeNotices } from './modules/disputes/dispute-notices.ts';
import { createDisputesService, type DisputesService } from './modules/disputes/disputes.service.ts';
import { evidenceDir } from './modules/disputes/evidence-files.ts';
import { diskHealthCheck } from './modules/health/disk-health.ts';
import {
  createIdempotencyService,
  type IdempotencyService,
} from './modules/idempotency/idempotency.service.ts';
import { createLedgerService, type LedgerService } from './modules/ledger/ledger.service.ts';
import { createMailOutbox, type MailOutbox } from './modules/mail/mail.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import {
  createMerchantKeysService,
  type MerchantKeysService,
} from './modules/merchants/merchant-keys.service.ts';
import { createMetricsService, type MetricsService } from './modules/metrics/metrics.service.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createOtpService, type OtpService } from './modules/otp/otp.service.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service.ts';
import { createRatesService, type RatesService } from './modules/rates/rates.service.ts';
import { createRatingService, type RatingService } from './modules/rating/rating.service.ts';
import { createReferralsService, type ReferralsService } from './modules/referrals/referrals.service.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/telegram/notifications.service.ts';
import { createTelegramService, type TelegramService } from './modules/telegram/telegram.service.ts';
import { createTelegramBot, type TelegramBot } from './modules/telegram/telegram-bot.ts';
import { createDeviceService, type DeviceService } from './modules/terminals/device.service.ts';
import { createHooksService, type HooksService } from './modules/terminals/hooks.service.ts';
import { createNotificationIntake } from './modules/terminals/notification-intake.ts';
import { createTerminalsService, type TerminalsService } from './modules/terminals/terminals.service.ts';
import { createTronService, type TronService } from './modules/tron/tron.service.ts';
import { createUserTermsService, type UserTermsService } from './modules/users/user-terms.ts';
import { createWalletService, type WalletService } from './modules/wallet/wallet.service.ts';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service.ts';

/**
 * A component's own health, shown by GET /health (e.g. the deposit watcher going stale). `ok: false` takes
 * the instance down (503); `degraded` keeps it serving (200) while saying what is impaired.
 */
export type HealthCheck = () =>
  | { ok: boolean; degraded?: boolean; detail?: string }
  | Promise<{ ok: boolean; degraded?: boolean; detail?: string }>;

/** Everything the routes and workers share: configuration, database, mail and the domain services. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** The mail transport (SMTP or DATA_DIR/mail); only the outbox's delivery sends through it. */
  mailer: Mailer;
  /** The mail outbox: `enqueue` inside the cause's transaction; delivery of due messages. */
  mail: MailOutbox;
  log: Logger;
  now: () => Date;
  health: Map<string, HealthCheck>;
  otp: OtpService;
  auth: AuthService;
  /** Spec §7 Settings: the user's profile, username, avatar and notification switches. */
  account: AccountService;
  payments: PaymentsService;
  terminals: TerminalsService;
  ledger: LedgerService;
  tron: TronService;
  wallet: WalletService;
  /** Idempotency keys of the program-facing APIs (device, merchant). */
  idempotency: IdempotencyService;
  /** The terminal app's API (device/v1). */
  device: DeviceService;
  /** The forwarder apps' URLs (device/v1/hooks/{token}, issue 24). */
  hooks: HooksService;
  /** Merchant webhooks: the outbox, the merchant's settings and delivery log, delivery of due events. */
  webhooks: WebhooksService;
  /** The USDT/RUB rate orders are priced at. */
  rates: RatesService;
  /** Prometheus metrics of this app (its own registry): requests, jobs, routing, pool, outboxes, deals. */
  metrics: MetricsService;
  /** Spec §9 ratings: points per trader and method moved by rating events, recompute, operator adjustments. */
  rating: RatingService;
  /** Orders and deals: routing, the lifecycle with its money, the payer page, auto-confirmation. */
  orders: OrdersService;
  /** Merchants' fees and traders' rewards, set by the operator (admin set-fee / set-reward). */
  userTerms: UserTermsService;
  /** Referral codes, sign-up activation and the leads' commission (issue 14). */
  referrals: ReferralsService;
  /** Disputes: opening (merchant API, support), verdicts with their money, blocks, evidence, deadlines. */
  disputes: DisputesService;
  /** Merchant API keys and the Bearer authentication of merchant/v1. */
  merchantKeys: MerchantKeysService;
  /** The Telegram notifications outbox: `notify` inside an event's transaction; delivery of due rows. */
  notifications: NotificationsService;
  /** The Telegram connection (key, linked accounts) and what the bot's commands answer. */
  telegram: TelegramService;
  /** The bot, when TELEGRAM_BOT_TOKEN is set. */
  telegramBot: TelegramBot | null;
  /** The operator console (issue 27): admins only, every action audited. */
  admin: AdminService;
}

/** Wires the services once per process (or per test). */
export function createContext(deps: {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  log: Logger;
  now?: () => Date;
  /** The free bytes where evidence is stored; statfs of DATA_DIR/files unless a test injects a reading. */
  freeDiskBytes?: FreeBytesReader;
}): AppContext {
  const now = deps.now ?? (() => new Date());
  const freeDiskBytes = deps.freeDiskBytes ?? (() => freeBytes(evidenceDir(deps.config.DATA_DIR)));
  const notifications = createNotificationsService({ database: deps.database, log: deps.log });
  const mail = createMailOutbox({
    database: deps.database,
    transport: deps.mailer,
    log: deps.log,
    defaultExpiryMs: deps.config.MAIL_RETRY_HOURS * 3_600_000,
    degradedAfterMs: deps.config.MAIL_DEGRADED_AFTER_S * 1000,
  });
  const otp = createOtpService({
    database: deps.database,
    mail,
    maxSendsPerHour: deps.config.OTP_MAX_SENDS_PER_HOUR,
    maxSendsPerIpPerHour: deps.config.OTP_MAX_SENDS_PER_IP_PER_HOUR,
    maxSendsPerAddressPerHour: deps.config.OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR,
    now,
  });
  const referrals = createReferralsService({
    database: deps.database,
    config: deps.config,
    mail,
    log: deps.log,
    now,
  });
  const auth = createAuthService({
    database: deps.database,
    otp,
    referrals,
    sessionIdleMs: deps.config.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: deps.config.SESSION_MAX_DAYS * 86_400_000,
    loginMaxFailures: deps.config.LOGIN_MAX_FAILURES,
    loginFailureWindowMs: deps.config.LOGIN_FAILURE_WINDOW_MIN * 60_000,
    loginLockMs: deps.config.LOGIN_LOCK_MIN * 60_000,
    passwordHashConcurrency: deps.config.PASSWORD_HASH_CONCURRENCY,
    notifier: notifications,
    now,
  });
  const account = createAccountService({
    database: deps.database,
    apiPrefix: deps.config.API_PREFIX,
    log: deps.log,
    now,
  });
  const ledger = createLedgerService({ database: deps.database });
  const payments = createPaymentsService({ database: deps.database, now });
  const terminals = createTerminalsService({
    database: deps.database,
    otp,
    payments,
    config: deps.config,
    notifier: notifications,
    now,
  });
  const tron = createTronService({ ...deps, ledger, now });
  const wallet = createWalletService({ ...deps, mail, otp, ledger, tron, notifier: notifications, now });
  const idempotency = createIdempotencyService({ database: deps.database, now });
  const webhooks = createWebhooksService({
    database: deps.database,
    config: deps.config,
    log: deps.log,
    now,
  });
  const rates = createRatesService({ database: deps.database, config: deps.config, now });
  const rating = createRatingService({ database: deps.database, now });
  const metrics = createMetricsService({ database: deps.database, rates, log: deps.log, now });
  const orders = createOrdersService({
    database: deps.database,
    config: deps.config,
    ledger,
    rates,
    terminals,
    outbox: webhooks,
    notifier: notifications,
    rating,
    referrals,
    routingMetrics: metrics,
    now,
  });
  const device = createDeviceService({
    database: deps.database,
    log: deps.log,
    heartbeatSeconds: deps.config.TERMINAL_HEARTBEAT_S,
    matchIncoming: orders.matchIncomingNotification,
    now,
  });
  const hooks = createHooksService({
    database: deps.database,
    log: deps.log,
    intake: createNotificationIntake({ log: deps.log, matchIncoming: orders.matchIncomingNotification }),
    now,
  });
  const health = new Map<string, HealthCheck>([
    ['rate', rates.healthCheck],
    ['mail', mail.healthCheck],
    ['webhooks', webhooks.healthCheck],
    ['disk', diskHealthCheck(freeDiskBytes, deps.config.DISK_MIN_FREE_MB)],
  ]);
  const merchantKeys = createMerchantKeysService({ database: deps.database, now });
  const telegramBot = deps.config.TELEGRAM_BOT_TOKEN
    ? createTelegramBot({ config: deps.config, log: deps.log })
    : null;
  const telegram = createTelegramService({
    database: deps.database,
    ledger,
    orders,
    notifier: notifications,
    botConfigured: telegramBot !== null,
    botUsername: async () => (telegramBot ? telegramBot.username() : null),
    now,
  });
  const disputes = createDisputesService({
    database: deps.database,
    config: deps.config,
    orders,
    notices: createDisputeNotices({
      telegramConfigured: telegramBot !== null,
      notifier: notifications,
      mail,
    }),
    telegram,
    rating,
    freeDiskBytes,
    now,
  });
  const userTerms = createUserTermsService({ database: deps.database, config: deps.config });
  if (telegramBot) {
    telegramBot.installCommands(telegram);
    health.set('telegram', telegramBot.healthCheck);
  }
  return {
    ...deps,
    now,
    mail,
    health,
    otp,
    auth,
    account,
    ledger,
    payments,
    terminals,
    tron,
    wallet,
    idempotency,
    device,
    hooks,
    webhooks,
    rates,
    metrics,
    rating,
    orders,
    userTerms,
    referrals,
    disputes,
    merchantKeys,
    notifications,
    telegram,
    telegramBot,
    admin: createAdminService({
      database: deps.database,
      config: deps.config,
      now,
      otp,
      ...{ auth, ledger, rating, referrals, payments, userTerms, merchantKeys, terminals, orders, disputes },
      ...{ rates, webhooks, device, notifier: notifications, health },
    }),
  };
}
