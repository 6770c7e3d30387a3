import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { AUTH_TEXT } from '../auth/auth.service.ts';
import { eraseExpiredSeals } from './code-expiry.ts';
import { openCode } from './code-seal.ts';
import * as repo from './otp.repository.ts';
import { OTP_MESSAGES, OTP_RESEND_INTERVAL_MS } from './otp.service.ts';

// Tight budgets, so a re-send that spent any would show: two reset codes per address and per address and IP.
const LIMITS = {
  OTP_MAX_SENDS_PER_HOUR: '2',
  OTP_MAX_SENDS_PER_IP_PER_HOUR: '30',
  OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '2',
};
const NEW_PASSWORD = 'N3w!Password';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock of every service (they read Date) forward. */
function advance(ms: number) {
  if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + ms);
  else vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

const post = (path: string, payload: object, ip = '10.60.0.1') =>
  t.app.inject({ method: 'POST', url: `${t.prefix}${path}`, payload, remoteAddress: ip });
const askReset = (email: string, ip?: string) => post('/account/user/request-password-reset/', { email }, ip);
const resetWith = (email: string, otp: string) =>
  post('/account/user/password-reset/', {
    email,
    otp,
    new_password: NEW_PASSWORD,
    confirm_password: NEW_PASSWORD,
  });

const resetRows = (email: string) =>
  t.database.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'password_reset')))
    .orderBy(otpCodes.createdAt);

/** Fires requests in parallel, each from its own IP; all must get the usual answer. */
async function askInParallel(email: string, count: number, subnet: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => askReset(email, `10.61.${subnet}.${i + 1}`)),
  );
  for (const answer of answers) {
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: AUTH_TEXT.codeSent });
  }
}

describe('a reset request while the reset code is live (issue 23)', () => {
  it('mails the same code again at most once a minute, even in parallel, writing no code and spending no budget', async () => {
    const { email } = await insertUser(t);
    expect((await askReset(email)).json()).toEqual({ message: AUTH_TEXT.codeSent });
    const code = t.mailer.lastCode(email);
    expect(t.mailer.countTo(email)).toBe(1);

    // Within the minute: nothing more is mailed, whoever asks and however many at once.
    await askInParallel(email, 20, 1);
    expect(t.mailer.countTo(email)).toBe(1);

    // A minute later, 20 at once mail it exactly once more: the same code, with what is left of its life.
    advance(OTP_RESEND_INTERVAL_MS + 1000);
    await askInParallel(email, 20, 2);
    expect(t.mailer.countTo(email)).toBe(2);
    expect(t.mailer.lastCode(email)).toBe(code);
    expect(t.mailer.messages.at(-1)!.text).toContain('Код действует 9 минут');
    advance(2 * (OTP_RESEND_INTERVAL_MS + 1000));
    await askReset(email, '10.60.0.9');
    expect(t.mailer.countTo(email)).toBe(3);
    expect(t.mailer.lastCode(email)).toBe(code);

    // One code row all along; the budgets (2 per address) are untouched, so the code works and one more
    // request after its use issues a new code under the normal budget.
    expect(await resetRows(email)).toHaveLength(1);
    expect((await resetWith(email, code)).statusCode).toBe(200);
    expect((await askReset(email)).statusCode).toBe(200);
    const second = await resetRows(email);
    expect(second).toHaveLength(2);
    expect(t.mailer.countTo(email)).toBe(4);
    const fresh = t.mailer.lastCode(email);
    expect((await resetWith(email, fresh)).statusCode).toBe(200);
    // The two codes issued this hour are the address's reset budget.
    const spent = await askReset(email, '10.60.0.7');
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ detail: OTP_MESSAGES.tooManySends });
  });

  it('issues a new code once the live one expired (under the budget), and the expired one is dead', async () => {
    const { email } = await insertUser(t);
    await askReset(email);
    const first = t.mailer.lastCode(email);
    advance(10 * MINUTE + 1000);
    expect((await askReset(email)).statusCode).toBe(200);
    const rows = await resetRows(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.supersededAt).not.toBeNull();
    expect(rows[0]!.codeSealed).toBeNull();
    expect(rows[1]!.codeSealed).not.toBeNull();
    const second = t.mailer.lastCode(email);
    if (first !== second) expect((await resetWith(email, first)).statusCode).toBe(400);
    expect((await resetWith(email, second)).statusCode).toBe(200);
  });

  it('re-sends the no-account notice for an unknown email the same way, with the same answers', async () => {
    const { email: known } = await insertUser(t);
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push((await askReset(email, `10.62.0.${i + 1}`)).body);
      advance(OTP_RESEND_INTERVAL_MS + 1000);
      seen.push((await askReset(email, '10.62.0.9')).body);
      return seen;
    };
    const forUnknown = await answers(unknown);
    expect(forUnknown).toEqual(await answers(known));
    expect(forUnknown).toEqual(Array(4).fill(JSON.stringify({ message: AUTH_TEXT.codeSent })));
    expect(t.mailer.countTo(unknown)).toBe(2);
    expect(t.mailer.messages.filter((m) => m.to === unknown).every((m) => m.purpose === 'no_account')).toBe(
      true,
    );
    expect(t.mailer.countTo(known)).toBe(2);
  });

  it("refuses a requester past their own IP's budget, while others still get the re-send", async () => {
    const strict = await createTestApp({ ...LIMITS, OTP_MAX_SENDS_PER_IP_PER_HOUR: '2' });
    try {
      const { email } = await insertUser(strict);
      const ask = (address: string, ip: string) =>
        strict.app.inject({
          method: 'POST',
          url: `${strict.prefix}/account/user/request-password-reset/`,
          payload: { email: address },
          remoteAddress: ip,
        });
      expect((await ask(email, '10.63.0.1')).statusCode).toBe(200);
      expect((await ask(`other-${Date.now()}@example.com`, '10.63.0.1')).statusCode).toBe(200);
      advance(OTP_RESEND_INTERVAL_MS + 1000);
      const refused = await ask(email, '10.63.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: OTP_MESSAGES.tooManySends });
      expect(strict.mailer.countTo(email)).toBe(1);
      expect((await ask(email, '10.63.0.2')).statusCode).toBe(200);
      expect(strict.mailer.countTo(email)).toBe(2);
    } finally {
      await strict.close();
    }
  });
});

