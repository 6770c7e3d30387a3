/** Use cases: mail a one-time code for a purpose (budgets per address, IP and purpose) and check it. */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, TOO_MANY_REQUESTS } from '@app/shared';
import type { Database, Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type OtpPurpose, otpMail } from '../mail/templates.ts';
import { openCode, SEAL_KEY_BYTES, sealCode } from './code-seal.ts';
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
   * (per address, purpose and requesting IP; per IP; per address and purpose), checked before anything is
   * written. A password-reset request while a reset code is live mails that same code again instead (at
   * most once a minute; within the minute it sends nothing): no new code, nothing counted, same answer.
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

/**
 * Purposes whose live code is mailed again instead of replaced. A password reset can be asked for by anyone
 * who knows the address: replacing the code on every ask would let strangers spend the address's reset
 * budget (and bury the owner's code); re-sending the same one spends nothing.
 */
const RESENT_PURPOSES: ReadonlySet<OtpPurpose> = new Set(['password_reset']);
/** A live code is mailed again at most this often. */
export const OTP_RESEND_INTERVAL_MS = 60_000;

type IssueInput = Parameters<OtpService['issue']>[0];

/**
 * One-time codes: 6 digits from a CSPRNG, salted SHA-256 at rest, 10 minutes, single use, 5 tries.
 *
 * Budgets (each counted per hour from the code rows, under advisory locks): per address, purpose and IP; per
 * IP; per address and purpose. The last one is separate per purpose so that requests anyone can make
 * (password reset, registration) never spend the budget of sign-in, withdrawal, whitelist, wallet-address or
 * terminal codes; sign-in codes are issued only after the right password, so only those count there.
 *
 * Re-sending a live reset code needs the code itself, which the salted hash cannot give back. So while a
 * reset code can still be used, its row also holds it sealed with AES-256-GCM (code-seal.ts) under one
 * random key kept in another table (otp_seal_keys): a dump or log of the code rows alone holds no readable
 * code. The sealed copy is erased when the code is used, replaced or out of tries (in the same update, and a
 * check constraint forbids it on a used or replaced row) and by the code expiry job within a minute of
 * expiry. (A reader of the whole database learns nothing new: a 6-digit code falls to a million hashes.)
 */
export function createOtpService(deps: {
  database: Database;
  mail: MailOutbox;
  /** Codes per address, purpose and requesting IP per hour. */
  maxSendsPerHour: number;
  /** Codes per requesting IP per hour, whatever the addresses and purposes. */
  maxSendsPerIpPerHour: number;
  /** Codes per address and purpose per hour, from every IP together. */
  maxSendsPerAddressPerHour: number;
  now?: () => Date;
}): OtpService {
  const now = deps.now ?? (() => new Date());
  const db = deps.database.db;
  let sealKey: Promise<Buffer> | null = null;

  /** The seal key, made once per database (the first instance to ask stores it) and cached. */
  function loadSealKey(): Promise<Buffer> {
    sealKey ??= (async () => {
      const existing = await repo.findSealKey(db);
      if (existing) return existing;
      await repo.insertSealKeyIfMissing(db, randomBytes(SEAL_KEY_BYTES));
      const stored = await repo.findSealKey(db);
      if (!stored) throw new Error('one-time code seal key missing after insert');
      return stored;
    })();
    sealKey.catch(() => {
      sealKey = null;
    });
    return sealKey;
  }

  function message(input: IssueInput, code: string, ttlMs: number): MailMessage {
    if (input.mail) return input.mail(code);
    return otpMail(input.email, input.purpose, code, Math.max(1, Math.ceil(ttlMs / 60_000)));
  }

  const tooManySends = () => new HttpError(429, { detail: OTP_MESSAGES.tooManySends });

  /** `key` is the seal key for a purpose whose live code is re-sent, null for the others. */
  async function issueInTx(tx: Tx, input: IssueInput, code: string, key: Buffer | null) {
    await repo.lockSendKeys(tx, input.email, input.purpose, input.ip);
    const at = now();
    const sent = await repo.countSendsSince(
      tx,
      { email: input.email, purpose: input.purpose, ip: input.ip },
      new Date(at.getTime() - 3_600_000),
    );
    // The requester's own budgets (their IP, and their IP for this address and purpose).
    const requesterSpent =
      sent.addressPurposeIp >= deps.maxSendsPerHour || sent.ip >= deps.maxSendsPerIpPerHour;
    if (key) {
      const live = await repo.findResendable(tx, input, at, OTP_MAX_ATTEMPTS);
      if (live) {
        // A re-send writes no code and counts nowhere, but a requester past their own budget gets no mail:
        // otherwise one IP could mail every live code it ever caused once a minute.
        if (requesterSpent) throw tooManySends();
        const sealed = await repo.claimResend(
          tx,
          live.id,
          { now: at, mailedBefore: new Date(at.getTime() - OTP_RESEND_INTERVAL_MS) },
          OTP_MAX_ATTEMPTS,
        );
        // Mailed within the minute: nothing more (the answer stays the same, so nobody learns which).
        if (!sealed) return;
        const left = live.expiresAt.getTime() - at.getTime();
        await deps.mail.enqueue(tx, message(input, openCode(key, live.id, sealed), left), {
          expiresInMs: left,
        });
        return;
      }
    }
    if (requesterSpent || sent.addressPurpose >= deps.maxSendsPerAddressPerHour) throw tooManySends();
    const extra = input.prepare ? await input.prepare(tx) : {};
    await repo.supersedeLive(tx, input.email, input.purpose, at);
    const salt = randomBytes(16).toString('hex');
    const payload = { ...input.payload, ...extra };
    const id = randomUUID();
    await repo.insertCode(tx, {
      id,
      email: input.email,
      purpose: input.purpose,
      requestedIp: input.ip,
      userId: input.userId ?? null,
      payload: Object.keys(payload).length > 0 ? payload : null,
      codeHash: `${salt}:${hashCode(code, salt)}`,
      codeSealed: key ? sealCode(key, id, code) : null,
      createdAt: at,
      lastMailedAt: at,
      expiresAt: new Date(at.getTime() + OTP_TTL_MS),
    });
    // Undelivered past the code's lifetime, the mail is worthless: the outbox gives it up then.
    await deps.mail.enqueue(tx, message(input, code, OTP_TTL_MS), { expiresInMs: OTP_TTL_MS });
  }

  return {
    async issue(input) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      // Read before the transaction: on the embedded engine an open transaction owns the database until it
      // commits, so a read outside it from within would wait for itself.
      const key = RESENT_PURPOSES.has(input.purpose) ? await loadSealKey() : null;
      try {
        await db.transaction((tx) => issueInTx(tx, input, code, key));
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
