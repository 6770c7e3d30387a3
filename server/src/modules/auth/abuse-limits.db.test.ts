import { accountLockedText } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../../test/test-app.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { OTP_MESSAGES } from '../otp/otp.service.ts';
import { AUTH_TEXT } from './auth.service.ts';
import * as loginFailures from './login-failures.repository.ts';

const apps: TestApp[] = [];
async function app(env: Record<string, string>): Promise<TestApp> {
  const created = await createTestApp(env);
  apps.push(created);
  return created;
}
afterAll(async () => {
  for (const created of apps) await created.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (
  t: TestApp,
  path: string,
  payload: object,
  options: { ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `${t.prefix}${path}`,
    payload,
    headers: options.headers ?? {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });

let counter = 0;
const freshEmail = () => `abuse${++counter}-${Date.now()}@example.com`;
const WRONG = 'Wrong!Pass1';
const NEW_PASSWORD = 'N3w!Password';

/** How many code rows an address has (for one purpose, when given). */
async function codeRows(t: TestApp, email: string, purpose?: string): Promise<number> {
  const [stored] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(
      purpose ? and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)) : eq(otpCodes.email, email),
    );
  return Number(stored!.n);
}

describe('X-Forwarded-For', () => {
  it('is ignored without TRUST_PROXY: rotating it does not escape the per-IP sign-in limit', async () => {
    const t = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '30' });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await post(
        t,
        '/account/user/login/',
        { email: freshEmail(), password: WRONG },
        { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('is believed from a configured proxy (TRUST_PROXY=127.0.0.1, the address app.inject comes from)', async () => {
    const t = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '30', TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 60; i++) {
      const response = await post(
        t,
        '/account/user/login/',
        { email: freshEmail(), password: WRONG },
        { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
      );
      expect(response.statusCode).toBe(400);
    }
    const same: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await post(
        t,
        '/account/user/login/',
        { email: freshEmail(), password: WRONG },
        { headers: { 'x-forwarded-for': '198.51.100.7' } },
      );
      same.push(response.statusCode);
    }
    expect(same.at(-1)).toBe(429);
    expect(same.slice(0, 30).every((status) => status === 400)).toBe(true);
  });
});

describe('per-account lockout', () => {
  const LOCK = { LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW_MIN: '15', LOGIN_LOCK_MIN: '15' };

  it('locks after LOGIN_MAX_FAILURES wrong passwords: the right one is refused and no code is sent', async () => {
    const t = await app(LOCK);
    const { email, password } = await insertUser(t);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await post(t, '/account/user/login/', { email, password: WRONG }));
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 429]);
    expect(answers[0]!.json()).toEqual({ detail: AUTH_TEXT.invalidCredentials });
    expect(answers[2]!.json()).toEqual({ detail: accountLockedText(15) });

    const right = await post(t, '/account/user/login/', { email, password });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ detail: accountLockedText(15) });
    expect(t.mailer.countTo(email)).toBe(0);
  });

  it('answers an unknown email exactly like a known one, step by step', async () => {
    const t = await app(LOCK);
    const { email: known, password } = await insertUser(t);
    const unknown = freshEmail();
    const steps = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await post(t, '/account/user/login/', { email, password: WRONG });
        seen.push(`${response.statusCode} ${response.body}`);
      }
      const right = await post(t, '/account/user/login/', { email, password });
      seen.push(`${right.statusCode} ${right.body}`);
      const verify = await post(t, '/account/user/login-verify/', { email, password, code_otp: '123456' });
      seen.push(`${verify.statusCode} ${verify.body}`);
      return seen;
    };
    const knownSteps = await steps(known);
    expect(await steps(unknown)).toEqual(knownSteps);
    expect(knownSteps[0]).toContain(AUTH_TEXT.invalidCredentials);
    expect(knownSteps.at(-1)).toContain('429');
  });

  it('counts wrong passwords at login-verify too, and a lock stops login-verify with the right code', async () => {
    const t = await app(LOCK);
    const { email, password } = await insertUser(t);
    expect((await post(t, '/account/user/login/', { email, password })).statusCode).toBe(200);
    const code = t.mailer.lastCode(email);
    for (let i = 0; i < 3; i++) {
      await post(t, '/account/user/login-verify/', { email, password: WRONG, code_otp: code });
    }
    const verify = await post(t, '/account/user/login-verify/', { email, password, code_otp: code });
    expect(verify.statusCode).toBe(429);
    expect(verify.json()).toEqual({ detail: accountLockedText(15) });
    expect(verify.headers['set-cookie']).toBeUndefined();
  });

  it('ends the lock after LOGIN_LOCK_MIN, and a successful sign-in clears the failures', async () => {
    const t = await app(LOCK);
    const { email, password } = await insertUser(t);
    for (let i = 0; i < 3; i++) await post(t, '/account/user/login/', { email, password: WRONG });
    expect((await post(t, '/account/user/login/', { email, password })).statusCode).toBe(429);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    expect((await post(t, '/account/user/login/', { email, password: WRONG })).statusCode).toBe(400);
    expect((await post(t, '/account/user/login/', { email, password: WRONG })).statusCode).toBe(400);
    expect((await post(t, '/account/user/login/', { email, password })).statusCode).toBe(200);
    const verify = await post(t, '/account/user/login-verify/', {
      email,
      password,
      code_otp: t.mailer.lastCode(email),
    });
    expect(verify.statusCode).toBe(200);
    expect(await loginFailures.findFailures(t.database.db, email)).toBeUndefined();
    // Two more wrong passwords are two, not four: the count started again.
    for (let i = 0; i < 2; i++) {
      expect((await post(t, '/account/user/login/', { email, password: WRONG })).statusCode).toBe(400);
    }
    expect((await post(t, '/account/user/login/', { email, password })).statusCode).toBe(200);
  });

  it('counts 30 concurrent wrong passwords exactly and locks the account', async () => {
    const t = await app({ LOGIN_MAX_FAILURES: '10' });
    const { email, password } = await insertUser(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(t, '/account/user/login/', { email, password: WRONG })),
    );
    expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    const row = await loginFailures.findFailures(t.database.db, email);
    expect(row?.failures).toBe(30);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    const right = await post(t, '/account/user/login/', { email, password });
    expect(right.statusCode).toBe(429);
  });
});

