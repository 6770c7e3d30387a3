import path from 'node:path';
import { SERVICE_DEFAULTS } from '@app/shared/help-defaults';
import { parseRubles } from '@app/shared/money';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const positiveInt = z.coerce.number().int().positive();
const usdtAmount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a decimal USDT amount like 1 or 2.5');
const positiveNumber = z.coerce.number().positive();
/** Rubles with at most 2 decimals ("100", "99.50"), as integer kopecks: money is never a float. */
const rubAmount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a ruble amount like 100 or 99.50')
  // The pattern above has let only a ruble amount through, so the parser's null cannot come.
  .transform((value) => parseRubles(value, { maxWholeDigits: 9 }) ?? 0n);
/** `false`/empty: trust no proxy; otherwise a comma-separated list of proxy addresses or CIDRs. */
const trustProxy = z
  .string()
  .regex(/^[0-9A-Fa-f.:/, ]+$|^(false|true)$/, 'must be false or a comma-separated list of addresses/CIDRs')
  .refine((value) => value !== 'true', 'true would trust any client; list the proxy addresses instead')
  .transform((value) =>
    value === 'false'
      ? []
      : value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
  );

/** Every environment variable the server reads, with its default. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * The address people open (the Origin check, the Secure cookie, every link in mails, payment_url). Required
   * in production: a deployment that forgot it would run on a localhost address nobody opens. Elsewhere
   * DEFAULT_PUBLIC_URL.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  API_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must start with / and not end with /')
    .default('/backend'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  /**
   * Connections to DATABASE_URL prepare the statements they run often (db/prepared-statements.ts). Set false
   * behind a pooler in transaction mode that does not keep prepared statements per client (PgBouncer < 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Processing <no-reply@localhost>'),
  COOKIE_SECURE: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SESSION_IDLE_HOURS: positiveInt.default(SERVICE_DEFAULTS.sessionIdleHours),
  SESSION_MAX_DAYS: positiveInt.default(SERVICE_DEFAULTS.sessionMaxDays),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /** Proxies whose X-Forwarded-For is believed; off (the socket address counts) by default. */
  TRUST_PROXY: trustProxy.default([]),
  /** Wrong passwords per account within LOGIN_FAILURE_WINDOW_MIN before the account is locked. */
  LOGIN_MAX_FAILURES: positiveInt.default(SERVICE_DEFAULTS.loginMaxFailures),
  LOGIN_FAILURE_WINDOW_MIN: positiveInt.default(SERVICE_DEFAULTS.loginFailureWindowMinutes),
  LOGIN_LOCK_MIN: positiveInt.default(SERVICE_DEFAULTS.loginLockMinutes),
  /** Codes per email, purpose and requesting IP per hour. */
  OTP_MAX_SENDS_PER_HOUR: positiveInt.default(5),
  /** Codes one IP can have sent per hour, whatever the addresses and purposes. */
  OTP_MAX_SENDS_PER_IP_PER_HOUR: positiveInt.default(30),
  /**
   * Codes one address can receive per hour for one purpose, from everywhere together: each purpose has its
   * own budget, so reset or registration requests by strangers never use up the sign-in (or withdrawal, …)
   * codes. Re-sends of a live reset code are not counted.
   */
  OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: positiveInt.default(20),
  /** Concurrent argon2 computations; the rest wait, so a login flood cannot starve other requests. */
  PASSWORD_HASH_CONCURRENCY: positiveInt.default(2),
  /** Hours before a new whitelist address can receive withdrawals (fractions allowed). */
  WHITELIST_COOLDOWN_H: positiveNumber.default(SERVICE_DEFAULTS.whitelistCooldownHours),
  /** A terminal whose last heartbeat is older than this is offline (shown so, and routing skips it). */
  TERMINAL_OFFLINE_AFTER_S: positiveInt.default(SERVICE_DEFAULTS.terminalOfflineAfterSeconds),
  /** Seconds between heartbeats the server asks a terminal for (poll_after_s). */
  TERMINAL_HEARTBEAT_S: positiveInt.default(SERVICE_DEFAULTS.terminalHeartbeatSeconds),
  /** Device API requests one terminal may make per minute (per process; across instances with REDIS_URL). */
  DEVICE_RATE_LIMIT_PER_MIN: positiveInt.default(120),
  /** Seconds an order waits for payment unless the merchant asks otherwise (300–3600). */
  ORDER_TTL_S: z.coerce.number().int().min(300).max(3600).default(SERVICE_DEFAULTS.orderTtlSeconds),
  /**
   * The smallest order (rubles) merchant/v1 accepts; smaller ones answer 422 (tiny orders only harvested
   * traders' card numbers and names). Parsed to kopecks.
   */
  ORDER_MIN_RUB: rubAmount.prefault('100'),
  /** Route orders only to methods linked to an enabled, online terminal. */
  ROUTING_REQUIRE_TERMINAL: booleanFromEnv.default(true),
  /** Where the RUB per USDT rate comes from: `manual` (admin rate-set) or `coingecko` (polled). */
  RATE_SOURCE: z.enum(['manual', 'coingecko']).default('manual'),
  /** The CoinGecko-compatible simple-price endpoint polled when RATE_SOURCE=coingecko. */
  RATE_API_URL: z.url().default('https://api.coingecko.com/api/v3/simple/price?ids=tether&vs_currencies=rub'),
  RATE_POLL_S: positiveInt.default(60),
  /** A rate older than this stops routing (and shows in /health). */
  RATE_MAX_AGE_S: positiveInt.default(86_400),
  /** Default merchant fee and trader reward, percent of the deal's USDT (per user with admin set-fee/set-reward). */
  MERCHANT_FEE_PCT: z.coerce.number().min(0).max(100).default(SERVICE_DEFAULTS.merchantFeePct),
  TRADER_REWARD_PCT: z.coerce.number().min(0).max(100).default(SERVICE_DEFAULTS.traderRewardPct),
  /** A lead's share of the platform fee on each completed deal of a trader they referred (per lead: admin set-lead-share). */
  LEAD_SHARE_PCT: z.coerce.number().min(0).max(100).default(25),
  /** One webhook attempt's time limit. */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** How long a failing webhook event is retried before it is given up. */
  WEBHOOK_RETRY_HOURS: positiveInt.default(72),
  /** Disputes (issue 12): how long after a deal expired or was canceled a dispute may still be opened. */
  DISPUTE_WINDOW_H: positiveNumber.default(SERVICE_DEFAULTS.disputeWindowHours),
  /** The trader's time to upload evidence (fractions allowed). */
  DISPUTE_EVIDENCE_H: positiveNumber.default(SERVICE_DEFAULTS.disputeEvidenceHours),
  /** A support user's block on a dispute, when not released. */
  DISPUTE_BLOCK_TTL_MIN: positiveNumber.default(30),
  /**
   * Evidence files one dispute may hold per budget: the trader's, the merchant's (its opening files too) and
   * support's own; counted in the database, deleted files included (their bytes stay on disk).
   */
  DISPUTE_MAX_FILES_PER_SIDE: positiveInt.default(20),
  /** Evidence bytes one dispute may hold per budget (200 MiB), counted like the files. */
  DISPUTE_MAX_BYTES_PER_SIDE: positiveInt.default(200 * 1024 * 1024),
  /** Evidence uploads (requests with files) one user may make per minute, on each upload route. */
  DISPUTE_UPLOADS_PER_MIN: positiveInt.default(10),
  /** Disputes a merchant may have open (not completed) against one trader at once; more answer 429. */
  DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER: positiveInt.default(3),
  /** Disputes a merchant may open in any 24 hours (rolling); more answer 429. */
  DISPUTE_MAX_PER_MERCHANT_PER_DAY: positiveInt.default(100),
  /**
   * Below this much free space (MB) on the evidence files' disk, uploads answer 507 before reading a byte and
   * /health says degraded (component `disk`).
   */
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Whether webhooks may go to loopback and private addresses. Unset: yes outside production (tests, local
   * runs with the demo merchant on 127.0.0.1), no in production, whatever PUBLIC_URL is; only an explicit
   * `true` opens them there.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFromEnv.optional(),
  /** Manual webhook resends one merchant may ask for per minute (each is an outbound request); past it 429. */
  WEBHOOK_RESENDS_PER_MIN: positiveInt.default(10),
  MERCHANT_RATE_LIMIT_PER_MIN: positiveInt.default(600),
  /** With it, every request rate limit counts in this Redis, shared by all instances; without it, per process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * This process's name in the X-Served-By answer header, so a load through a balancer shows which instance
   * answered; unset: `<hostname>:<pid>`. Visible ASCII only, as a header value must be.
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1–100 visible ASCII characters (no spaces)')
    .optional(),
  /** Prefix of the rate-limit keys in Redis, so deployments (or tests) sharing one Redis keep apart. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('processing:rl:'),
  /**
   * How often (ms) this instance's refresher runs the checks of GET /health, which answers their newest result;
   * 0: no refresher, every request checks live (slow under load, as it waits for the database like the writes).
   */
  HEALTH_REFRESH_MS: z.coerce.number().int().min(0).default(1000),
  /** With it, GET /health shows component details to `Authorization: Bearer <HEALTH_TOKEN>`. */
  HEALTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** With it, GET /metrics answers Prometheus text to `Authorization: Bearer <METRICS_TOKEN>`; without it, 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRONGRID_URL: z.url().optional(),
  TRONGRID_API_KEY: z.string().optional(),
  USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  TRON_XPUB: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an xpub')
    .optional(),
  TRON_POLL_INTERVAL_MS: positiveInt.default(15_000),
  TRON_WITHDRAWAL_PRIVATE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  WITHDRAWAL_FEE_USDT: usdtAmount.default(SERVICE_DEFAULTS.withdrawalFeeUsdt),
  WITHDRAWAL_MIN_USDT: usdtAmount.default(SERVICE_DEFAULTS.withdrawalMinUsdt),
  WITHDRAWAL_AUTO_LIMIT_USDT: usdtAmount.default(SERVICE_DEFAULTS.withdrawalAutoLimitUsdt),
  /**
   * Most USDT one user's withdrawals may be approved automatically within a rolling 24 hours; beyond, the
   * operator decides (so splitting a large withdrawal into small ones does not avoid the operator).
   */
  WITHDRAWAL_AUTO_DAILY_LIMIT_USDT: usdtAmount.default('2000'),
  /** Most TRX a withdrawal's USDT transfer may burn for energy (the transaction's fee_limit). */
  TRON_FEE_LIMIT_TRX: positiveInt.default(100),
  /** The bot's token from @BotFather; without it there is no bot and no notifications are sent. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be a bot token like 123456:ABC-DEF…')
    .optional(),
  /** The Bot API's address (tests point it at a fake Bot API). */
  TELEGRAM_API_ROOT: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.telegram.org'),
  /** With it, Telegram posts updates to this URL (our webhook route) instead of the bot long-polling. */
  TELEGRAM_WEBHOOK_URL: z.url({ protocol: /^https$/ }).optional(),
  /** The secret token Telegram sends with every webhook call (X-Telegram-Bot-Api-Secret-Token). */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16–256 characters of A-Z, a-z, 0-9, _ and -')
    .optional(),
  /** How long one getUpdates long poll waits for updates. */
  TELEGRAM_POLL_TIMEOUT_S: z.coerce.number().int().min(0).max(50).default(25),
  /** The Bot API failing for this long makes /health degraded. */
  TELEGRAM_DEGRADED_AFTER_S: positiveInt.default(120),
  /** How long an undelivered mail is retried before it is given up (a code's mail: the code's 10 minutes). */
  MAIL_RETRY_HOURS: positiveInt.default(24),
  /** A mail unsent for this long makes /health degraded (component `mail`). */
  MAIL_DEGRADED_AFTER_S: positiveInt.default(60),
  /** A webhook event undelivered for this long makes /health degraded (component `webhooks`). */
  WEBHOOK_DEGRADED_AFTER_S: positiveInt.default(300),
});

