import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, TOO_MANY_REQUESTS } from '@app/shared';
import type { Database, Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type OtpPurpose, otpMail } from '../mail/templates.ts';
import * as repo from './otp.repository.ts';

export const OTP_MESSAGES = {
  invalid: 'Неверный или просроченный код',
  exhausted: 'Слишком много неверных попыток. Запросите новый код.',
  tooManySends: 'Слишком много запросов кода. Попробуйте позже.',
} as const;

/** Thrown when a code is wrong, expired, used, replaced or out of tries; the routes decide the field name. */
export class OtpError extends Error {}

function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function matches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const candidate = Buffer.from(hashCode(code, salt), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

export interface OtpService {
  /**
   * Issues a new code for an email and purpose (replacing any live one) and puts its mail, or the message
   * `mail` builds instead, in the mail outbox in the same transaction (so the answer never waits for the mail
   * server, and the mail exists exactly when the code does). Refuses with 429 past the hourly send limits
   * (per address, purpose and requesting IP; per IP; per address), checked before anything is written.
   */
  issue(input: {
    email: string;
    purpose: OtpPurpose;
    /** The requesting IP (request.ip), counted by the per-IP limits. */
    ip: string;
    userId?: string | null;
    payload?: Record<string, unknown>;
    /**
     * Writes that belong with the code (e.g. the withdrawal it confirms), run in the issuing transaction
     * after the limits passed, so a refused request changes nothing. Returns more payload for the code.
     */
    prepare?: (tx: Tx) => Promise<Record<string, unknown>>;
    mail?: (code: string) => MailMessage;
  }): Promise<void>;
  /** Checks and uses up a code; returns the payload stored with it. Throws OtpError when it fails. */
  consume(input: { email: string; purpose: OtpPurpose; code: string }): Promise<Record<string, unknown>>;
}

/** One-time codes: 6 digits from a CSPRNG, salted SHA-256 at rest, 10 minutes, single use, 5 tries. */
export function createOtpService(deps: {
  database: Database;
  mail: MailOutbox;
  /** Codes per address, purpose and requesting IP per hour. */
  maxSendsPerHour: number;
  /** Codes per requesting IP per hour, whatever the addresses. */
  maxSendsPerIpPerHour: number;
  /** Codes per address per hour, from every IP together. */
  maxSendsPerAddressPerHour: number;
  now?: () => Date;
}): OtpService {
  const now = deps.now ?? (() => new Date());
  const db = deps.database.db;

  async function issueInTx(tx: Tx, input: Parameters<OtpService['issue']>[0], code: string) {
    const message = input.mail
      ? input.mail(code)
      : otpMail(input.email, input.purpose, code, Math.round(OTP_TTL_MS / 60_000));
    await repo.lockSendKeys(tx, input.email, input.ip);
    const at = now();
    const sent = await repo.countSendsSince(
      tx,
      { email: input.email, purpose: input.purpose, ip: input.ip },
      new Date(at.getTime() - 3_600_000),
    );
    if (
      sent.addressPurposeIp >= deps.maxSendsPerHour ||
      sent.ip >= deps.maxSendsPerIpPerHour ||
      sent.address >= deps.maxSendsPerAddressPerHour
    ) {
      throw new HttpError(429, { detail: OTP_MESSAGES.tooManySends });
    }
    const extra = input.prepare ? await input.prepare(tx) : {};
    await repo.supersedeLive(tx, input.email, input.purpose, at);
    const salt = randomBytes(16).toString('hex');
    const payload = { ...input.payload, ...extra };
    await repo.insertCode(tx, {
      email: input.email,
      purpose: input.purpose,
      requestedIp: input.ip,
      userId: input.userId ?? null,
      payload: Object.keys(payload).length > 0 ? payload : null,
      codeHash: `${salt}:${hashCode(code, salt)}`,
      createdAt: at,
      expiresAt: new Date(at.getTime() + OTP_TTL_MS),
    });
    // Undelivered past the code's lifetime, the mail is worthless: the outbox gives it up then.
    await deps.mail.enqueue(tx, message, { expiresInMs: OTP_TTL_MS });
  }

  return {
    async issue(input) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      try {
        await db.transaction((tx) => issueInTx(tx, input, code));
      } catch (error) {
        // Two requests at once both superseded the same row and raced on the "one live code" index.
        if (error instanceof HttpError) throw error;
        if (uniqueViolation(error)) throw new HttpError(429, { detail: TOO_MANY_REQUESTS });
        throw error;
      }
    },

    async consume({ email, purpose, code }) {
      const row = await repo.findLive(db, email, purpose);
      if (!row || row.expiresAt.getTime() <= now().getTime()) throw new OtpError(OTP_MESSAGES.invalid);
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw new OtpError(OTP_MESSAGES.exhausted);
      if (!matches(code, row.codeHash)) {
        const attempts = await repo.recordWrongGuess(db, row.id, OTP_MAX_ATTEMPTS);
        throw new OtpError(
          attempts === null || attempts >= OTP_MAX_ATTEMPTS ? OTP_MESSAGES.exhausted : OTP_MESSAGES.invalid,
        );
      }
      const won = await repo.consume(db, row.id, OTP_MAX_ATTEMPTS, now());
      if (!won) throw new OtpError(OTP_MESSAGES.invalid);
      return row.payload ?? {};
    },
  };
}
