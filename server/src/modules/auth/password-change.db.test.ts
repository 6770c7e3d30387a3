import { API, AUTH_MESSAGES, passwordError, SETTINGS_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, signIn, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.prefix}${path}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const signedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: `${t.prefix}${API.auth.checkUserAuth}`, headers: { cookie } }))
    .statusCode === 200;

/** The Settings password change: the code is requested for the session's email, then sent with the form. */
async function change(person: { email: string; cookie: string }, newPassword: string, confirm = newPassword) {
  expect((await post(API.auth.requestPasswordReset, { email: person.email }, person.cookie)).statusCode).toBe(
    200,
  );
  return post(
    API.auth.passwordReset,
    {
      email: person.email,
      new_password: newPassword,
      confirm_password: confirm,
      otp: t.mailer.lastCode(person.email),
    },
    person.cookie,
  );
}

describe('password change signed in (spec §7 Settings)', () => {
  it('keeps the current session, ends every other one, and the new password signs in', async () => {
    const person = await signedInUser(t);
    const otherDevice = await signIn(t, person.email, person.password);
    // Fits the settings rule (8+, a digit, a letter) though not the sign-up rule.
    const newPassword = 'simple12';
    expect(passwordError(newPassword)).not.toBeNull();
    const response = await change(person, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Пароль успешно изменен' });
    expect(await signedIn(person.cookie)).toBe(true);
    expect(await signedIn(otherDevice)).toBe(false);
    expect((await post(API.auth.login, { email: person.email, password: person.password })).statusCode).toBe(
      400,
    );
    expect((await post(API.auth.login, { email: person.email, password: newPassword })).statusCode).toBe(200);
  });

  it('applies the settings rule with its messages under newPassword, and the mismatch under confirmPassword', async () => {
    const person = await signedInUser(t);
    const cases: [string, string][] = [
      ['abc1', SETTINGS_MESSAGES.passwordLength],
      ['abcdefgh', 'Пароль должен содержать хотя бы одну цифру'],
      ['12345678', 'Пароль должен содержать хотя бы одну букву'],
      [
        '',
        [
          SETTINGS_MESSAGES.passwordLength,
          SETTINGS_MESSAGES.passwordDigit,
          SETTINGS_MESSAGES.passwordLetter,
        ].join('. '),
      ],
      [`a1${'x'.repeat(127)}`, 'Пароль должен быть не длиннее 128 символов'],
    ];
    expect(SETTINGS_MESSAGES.passwordLength).toBe('Пароль должен содержать не менее 8 символов');
    for (const [password, message] of cases) {
      const response = await post(
        API.auth.passwordReset,
        { email: person.email, new_password: password, confirm_password: password, otp: '123456' },
        person.cookie,
      );
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({ newPassword: [message] });
    }
    const mismatch = await change(person, 'abcdefg1', 'abcdefg2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ confirmPassword: ['Пароли не совпадают'] });
    // The refused attempt used up nothing: the same code still changes the password.
    const retry = await post(
      API.auth.passwordReset,
      {
        email: person.email,
        new_password: 'abcdefg1',
        confirm_password: 'abcdefg1',
        otp: t.mailer.lastCode(person.email),
      },
      person.cookie,
    );
    expect(retry.statusCode).toBe(200);
  });

  it("refuses another account's email on both calls, before a code is mailed or used", async () => {
    const person = await signedInUser(t);
    const victim = await signedInUser(t);
    const mailsBefore = t.mailer.countTo(victim.email);
    const request = await post(API.auth.requestPasswordReset, { email: victim.email }, person.cookie);
    expect(request.statusCode).toBe(400);
    expect(request.json()).toEqual({ detail: 'Укажите email своего аккаунта' });
    expect(t.mailer.countTo(victim.email)).toBe(mailsBefore);

    // The victim asked for a code themselves; the other user cannot spend it through their session.
    expect((await post(API.auth.requestPasswordReset, { email: victim.email })).statusCode).toBe(200);
    const code = t.mailer.lastCode(victim.email);
    const reset = await post(
      API.auth.passwordReset,
      { email: victim.email, new_password: 'abcdefg1', confirm_password: 'abcdefg1', otp: code },
      person.cookie,
    );
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ detail: SETTINGS_MESSAGES.emailNotOwn });
    expect(await signedIn(victim.cookie)).toBe(true);
    expect((await post(API.auth.login, { email: victim.email, password: victim.password })).statusCode).toBe(
      200,
    );
  });

  it('needs the mailed code: a session alone does not change the password', async () => {
    const person = await signedInUser(t);
    const noCode = await post(
      API.auth.passwordReset,
      { email: person.email, new_password: 'abcdefg1', confirm_password: 'abcdefg1' },
      person.cookie,
    );
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ otp: ['Обязательное поле'] });
    const short = await post(
      API.auth.passwordReset,
      { email: person.email, new_password: 'abcdefg1', confirm_password: 'abcdefg1', otp: '12345' },
      person.cookie,
    );
    expect(short.json()).toEqual({ otp: [AUTH_MESSAGES.otpIncomplete] });
    const wrongCode = await post(
      API.auth.passwordReset,
      { email: person.email, new_password: 'abcdefg1', confirm_password: 'abcdefg1', otp: '000000' },
      person.cookie,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(Object.keys(wrongCode.json())).toEqual(['otp']);
    expect((await post(API.auth.login, { email: person.email, password: person.password })).statusCode).toBe(
      200,
    );
  });
});

describe('password reset signed out (unchanged)', () => {
  it('keeps the sign-up rule and ends every session, also when the cookie sent is no longer live', async () => {
    const person = await signedInUser(t);
    const otherDevice = await signIn(t, person.email, person.password);
    expect((await post(API.auth.requestPasswordReset, { email: person.email })).statusCode).toBe(200);
    const code = t.mailer.lastCode(person.email);
    const weak = await post(API.auth.passwordReset, {
      email: person.email,
      new_password: 'simple12',
      confirm_password: 'simple12',
      otp: code,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ newPassword: [passwordError('simple12')] });

    const ended = await signIn(t, person.email, person.password);
    await post(API.auth.logout, undefined, ended);
    const strong = 'N3w!Password';
    const reset = await post(
      API.auth.passwordReset,
      { email: person.email, new_password: strong, confirm_password: strong, otp: code },
      ended,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: SETTINGS_MESSAGES.passwordChanged });
    expect(await signedIn(person.cookie)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
  });
});
