/**
 * What every part of the wallet service shares: its dependencies, the withdrawal rules of the configuration,
 * the lead check, and using up an emailed code.
 */
import { parseUsdt } from '@app/shared';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notALead } from '../../lib/http-errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import type { OtpPurpose } from '../mail/templates.ts';
import { OtpError, type OtpService } from '../otp/otp.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { SessionUser } from '../users/users.service.ts';

/**
 * What the wallet asks of the chain (the tron module's service provides it). Declared here, by its user, so the
 * tron module, whose withdrawal sender works the wallet's queue, and the wallet do not import each other.
 */
export interface WalletChain {
  /** The deposit keys' fingerprint: addresses handed out under other keys must not be reused. */
  depositKeys(): Promise<{ fingerprint: string }>;
  depositAddress(index: number): Promise<{ address: string; fingerprint: string }>;
  /** Null without a chain: the deposit nudge answers `disabled`. */
  scanner: unknown | null;
  scanAddress(address: string, createdAt: Date): Promise<number>;
  isValidAddress(address: string): boolean;
  hotWalletAddress: string | null;
}

export interface WalletDeps {
  database: Database;
  otp: OtpService;
  ledger: LedgerService;
  /** The mail outbox, written in the change's own transaction. */
  mail: MailOutbox;
  tron: WalletChain;
  config: AppConfig;
  log: Logger;
  /** Telegram notifications, written in the change's own transaction. */
  notifier: Notifier;
  now?: () => Date;
}

/** The withdrawal rules of the configuration, in micro-USDT. */
export function withdrawalLimits(config: AppConfig) {
  return {
    fee: parseUsdt(config.WITHDRAWAL_FEE_USDT)!,
    minimum: parseUsdt(config.WITHDRAWAL_MIN_USDT)!,
    autoLimit: parseUsdt(config.WITHDRAWAL_AUTO_LIMIT_USDT)!,
    autoDailyLimit: parseUsdt(config.WITHDRAWAL_AUTO_DAILY_LIMIT_USDT)!,
  };
}

export function requireLead(user: SessionUser): void {
  if (!user.isLead) throw notALead();
}

/** Uses up a code; a wrong one answers 400 {detail} with the code service's message. */
export async function consumeCode(
  otp: Pick<OtpService, 'consume'>,
  user: SessionUser,
  purpose: OtpPurpose,
  code: string,
) {
  try {
    return await otp.consume({ email: user.email, purpose, code });
  } catch (error) {
    if (error instanceof OtpError) throw badRequest(error.message);
    throw error;
  }
}