/** PUBLIC_URL outside production when none is set: `npm run dev`, the tools, a local run. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** Rules across variables, checked after each one parsed. */
const envRules = envSchema
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL !== undefined, {
    message:
      'must be set in production: the https address people open (e.g. https://pay.example.com); the Origin check, cookies and every link depend on it',
    path: ['PUBLIC_URL'],
  })
  .refine((env) => env.MERCHANT_FEE_PCT >= env.TRADER_REWARD_PCT, {
    message:
      'must be at least TRADER_REWARD_PCT (the platform fee is their difference and is never negative)',
    path: ['MERCHANT_FEE_PCT'],
  })
  .refine((env) => !env.TELEGRAM_WEBHOOK_URL || env.TELEGRAM_WEBHOOK_SECRET, {
    message: 'is required with TELEGRAM_WEBHOOK_URL (Telegram proves its calls with it)',
    path: ['TELEGRAM_WEBHOOK_SECRET'],
  })
  .refine((env) => !env.TELEGRAM_WEBHOOK_URL || env.TELEGRAM_BOT_TOKEN, {
    message: 'needs TELEGRAM_BOT_TOKEN',
    path: ['TELEGRAM_WEBHOOK_URL'],
  });

export type RawEnv = z.input<typeof envSchema>;

export type AppConfig = Omit<z.output<typeof envSchema>, 'COOKIE_SECURE' | 'PUBLIC_URL'> & {
  COOKIE_SECURE: boolean;
  /** As set, or DEFAULT_PUBLIC_URL outside production. */
  PUBLIC_URL: string;
  /** The origin browsers send for our own pages, derived from PUBLIC_URL. */
  publicOrigin: string;
  /** DATA_DIR resolved to an absolute path (relative to where npm was started). */
  dataDir: string;
};

/** Thrown for a bad environment; the message names every offending variable. */
export class ConfigError extends Error {}

/** Parses the environment once. Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in envSchema.shape && value !== undefined && value !== '',
    ),
  );
  const parsed = envRules.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const publicUrl = new URL(config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL);
  return {
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL,
    COOKIE_SECURE: config.COOKIE_SECURE ?? publicUrl.protocol === 'https:',
    publicOrigin: publicUrl.origin,
    // npm runs workspace scripts (seed, admin, dev) inside server/; a relative DATA_DIR means what it means
    // where the person typed the command, so `npm start` and `npm run admin` share ./data.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR),
  };
}
