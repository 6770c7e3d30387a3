import { describe, expect, it } from 'vitest';
import { notifySettingsRequest, settingsPasswordChangeRequest } from './contracts.ts';
import { SETTINGS_MESSAGES, settingsPasswordError, usernameError } from './messages.ts';

describe('username rule (spec §5 Settings: 3-20 characters)', () => {
  it('counts characters, not bytes, on the trimmed value', () => {
    expect(usernameError('abc')).toBeNull();
    expect(usernameError(' ab ')).toBe(SETTINGS_MESSAGES.usernameLength);
    expect(usernameError('Ж'.repeat(20))).toBeNull();
    expect(usernameError('Ж'.repeat(21))).toBe(SETTINGS_MESSAGES.usernameLength);
  });
  it('allows letters, digits, dot, hyphen and underscore only', () => {
    expect(usernameError('ivan.petrov_1-2')).toBeNull();
    expect(usernameError('two words')).toBe(SETTINGS_MESSAGES.usernameCharacters);
    expect(usernameError('tab\there')).toBe(SETTINGS_MESSAGES.usernameCharacters);
  });
});

describe('settings password rule (spec §5 Settings)', () => {
  it('needs 8 characters, a digit and a letter, each failure named, joined by ". "', () => {
    expect(settingsPasswordError('abcdefg1')).toBeNull();
    expect(settingsPasswordError('пароль12')).toBeNull();
    expect(settingsPasswordError('abc1')).toBe(SETTINGS_MESSAGES.passwordLength);
    expect(settingsPasswordError('abcdefgh')).toBe(SETTINGS_MESSAGES.passwordDigit);
    expect(settingsPasswordError('12345678')).toBe(SETTINGS_MESSAGES.passwordLetter);
    expect(settingsPasswordError('1')).toBe(
      [SETTINGS_MESSAGES.passwordLength, SETTINGS_MESSAGES.passwordLetter].join('. '),
    );
  });
  it('refuses a confirmation that differs with the spec message', () => {
    const result = settingsPasswordChangeRequest.safeParse({
      email: 'a@b.co',
      otp: '123456',
      new_password: 'abcdefg1',
      confirm_password: 'abcdefg2',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: 'Пароли не совпадают' }),
    ]);
  });
});

describe('notification settings body', () => {
  it('takes exactly one switch, spelt as spec §7 writes it', () => {
    expect(notifySettingsRequest.parse({ notification_paymets: false })).toEqual({
      notification_paymets: false,
    });
    expect(notifySettingsRequest.parse({ notification_account: true })).toEqual({
      notification_account: true,
    });
    expect(notifySettingsRequest.safeParse({ notification_payments: true }).success).toBe(false);
    expect(
      notifySettingsRequest.safeParse({ notification_paymets: true, notification_account: true }).success,
    ).toBe(false);
  });
});
