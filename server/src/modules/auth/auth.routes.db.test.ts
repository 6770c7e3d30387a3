import { AUTH_MESSAGES } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  insertUser,
  STRONG_PASSWORD,
  sessionCookie,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  testAppForFile,
} from '../../../test/test-app.ts';
import { OTP_MESSAGES } from '../otp/otp.service.ts';
import { AUTH_TEXT } from './auth.service.ts';

const t = testAppForFile();

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${t.prefix}${path}`, payload: payload as object, headers });
const get = (path: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `${t.prefix}${path}`, headers: cookie ? { cookie } : {} });

let counter = 0;
const freshEmail = () => `person${++counter}-${Date.now()}@example.com`;

describe('sign-up', () => {
  it('mails a six-digit code and creates a signed-in trader on verify-otp', async () => {
    const email = freshEmail();
    const register = await post('/account/user/register/', {
      email,
      password: STRONG_PASSWORD,
    });
    expect(register.statusCode).toBe(200);
    expect(register.json()).toEqual({ message: AUTH_TEXT.codeSent });
    const mail = t.mailer.messages.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.html).toContain(t.mailer.lastCode(email));
    expect(mail.subject).toMatch(/[А-Яа-я]/);

    const verify = await post('/account/user/verify-otp/', {
      email,
      password: STRONG_PASSWORD,
      otp: t.mailer.lastCode(email),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ email, role: 'trader', is_lead: false });
    const setCookie = String(verify.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookie(verify.headers['set-cookie']);
    const check = await get('/account/check_user_auth/', cookie);
    expect(check.statusCode).toBe(200);
    expect(check.json().user.email).toBe(email);
  });

  it('answers field-keyed spec messages for a bad email and a weak password', async () => {
    const response = await post('/account/user/register/', { email: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.email).toEqual([AUTH_MESSAGES.emailFormat]);
    expect(body.password[0]).toBe(
      [
        AUTH_MESSAGES.passwordLength,
        AUTH_MESSAGES.passwordUpper,
        AUTH_MESSAGES.passwordDigit,
        AUTH_MESSAGES.passwordSpecial,
      ].join('. '),
    );
  });

  it('answers the same for an existing email and mails no code to it', async () => {
    const { email } = await insertUser(t);
    const known = await post('/account/user/register/', { email, password: STRONG_PASSWORD });
    const unknown = await post('/account/user/register/', { email: freshEmail(), password: STRONG_PASSWORD });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    const message = t.mailer.messages.filter((m) => m.to === email).at(-1)!;
    expect(message.text).not.toMatch(/\b\d{6}\b/);
    const verify = await post('/account/user/verify-otp/', {
      email,
      password: STRONG_PASSWORD,
      otp: '123456',
    });
    expect(verify.statusCode).toBe(400);
  });

  it('refuses a wrong code with the otp field message and leaves no account', async () => {
    const email = freshEmail();
    await post('/account/user/register/', { email, password: STRONG_PASSWORD });
    const code = t.mailer.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await post('/account/user/verify-otp/', {
      email,
      password: STRONG_PASSWORD,
      otp: wrong,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ otp: [OTP_MESSAGES.invalid] });
    const login = await post('/account/user/login/', { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(400);
  });
});

describe('one-time code abuse', () => {
  it('kills the code after five wrong guesses: a sixth guess with the right code fails', async () => {
    const { email, password } = await insertUser(t);
    await post('/account/user/login/', { email, password });
    const code = t.mailer.lastCode(email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const r = await post('/account/user/login-verify/', { email, password, code_otp: wrong });
      expect(r.statusCode).toBe(400);
    }
    const sixth = await post('/account/user/login-verify/', { email, password, code_otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ otp: [OTP_MESSAGES.exhausted] });
  });

  it('refuses a reused code', async () => {
    const { email, password } = await insertUser(t);
    await post('/account/user/login/', { email, password });
    const code = t.mailer.lastCode(email);
    expect((await post('/account/user/login-verify/', { email, password, code_otp: code })).statusCode).toBe(
      200,
    );
    const again = await post('/account/user/login-verify/', { email, password, code_otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ otp: [OTP_MESSAGES.invalid] });
  });

  it('refuses an expired code', async () => {
    const { email, password } = await insertUser(t);
    await post('/account/user/login/', { email, password });
    const code = t.mailer.lastCode(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const late = await post('/account/user/login-verify/', { email, password, code_otp: code });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ otp: [OTP_MESSAGES.invalid] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces the old code when a new one is requested', async () => {
    const { email, password } = await insertUser(t);
    await post('/account/user/login/', { email, password });
    const first = t.mailer.lastCode(email);
    await post('/account/user/login/', { email, password });
    const second = t.mailer.lastCode(email);
    if (first !== second) {
      expect(
        (await post('/account/user/login-verify/', { email, password, code_otp: first })).statusCode,
      ).toBe(400);
    }
    expect(
      (await post('/account/user/login-verify/', { email, password, code_otp: second })).statusCode,
    ).toBe(200);
  });

  it('limits how many codes one email can be sent per hour (429)', async () => {
    // Sign-up step 1 issues a new code each time (a reset request re-sends its live code instead).
    const email = freshEmail();
    const register = () => post('/account/user/register/', { email, password: 'N3w!Password' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register()).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect((await register()).json()).toEqual({ detail: OTP_MESSAGES.tooManySends });
  });
});

describe('sign-in', () => {
  it('mails a code only for the right password and answers an unknown email like a wrong password', async () => {
    const { email, password } = await insertUser(t);
    const before = t.mailer.countTo(email);
    const wrong = await post('/account/user/login/', { email, password: 'Wrong!Pass1' });
    const unknown = await post('/account/user/login/', { email: freshEmail(), password });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ detail: AUTH_TEXT.invalidCredentials });
    expect(t.mailer.countTo(email)).toBe(before);
    const right = await post('/account/user/login/', { email, password });
    expect(right.statusCode).toBe(200);
    expect(t.mailer.countTo(email)).toBe(before + 1);
  });

  it('rotates the session at sign-in: the previous cookie stops working', async () => {
    const { email, password, cookie } = await signedInUser(t);
    await post('/account/user/login/', { email, password });
    const verify = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}/account/user/login-verify/`,
      payload: { email, password, code_otp: t.mailer.lastCode(email) },
      headers: { cookie },
    });
    const next = sessionCookie(verify.headers['set-cookie']);
    expect(next).not.toBe(cookie);
    expect((await get('/account/check_user_auth/', cookie)).statusCode).toBe(401);
    expect((await get('/account/check_user_auth/', next)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('check_user_auth answers 401 without a session', async () => {
    expect((await get('/account/check_user_auth/')).statusCode).toBe(401);
    expect((await get('/account/check_user_auth/', 'sid=forged-token')).statusCode).toBe(401);
  });

  it('logout revokes the session (plain and forced)', async () => {
    for (const headers of [{}, { 'x-force-logout': 'true' }] as Record<string, string>[]) {
      const { cookie } = await signedInUser(t);
      const out = await post('/account/logout/', undefined, { cookie, ...headers });
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
      expect((await get('/account/check_user_auth/', cookie)).statusCode).toBe(401);
    }
  });

  it('password reset sets the new password and ends every session of the user', async () => {
    const { email, password, cookie } = await signedInUser(t);
    const other = await signIn(t, email, password);
    expect((await post('/account/user/request-password-reset/', { email })).statusCode).toBe(200);
    const newPassword = 'N3w!Password';
    const mismatch = await post('/account/user/password-reset/', {
      email,
      otp: t.mailer.lastCode(email),
      new_password: newPassword,
      confirm_password: 'Different1!',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ confirmPassword: [AUTH_MESSAGES.passwordsMismatch] });
    const reset = await post('/account/user/password-reset/', {
      email,
      otp: t.mailer.lastCode(email),
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect((await get('/account/check_user_auth/', cookie)).statusCode).toBe(401);
    expect((await get('/account/check_user_auth/', other)).statusCode).toBe(401);
    expect((await post('/account/user/login/', { email, password })).statusCode).toBe(400);
    expect((await post('/account/user/login/', { email, password: newPassword })).statusCode).toBe(200);
  });

  it('password reset answers the same for an unknown email and mails it a notice without a code', async () => {
    const email = freshEmail();
    const { email: known } = await insertUser(t);
    const a = await post('/account/user/request-password-reset/', { email });
    const b = await post('/account/user/request-password-reset/', { email: known });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(t.mailer.countTo(email)).toBe(1);
    expect(t.mailer.messages.find((m) => m.to === email)!.text).not.toMatch(/\b\d{6}\b/);
    expect(t.mailer.countTo(known)).toBe(1);
    expect(t.mailer.lastCode(known)).toMatch(/^\d{6}$/);
  });
});

describe('lead check and origin', () => {
  it('answers 451 for a non-lead, 200 for a lead, 401 when signed out', async () => {
    const trader = await signedInUser(t);
    const lead = await signedInUser(t, { isLead: true });
    expect((await get('/account/lead/refferal/', trader.cookie)).statusCode).toBe(451);
    expect((await get('/account/lead/refferal/', lead.cookie)).statusCode).toBe(200);
    expect((await get('/account/lead/refferal/')).statusCode).toBe(401);
  });

  it('refuses a state-changing request from a foreign Origin and accepts our own', async () => {
    const { email, password } = await insertUser(t);
    const foreign = await post(
      '/account/user/login/',
      { email, password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const crossSite = await post(
      '/account/user/login/',
      { email, password },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await post('/account/user/login/', { email, password }, { origin: TEST_ORIGIN });
    expect(own.statusCode).toBe(200);
  });

  it('keeps trailing slashes exact: the path without one is not the API', async () => {
    expect((await get('/account/check_user_auth')).statusCode).toBe(404);
  });

  it('hides internals on malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}/account/user/login/`,
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });
});
