// Zod-free on purpose: the Settings page can show these texts and check its fields without loading zod.
import { AUTH_MESSAGES } from '../auth/field-messages.ts';
import { WALLET_MESSAGES } from '../wallet/messages.ts';

/**
 * Texts of spec §7 Settings (Profile, Notification, password change). The successes and the mismatch are
 * the spec's exact words (§8 Settings); the refusals it does not fix are ours, in Russian.
 */
export const SETTINGS_MESSAGES = {
  success: 'Операция успешно выполнена',
  passwordChanged: 'Пароль успешно изменен',
  passwordsMismatch: AUTH_MESSAGES.passwordsMismatch,
  passwordLength: 'Пароль должен содержать не менее 8 символов',
  passwordTooLong: 'Пароль должен быть не длиннее 128 символов',
  passwordLetter: 'Пароль должен содержать хотя бы одну букву',
  passwordDigit: AUTH_MESSAGES.passwordDigit,
  /** A signed-in caller named another account's email in the password change. */
  emailNotOwn: 'Укажите email своего аккаунта',
  usernameLength: 'Имя пользователя должно быть от 3 до 20 символов',
  usernameCharacters: 'Имя пользователя может содержать только буквы, цифры, точку, дефис и подчёркивание',
  usernameTaken: 'Это имя пользователя уже занято',
  avatarRequired: 'Выберите изображение',
  avatarTooLarge: 'Размер изображения не должен превышать 5 МБ',
  avatarType: 'Изображение должно быть в формате JPEG или PNG',
  avatarUnreadable: 'Не удалось прочитать изображение. Выберите другой файл.',
  notifyOneSetting: 'Укажите одну настройку уведомлений: включить или выключить',
  keyRefreshed: 'Ключ успешно обновлен! Все аккаунты отключены.',
  deleted: WALLET_MESSAGES.deleted,
  lastAccount: 'Невозможно отключить последний аккаунт',
  userInfoLoadFailed: 'Не удалось загрузить данные профиля',
  walletLoadFailed: 'Не удалось загрузить данные кошелька',
  telegramLoadFailed: 'Не удалось загрузить аккаунты Telegram',
  keyLoadFailed: 'Не удалось загрузить ключ подключения Telegram',
  walletAddForbidden: 'Нет прав на добавление кошелька в белый список',
  walletDeleteForbidden: 'Нет прав на удаление кошелька из белого списка',
  walletChangeForbidden: 'Нет прав на изменение настроек белого списка',
} as const;

/** Spec §5 Settings: a username has 3-20 characters. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Letters and digits of any script, plus . _ - (no spaces, no invisible or control characters). */
const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/** The username rule on the trimmed value; returns a message or null. */
export function usernameError(username: string): string | null {
  const value = username.trim();
  const length = [...value].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return SETTINGS_MESSAGES.usernameLength;
  if (!USERNAME_PATTERN.test(value)) return SETTINGS_MESSAGES.usernameCharacters;
  return null;
}

/** Spec §5 Settings password: at least 8 characters, a digit and a letter. */
export const SETTINGS_PASSWORD_MIN = 8;
/** Our bound, so a password cannot make the hashing arbitrarily slow. */
export const SETTINGS_PASSWORD_MAX = 128;

/** Every failed requirement of the settings password rule, in order. */
export function settingsPasswordErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < SETTINGS_PASSWORD_MIN) errors.push(SETTINGS_MESSAGES.passwordLength);
  if (password.length > SETTINGS_PASSWORD_MAX) errors.push(SETTINGS_MESSAGES.passwordTooLong);
  if (!/\d/.test(password)) errors.push(SETTINGS_MESSAGES.passwordDigit);
  if (!/\p{L}/u.test(password)) errors.push(SETTINGS_MESSAGES.passwordLetter);
  return errors;
}

/** The settings password field error: failed messages joined by '. ' (as the auth rule does), or null. */
export function settingsPasswordError(password: string): string | null {
  const errors = settingsPasswordErrors(password);
  return errors.length ? errors.join('. ') : null;
}

/** Spec §5 Settings: an avatar is at most 5 MB (5 MiB), JPEG or PNG. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The stored avatar is a square JPEG thumbnail of this side. */
export const AVATAR_SIZE_PX = 256;

/** Spec §5 Settings: JPEG or PNG (the browser's declared type; the server checks the content again). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** The client-side avatar check: null when the file may be sent. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return SETTINGS_MESSAGES.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return SETTINGS_MESSAGES.avatarTooLarge;
  return null;
}
