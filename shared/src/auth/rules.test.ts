import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './field-messages.ts';
import {
  emailError,
  loginVerifyRequest,
  otpError,
  passwordError,
  passwordErrors,
  passwordResetRequest,
  passwordStrength,
  registerRequest,
} from './rules.ts';

describe('email rule', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x_y-z@domain.ru'])('accepts %s', (email) => {
    expect(emailError(email)).toBeNull();
  });
  it.each(['', 'plain', 'a@b', 'a@b.c', '@b.co', 'a b@c.co', 'a@b.c0'])(
    'refuses %j with the spec message',
    (email) => {
      expect(emailError(email)).toBe('Неверный формат email');
    },
  );
});

describe('password rule', () => {
  it('lists every failed requirement in order, joined by ". "', () => {
    expect(passwordErrors('')).toEqual([
      'Пароль должен быть от 8 до 30 символов',
      'Пароль должен содержать хотя бы одну заглавную букву',
      'Пароль должен содержать хотя бы одну строчную букву',
      'Пароль должен содержать хотя бы одну цифру',
      'Пароль должен содержать хотя бы один специальный символ (!@#$%^&*)',
    ]);
    expect(passwordError('abcdefgh')).toBe(
      [AUTH_MESSAGES.passwordUpper, AUTH_MESSAGES.passwordDigit, AUTH_MESSAGES.passwordSpecial].join('. '),
    );
  });
  it('bounds the length to 8-30', () => {
    expect(passwordError('Aa1!aaaa')).toBeNull();
    expect(passwordError('Aa1!aaa')).toBe(AUTH_MESSAGES.passwordLength);
    expect(passwordError(`Aa1!${'a'.repeat(26)}`)).toBeNull();
    expect(passwordError(`Aa1!${'a'.repeat(27)}`)).toBe(AUTH_MESSAGES.passwordLength);
  });
  it('counts only !@#$%^&* as special', () => {
    expect(passwordError('Aa1aaaa?')).toBe(AUTH_MESSAGES.passwordSpecial);
    expect(passwordError('Aa1aaaa&')).toBeNull();
  });
  it('labels strength by rules met: 0 Very weak, 1-2 Weak, 3-4 Medium, 5 Strong', () => {
    expect(passwordStrength('')).toEqual({ met: 0, label: 'very_weak' });
    expect(passwordStrength('a').label).toBe('weak');
    expect(passwordStrength('aA').label).toBe('weak');
    expect(passwordStrength('aA1').label).toBe('medium');
    expect(passwordStrength('aA1!').label).toBe('medium');
    expect(passwordStrength('aA1!aaaa')).toEqual({ met: 5, label: 'strong' });
  });
});

describe('request contracts', () => {
  it('register drops an empty referral code and refuses a malformed one', () => {
    expect(
      registerRequest.parse({ email: 'a@b.co', password: 'Aa1!aaaa', referral_code: '' }).referral_code,
    ).toBeUndefined();
    expect(
      registerRequest.safeParse({ email: 'a@b.co', password: 'Aa1!aaaa', referral_code: 'bad code' }).success,
    ).toBe(false);
  });
  it('login-verify needs a six-digit code', () => {
    const result = loginVerifyRequest.safeParse({ email: 'a@b.co', password: 'x', code_otp: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Введите полный 6-значный код');
    expect(otpError('123456')).toBeNull();
    expect(otpError('12345a')).toBe(AUTH_MESSAGES.otpIncomplete);
  });
  it('password reset refuses a confirmation that differs with the spec message', () => {
    const result = passwordResetRequest.safeParse({
      email: 'a@b.co',
      otp: '123456',
      new_password: 'Aa1!aaaa',
      confirm_password: 'Aa1!aaab',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirm_password'],
      message: 'Пароли не совпадают',
    });
  });
});
