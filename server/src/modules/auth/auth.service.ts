// Sign-up, sign-in, password reset and change, sign-out and session lookup: the auth module's face.
import { createHash, randomBytes } from 'node:crypto';
import { accountLockedText, normalizeEmail, SETTINGS_MESSAGES } from '@app/shared';
import type { Database, DbOrTx } from '../../db/client.ts';
import { badRequest, fieldErrors, HttpError } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { alreadyRegisteredMail, noAccountMail } from '../mail/templates.ts';
import { OTP_MESSAGES, OtpError, type OtpService } from '../otp/otp.service.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as users from '../users/users.service.ts';
import * as loginFailures from './login-failures.repository.ts';
import { createPasswordHasher } from './passwords.ts';
import * as sessions from './sessions.repository.ts';

export const AUTH_TEXT = {
  codeSent: 'Код подтверждения отправлен на почту',
  invalidCredentials: 'Неверный email или пароль',
  /** A blocked account (issue 27) is told so only after the right password: a stranger learns nothing. */
  blocked: 'Аккаунт заблокирован. Обратитесь в поддержку',
  registered: 'Регистрация завершена',
  signedIn: 'Вход выполнен',
  passwordChanged: 'Пароль успешно изменен',
  loggedOut: 'Вы вышли из аккаунта',
} as const;

/** The signed-in user; defined by the users module, named here too for the callers that take it from auth. */
export type { SessionUser } from '../users/users.service.ts';

/** The user as the API shows it. */
export function publicUser(user: users.UserRow | SessionUser) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    is_lead: user.isLead,
    username: user.username,
    /** Our addition: the avatar's URL path (null without one), so the shell shows it from the first render. */
    avatar: user.avatarUrl,
  };
}

