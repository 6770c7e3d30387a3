import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const positiveInt = z.coerce.number().int().positive();
const usdtAmount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a decimal USDT amount like 1 or 2.5');

/** Every environment variable the server reads, with its default. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Processing <no-reply@localhost>'),
  COOKIE_SECURE: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SESSION_IDLE_HOURS: positiveInt.default(24),
  SESSION_MAX_DAYS: positiveInt.default(7),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  OTP_MAX_SENDS_PER_HOUR: positiveInt.default(5),
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
  WITHDRAWAL_FEE_USDT: usdtAmount.default('1'),
  WITHDRAWAL_MIN_USDT: usdtAmount.default('10'),
  WITHDRAWAL_AUTO_LIMIT_USDT: usdtAmount.default('1000'),
});

export type RawEnv = z.input<typeof envSchema>;

export type AppConfig = Omit<z.output<typeof envSchema>, 'COOKIE_SECURE'> & {
  COOKIE_SECURE: boolean;
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
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const publicUrl = new URL(config.PUBLIC_URL);
  return {
    ...config,
    COOKIE_SECURE: config.COOKIE_SECURE ?? publicUrl.protocol === 'https:',
    publicOrigin: publicUrl.origin,
    // npm runs workspace scripts (seed, admin, dev) inside server/; a relative DATA_DIR means what it means
    // where the person typed the command, so `npm start` and `npm run admin` share ./data.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR),
  };
}