describe('one-time code sends per address and purpose, IP and both', () => {
  const LIMITS = {
    OTP_MAX_SENDS_PER_HOUR: '3',
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '5',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '8',
  };
  // Sign-up step 1 issues a new code on every request (a live reset code is re-sent instead: see below).
  const register = (t: TestApp, email: string, ip: string) =>
    post(t, '/account/user/register/', { email, password: NEW_PASSWORD }, { ip });

  it("limits one IP's codes to one address without using up the quota of the owner asking from elsewhere", async () => {
    const t = await app(LIMITS);
    const victim = freshEmail();
    const fromAttacker = [];
    for (let i = 0; i < 4; i++) fromAttacker.push((await register(t, victim, '10.1.0.1')).statusCode);
    expect(fromAttacker).toEqual([200, 200, 200, 429]);
    expect((await register(t, victim, '10.1.0.1')).json()).toEqual({ detail: OTP_MESSAGES.tooManySends });
    expect((await register(t, victim, '10.1.0.2')).statusCode).toBe(200);
  });

  it('limits the codes one IP can have sent, whatever the addresses', async () => {
    const t = await app(LIMITS);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(t, freshEmail(), '10.2.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await register(t, freshEmail(), '10.2.0.2')).statusCode).toBe(200);
  });

  it('caps the codes one address receives for one purpose from all IPs together', async () => {
    const t = await app(LIMITS);
    const victim = freshEmail();
    const statuses = [];
    for (let i = 0; i < 9; i++) statuses.push((await register(t, victim, `10.3.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect(t.mailer.countTo(victim)).toBe(8);
  });

  it('holds under concurrency: 20 parallel requests from one IP send 5, to one address from 20 IPs send 8', async () => {
    const t = await app(LIMITS);
    const fromOneIp = await Promise.all(
      Array.from({ length: 20 }, () => register(t, freshEmail(), '10.4.0.1')),
    );
    expect(fromOneIp.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(fromOneIp.filter((r) => r.statusCode === 429)).toHaveLength(15);

    const victim = freshEmail();
    const toOneAddress = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(t, victim, `10.5.0.${i + 1}`)),
    );
    expect(toOneAddress.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect(await codeRows(t, victim)).toBe(8);
    expect(t.mailer.countTo(victim)).toBe(8);
  });
});

describe('strangers cannot lock a user out of sign-in (issue 23)', () => {
  const DEFAULTS = {
    OTP_MAX_SENDS_PER_HOUR: '5',
    OTP_MAX_SENDS_PER_IP_PER_HOUR: '30',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '20',
  };
  const fromFourAddresses = async (send: (ip: string) => Promise<{ statusCode: number; body: string }>) => {
    const answers = [];
    for (let ip = 1; ip <= 4; ip++) for (let i = 0; i < 5; i++) answers.push(await send(`10.23.0.${ip}`));
    return answers;
  };
  const signsIn = async (t: TestApp, email: string, password: string) => {
    const login = await post(t, '/account/user/login/', { email, password }, { ip: '10.23.9.9' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ message: AUTH_TEXT.codeSent });
    const code = t.mailer.lastCode(email);
    const verify = await post(
      t,
      '/account/user/login-verify/',
      { email, password, code_otp: code },
      {
        ip: '10.23.9.9',
      },
    );
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.email).toBe(email);
  };

  it('twenty password-reset requests from four addresses: the owner still signs in with the mailed code', async () => {
    const t = await app(DEFAULTS);
    const { email, password } = await insertUser(t);
    const answers = await fromFourAddresses((ip) =>
      post(t, '/account/user/request-password-reset/', { email }, { ip }),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ message: AUTH_TEXT.codeSent });
    }
    await signsIn(t, email, password);
  });

  it('twenty registration requests from four addresses: the owner still signs in with the mailed code', async () => {
    const t = await app(DEFAULTS);
    const { email, password } = await insertUser(t);
    const answers = await fromFourAddresses((ip) =>
      post(t, '/account/user/register/', { email, password: NEW_PASSWORD }, { ip }),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    await signsIn(t, email, password);
  });

  it('gives each purpose its own per-address budget', async () => {
    const t = await app({ ...DEFAULTS, OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '3' });
    const { email, password } = await insertUser(t);
    const cookie = await signIn(t, email, password);
    for (let i = 1; i <= 3; i++) {
      const answer = await post(
        t,
        '/account/user/register/',
        { email, password: NEW_PASSWORD },
        {
          ip: `10.25.0.${i}`,
        },
      );
      expect(answer.statusCode).toBe(200);
    }
    const spent = await post(
      t,
      '/account/user/register/',
      { email, password: NEW_PASSWORD },
      {
        ip: '10.25.0.4',
      },
    );
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ detail: OTP_MESSAGES.tooManySends });

    const resetAnswer = await post(
      t,
      '/account/user/request-password-reset/',
      { email },
      { ip: '10.25.0.5' },
    );
    expect(resetAnswer.statusCode).toBe(200);
    const withSession = { headers: { cookie } };
    expect((await post(t, '/account/wallet/address/request/', {}, withSession)).statusCode).toBe(200);
    expect((await post(t, '/user/terminal/connect-request/', {}, withSession)).statusCode).toBe(200);
    // The sign-in budget is its own too: signIn used one code, two more fit, the fourth is refused.
    const logins = [];
    for (let i = 0; i < 3; i++)
      logins.push((await post(t, '/account/user/login/', { email, password })).statusCode);
    expect(logins).toEqual([200, 200, 429]);
    expect(await codeRows(t, email, 'login')).toBe(3);
  });

  it('wrong passwords never reach the sign-in code budget (the account lock still counts them)', async () => {
    const t = await app({
      ...DEFAULTS,
      OTP_MAX_SENDS_PER_HOUR: '2',
      OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '2',
      LOGIN_MAX_FAILURES: '1000',
    });
    const { email, password } = await insertUser(t);
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(t, '/account/user/login/', { email, password: WRONG }, { ip: `10.26.0.${(i % 4) + 1}` }),
      ),
    );
    expect(wrong.every((answer) => answer.statusCode === 400)).toBe(true);
    expect((await loginFailures.findFailures(t.database.db, email))?.failures).toBe(40);
    expect(await codeRows(t, email, 'login')).toBe(0);
    expect(t.mailer.countTo(email)).toBe(0);

    const right = [];
    for (let i = 0; i < 3; i++)
      right.push((await post(t, '/account/user/login/', { email, password })).statusCode);
    expect(right).toEqual([200, 200, 429]);
    const verify = await post(t, '/account/user/login-verify/', {
      email,
      password,
      code_otp: t.mailer.lastCode(email),
    });
    expect(verify.statusCode).toBe(200);
  });
});