describe('the sealed copy of a reset code', () => {
  const sealKey = async () => (await repo.findSealKey(t.database.db))!;

  it('holds the code only sealed, opens only with the key for its own row, and goes when the code is used', async () => {
    const { email } = await insertUser(t);
    await askReset(email);
    const code = t.mailer.lastCode(email);
    const [row] = await resetRows(email);
    const sealed = Buffer.from(row!.codeSealed!);
    expect(sealed.includes(Buffer.from(code))).toBe(false);
    const key = await sealKey();
    expect(openCode(key, row!.id, sealed)).toBe(code);
    expect(() => openCode(key, randomUUID(), sealed)).toThrow();

    expect((await resetWith(email, code)).statusCode).toBe(200);
    const [used] = await resetRows(email);
    expect(used!.consumedAt).not.toBeNull();
    expect(used!.codeSealed).toBeNull();
    // The database refuses a sealed copy on a used code.
    await expect(
      t.database.db.update(otpCodes).set({ codeSealed: sealed }).where(eq(otpCodes.id, used!.id)),
    ).rejects.toThrow();
  });

  it('goes with the last wrong try, and a request then issues a new code', async () => {
    const { email } = await insertUser(t);
    await askReset(email);
    const code = t.mailer.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await resetWith(email, wrong)).statusCode).toBe(400);
    const [dead] = await resetRows(email);
    expect(dead!.attempts).toBe(5);
    expect(dead!.codeSealed).toBeNull();
    expect((await askReset(email)).statusCode).toBe(200);
    expect(await resetRows(email)).toHaveLength(2);
    expect((await resetWith(email, t.mailer.lastCode(email))).statusCode).toBe(200);
  });

  it('is erased by the code expiry pass once the code expired, and only then', async () => {
    const { email } = await insertUser(t);
    await askReset(email);
    const [row] = await resetRows(email);
    const clock = (ms: number) => ({ ...t.ctx, now: () => new Date(row!.expiresAt.getTime() + ms) });
    await eraseExpiredSeals(clock(-1000));
    expect((await resetRows(email))[0]!.codeSealed).not.toBeNull();
    expect(await eraseExpiredSeals(clock(0))).toBeGreaterThanOrEqual(1);
    expect((await resetRows(email))[0]!.codeSealed).toBeNull();
  });

  it('is kept only for reset codes', async () => {
    const { email, password } = await insertUser(t);
    expect((await post('/account/user/login/', { email, password })).statusCode).toBe(200);
    const [login] = await t.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'login')));
    expect(login!.codeSealed).toBeNull();
  });
});
