// Zod-free: the settings page's texts, shared by the web app and the server's refusals.
import { AUTH_MESSAGES } from '../auth/field-messages.ts';
import { WALLET_MESSAGES } from '../wallet/messages.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Spec §9 Avatar limit. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Spec §5 Settings: JPEG or PNG. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** Spec §5 Settings: the settings password rule is at least 8 characters (the auth rule is 8-30). */
export const SETTINGS_PASSWORD_MIN = 8;

/**
 * Texts of Settings (spec §2, §5 Settings, §8 Settings and referrals). The success texts are the spec's own;
 * the rest are Russian because the spec does not fix them.
 */
export const SETTINGS_MESSAGES = {
  success: 'Операция успешно выполнена',
  passwordChanged: 'Пароль успешно изменен',
  keyRefreshed: 'Ключ успешно обновлен! Все аккаунты отключены.',
  deleted: WALLET_MESSAGES.deleted,
  lastAccount: 'Невозможно отключить последний аккаунт',
  passwordsMismatch: AUTH_MESSAGES.passwordsMismatch,
  passwordMin: `Пароль должен содержать не менее ${SETTINGS_PASSWORD_MIN} символов`,
  passwordDigit: AUTH_MESSAGES.passwordDigit,
  passwordLetter: 'Пароль должен содержать хотя бы одну букву',
  usernameLength: `Имя пользователя должно содержать от ${USERNAME_MIN} до ${USERNAME_MAX} символов`,
  avatarRequired: 'Выберите изображение',
  avatarType: 'Аватар должен быть изображением JPEG или PNG',
  avatarSize: 'Размер аватара не должен превышать 5 МБ',
  userInfoLoadFailed: 'Не удалось загрузить данные профиля',
  walletLoadFailed: 'Не удалось загрузить данные кошелька',
  telegramLoadFailed: 'Не удалось загрузить аккаунты Telegram',
  keyLoadFailed: 'Не удалось загрузить ключ подключения Telegram',
  walletAddForbidden: 'Нет прав на добавление кошелька в белый список',
  walletDeleteForbidden: 'Нет прав на удаление кошелька из белого списка',
  walletChangeForbidden: 'Нет прав на изменение настроек белого списка',
} as const;

/** The client-side avatar check (the server checks the content again): null when the file may be sent. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return SETTINGS_MESSAGES.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return SETTINGS_MESSAGES.avatarSize;
  return null;
}

/** Every failed settings-password rule's message (spec §5 Settings: 8+, a digit, a letter), in order. */
export function settingsPasswordErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < SETTINGS_PASSWORD_MIN) errors.push(SETTINGS_MESSAGES.passwordMin);
  if (!/\d/.test(password)) errors.push(SETTINGS_MESSAGES.passwordDigit);
  if (!/\p{L}/u.test(password)) errors.push(SETTINGS_MESSAGES.passwordLetter);
  return errors;
}