/** SHA-256 of a session token: only this is stored, so a database leak yields no usable cookie. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  token: string;
  expiresAt: Date;
  user: users.UserRow;
}

/** Where a request came from; the IP feeds the one-time code limits and the session record. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

export function createAuthService(deps: {
  database: Database;
  otp: OtpService;
  /** Sign-up with a referral code: checked at step 1, claimed in the user's transaction at step 2. */
  referrals: Pick<ReferralsService, 'checkSignUpCode' | 'claimSignUpCode'>;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Failed password checks per email within loginFailureWindowMs before a lock of loginLockMs. */
  loginMaxFailures: number;
  loginFailureWindowMs: number;
  loginLockMs: number;
  /** argon2 computations at once (PASSWORD_HASH_CONCURRENCY). */
  passwordHashConcurrency: number;
  /** Telegram notifications (a sign-in is told in the session's own transaction). */
  notifier: Notifier;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const passwords = createPasswordHasher({ concurrency: deps.passwordHashConcurrency });
  const lockRules = {
    maxFailures: deps.loginMaxFailures,
    windowMs: deps.loginFailureWindowMs,
    lockMs: deps.loginLockMs,
  };

  const locked = (until: Date, at: Date) =>
    new HttpError(429, { detail: accountLockedText((until.getTime() - at.getTime()) / 60_000) });

  /**
   * The password check of both sign-in steps. Keyed by the normalized email whether or not an account has
   * it: an unknown email is counted, locked and answered exactly like a known one, so the answers reveal
   * nothing. A locked email is refused before any argon2 work, the right password included.
   */
  async function checkPassword(email: string, password: string): Promise<users.UserRow> {
    const at = now();
    const lockedUntil = await loginFailures.lockedUntil(db, email, at);
    if (lockedUntil) throw locked(lockedUntil, at);
    const user = await users.findByEmail(db, email);
    const ok = await passwords.verify(user?.passwordHash, password);
    if (user && ok) {
      if (user.blockedAt) throw badRequest(AUTH_TEXT.blocked);
      return user;
    }
    const failed = await loginFailures.recordFailure(db, email, at, lockRules);
    if (failed.lockedUntil && failed.lockedUntil.getTime() > at.getTime())
      throw locked(failed.lockedUntil, at);
    throw badRequest(AUTH_TEXT.invalidCredentials);
  }

  async function consumeOtp(email: string, purpose: 'register' | 'login' | 'password_reset', code: string) {
    try {
      return await deps.otp.consume({ email, purpose, code });
    } catch (error) {
      if (error instanceof OtpError) throw fieldErrors({ otp: [error.message] });
      throw error;
    }
  }

  /** A signed-in caller acts on their own account only: another email is refused before any code is used. */
  function requireOwnEmail(caller: SessionUser, email: string): void {
    if (normalizeEmail(caller.email) !== email) throw badRequest(SETTINGS_MESSAGES.emailNotOwn);
  }

  async function startSession(
    user: users.UserRow,
    meta: RequestMeta,
    options: { signIn?: boolean } = {},
  ): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const expiresAt = new Date(at.getTime() + deps.sessionMaxMs);
    const session = {
      userId: user.id,
      tokenHash: hashToken(token),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    };
    if (options.signIn) {
      // The sign-in's Telegram notice commits with the session or not at all.
      await db.transaction(async (tx) => {
        await sessions.insertSession(tx, session);
        await deps.notifier.notify(tx, user.id, { kind: 'sign_in', at, ip: meta.ip ?? '—' });
      });
    } else {
      await sessions.insertSession(db, session);
    }
    return { token, expiresAt, user };
  }

  return {
    /**
     * Step 1 of sign-up. Answers the same for new and existing emails; only the mail differs. A referral code
     * must exist, be unused and be bound to this email, or nothing is sent and the answer is a pop-up error.
     */
    async register(input: { email: string; password: string; referral_code?: string }, meta: RequestMeta) {
      const email = normalizeEmail(input.email);
      if (input.referral_code) await deps.referrals.checkSignUpCode(input.referral_code, email);
      const existing = await users.findByEmail(db, email);
      await deps.otp.issue({
        email,
        purpose: 'register',
        ip: meta.ip,
        payload: input.referral_code ? { referral_code: input.referral_code } : {},
        mail: existing ? () => alreadyRegisteredMail(email) : undefined,
      });
      return { message: AUTH_TEXT.codeSent };
    },

    /** Step 2 of sign-up: the code creates the trader account and signs it in. */
    async verifyRegistration(input: { email: string; otp: string; password: string }, meta: RequestMeta) {
      const email = normalizeEmail(input.email);
      const payload = await consumeOtp(email, 'register', input.otp);
      if (await users.findByEmail(db, email)) throw fieldErrors({ otp: [OTP_MESSAGES.invalid] });
      const passwordHash = await passwords.hash(input.password);
      const referral = typeof payload.referral_code === 'string' ? payload.referral_code : null;
      let user: users.UserRow;
      try {
        // The account and its code's claim commit together: a code used meanwhile creates no account.
        user = await db.transaction(async (tx) => {
          const created = await users.insertUser(tx, {
            email,
            passwordHash,
            role: 'trader',
            referredByCode: referral,
          });
          if (!referral) return created;
          await deps.referrals.claimSignUpCode(tx, { code: referral, email, userId: created.id });
          return created;
        });
      } catch (error) {
        if (uniqueViolation(error)) throw fieldErrors({ otp: [OTP_MESSAGES.invalid] });
        throw error;
      }
      return startSession(user, meta);
    },

    /**
     * Step 1 of sign-in: a code is mailed only when the password is right. A wrong password throws in
     * checkPassword (and counts towards the account lock), so it never reaches the code service: the sign-in
     * code budget of an address counts only requests that proved the password.
     */
    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const email = normalizeEmail(input.email);
      const user = await checkPassword(email, input.password);
      await deps.otp.issue({ email, purpose: 'login', ip: meta.ip, userId: user.id });
      return { message: AUTH_TEXT.codeSent };
    },

    /** Step 2 of sign-in. */
    async verifyLogin(input: { email: string; code_otp: string; password: string }, meta: RequestMeta) {
      const email = normalizeEmail(input.email);
      const user = await checkPassword(email, input.password);
      await consumeOtp(email, 'login', input.code_otp);
      await loginFailures.clearFailures(db, email);
      return startSession(user, meta, { signIn: true });
    },

    /**
     * Mails a reset code when the account exists, a no-account notice otherwise; answers the same either way.
     * While a reset code is live, a new request mails that code (or notice) again at most once a minute and
     * spends no budget (OtpService.issue), so strangers asking cannot use the address's codes up. A
     * signed-in caller (the Settings password change) may name only their own email.
     */
    async requestPasswordReset(input: { email: string }, meta: RequestMeta, caller?: SessionUser) {
      const email = normalizeEmail(input.email);
      if (caller) requireOwnEmail(caller, email);
      const user = await users.findByEmail(db, email);
      await deps.otp.issue({
        email,
        purpose: 'password_reset',
        ip: meta.ip,
        userId: user?.id ?? null,
        mail: user ? undefined : () => noAccountMail(email),
      });
      return { message: AUTH_TEXT.codeSent };
    },

    /**
     * Sets a new password with the mailed code. Signed out (the forgotten-password reset) it ends every session
     * of the user; signed in (spec §7 Settings password change: only the caller's own email) it keeps the
     * caller's session and ends all the others. The password rule (sign-up or settings) is the route's.
     */
    async resetPassword(
      input: { email: string; otp: string; new_password: string },
      meta: RequestMeta,
      caller?: SessionUser,
    ) {
      const email = normalizeEmail(input.email);
      if (caller) requireOwnEmail(caller, email);
      await consumeOtp(email, 'password_reset', input.otp);
      const user = await users.findByEmail(db, email);
      if (!user) throw fieldErrors({ otp: [OTP_MESSAGES.invalid] });
      const passwordHash = await passwords.hash(input.new_password);
      const at = now();
      await db.transaction(async (tx) => {
        await users.setPassword(tx, user.id, passwordHash, at);
        if (caller) await sessions.revokeOthersForUser(tx, user.id, caller.sessionId, at);
        else await sessions.revokeAllForUser(tx, user.id, at);
        // Whoever holds the mailbox chose the new password: a lock from someone's guesses ends here.
        await loginFailures.clearFailures(tx, email);
        // The owner hears of it in Telegram too: a mailbox taken over must not change the password unseen.
        await deps.notifier.notify(tx, user.id, { kind: 'password_changed', at, ip: meta.ip ?? '—' });
      });
      return { message: AUTH_TEXT.passwordChanged };
    },

    /** Resolves a cookie token to its signed-in user, or null when it is unknown, revoked or expired. */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const at = now();
      const row = await sessions.findLive(
        db,
        hashToken(token),
        at,
        new Date(at.getTime() - deps.sessionIdleMs),
      );
      if (!row) return null;
      if (at.getTime() - row.session.lastSeenAt.getTime() > 60_000)
        await sessions.touch(db, row.session.id, at);
      return {
        id: row.user.id,
        email: row.user.email,
        role: row.user.role,
        isLead: row.user.isLead,
        username: row.user.username,
        avatarUrl: row.user.avatarUrl,
        rating: row.user.rating,
        sessionId: row.session.id,
      };
    },

    /** Console block (issue 27): ends every session of the user in the block's transaction; how many ended. */
    async endAllSessions(tx: DbOrTx, userId: string): Promise<number> {
      return sessions.revokeAllForUser(tx, userId, now());
    },

    /** Console user detail: the user's live sessions, newest first. */
    async liveSessions(userId: string, limit: number) {
      return sessions.listLiveForUser(db, userId, now(), limit);
    },

    /** Revokes the session a cookie token belongs to (logout, or rotation at sign-in). */
    async endSession(token: string) {
      await sessions.revokeByTokenHash(db, hashToken(token), now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
