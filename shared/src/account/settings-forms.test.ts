import { describe, expect, it } from 'vitest';
import { whitelistAddForm } from '../wallet/contracts.ts';
import { WALLET_MESSAGES } from '../wallet/messages.ts';
import {
  avatarForm,
  changeUsernameRequest,
  notifySettingsRequest,
  settingsPasswordForm,
} from './contracts.ts';
import { AVATAR_MAX_BYTES, avatarFileError, SETTINGS_MESSAGES } from './messages.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('settings contracts', () => {
  it('takes a username of 3 to 20 characters after trimming', () => {
    expect(changeUsernameRequest.parse({ username: '  ann  ' })).toEqual({ username: 'ann' });
    expect(messages(changeUsernameRequest.safeParse({ username: 'ab' }))).toEqual([
      SETTINGS_MESSAGES.usernameLength,
    ]);
    expect(messages(changeUsernameRequest.safeParse({ username: 'a'.repeat(21) }))).toEqual([
      SETTINGS_MESSAGES.usernameLength,
    ]);
  });

  it('takes a JPEG or PNG avatar of at most 5 MB', () => {
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileError({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(avatarFileError({ type: 'image/gif', size: 1 })).toBe(SETTINGS_MESSAGES.avatarType);
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      SETTINGS_MESSAGES.avatarTooLarge,
    );
    expect(messages(avatarForm.safeParse({ avatar: null }))).toEqual([SETTINGS_MESSAGES.avatarRequired]);
  });

  it('applies the settings password rule and the matching confirmation', () => {
    expect(
      settingsPasswordForm.safeParse({ new_password: 'abcdefg1', confirm_password: 'abcdefg1' }).success,
    ).toBe(true);
    expect(
      messages(settingsPasswordForm.safeParse({ new_password: 'abc', confirm_password: 'abc' })),
    ).toEqual([[SETTINGS_MESSAGES.passwordLength, SETTINGS_MESSAGES.passwordDigit].join('. ')]);
    expect(
      messages(settingsPasswordForm.safeParse({ new_password: 'abcdefg1', confirm_password: 'abcdefg2' })),
    ).toEqual(['Пароли не совпадают']);
  });

  it('takes one notification switch per call, the payments one spelt notification_paymets', () => {
    expect(notifySettingsRequest.safeParse({ notification_paymets: true }).success).toBe(true);
    expect(notifySettingsRequest.safeParse({ notification_account: false }).success).toBe(true);
    expect(notifySettingsRequest.safeParse({ notification_payments: true }).success).toBe(false);
    expect(notifySettingsRequest.safeParse({}).success).toBe(false);
  });

  it('requires a whitelist address and checks its checksum', () => {
    expect(messages(whitelistAddForm.safeParse({ wallet: ' ' }))).toEqual([
      WALLET_MESSAGES.whitelistAddressRequired,
    ]);
    expect(messages(whitelistAddForm.safeParse({ wallet: 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZL' }))).toEqual([
      WALLET_MESSAGES.invalidAddress,
    ]);
    expect(whitelistAddForm.parse({ wallet: ' TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK ' })).toEqual({
      wallet: 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
    });
  });
});
