import { z } from 'zod';
import '../zod-messages.ts';
import { AUTH_MESSAGES } from '../auth/field-messages.ts';
import {
  avatarFileError,
  SETTINGS_MESSAGES,
  settingsPasswordErrors,
  USERNAME_MAX,
  USERNAME_MIN,
} from './messages.ts';

/** GET api/account/user_info/ (spec §3 User info); avatar is a URL path the page puts in <img>. */
export const userInfoResponse = z.object({
  username: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
  is_lead: z.boolean(),
  notification_payments: z.boolean(),
  notification_account: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoResponse>;

/** POST /account/user/change-username/ {username}: 3-20 characters after trimming. */
export const changeUsernameRequest = z.object({
  username: z
    .string()
    .trim()
    .min(USERNAME_MIN, SETTINGS_MESSAGES.usernameLength)
    .max(USERNAME_MAX, SETTINGS_MESSAGES.usernameLength),
});
export type ChangeUsernameRequest = z.infer<typeof changeUsernameRequest>;
export const changeUsernameResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  username: z.string(),
});
export type ChangeUsernameResponse = z.infer<typeof changeUsernameResponse>;

/** The picked file as the avatar form holds it (a browser File; only its type and size are checked here). */
export interface AvatarFile {
  name: string;
  type: string;
  size: number;
}

/** The avatar form: one JPEG or PNG file of at most 5 MB (spec §5 Settings). */
export const avatarForm = z.object({
  avatar: z
    .custom<AvatarFile | null>(
      (value) => value === null || (typeof value === 'object' && 'size' in value && 'type' in value),
    )
    .superRefine((file, ctx) => {
      const error = file ? avatarFileError(file) : SETTINGS_MESSAGES.avatarRequired;
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
});
export type AvatarFormValues = z.input<typeof avatarForm>;

/** POST /account/user/change-avatar/ (multipart field `avatar`). */
export const changeAvatarResponse = z.object({ status: z.literal('success'), avatar_url: z.string() });
export type ChangeAvatarResponse = z.infer<typeof changeAvatarResponse>;

/**
 * PUT /api/account/change_notify_settings/: one switch per call, `notification_paymets` spelt as spec §7
 * writes it, or `notification_account`.
 */
export const notifySettingsRequest = z.union([
  z.object({ notification_paymets: z.boolean() }).strict(),
  z.object({ notification_account: z.boolean() }).strict(),
]);
export type NotifySettingsRequest = z.infer<typeof notifySettingsRequest>;
export const notifySettingsResponse = z.object({
  status: z.string(),
  message: z.string(),
  notification_payments: z.boolean(),
  notification_account: z.boolean(),
});
export type NotifySettingsResponse = z.infer<typeof notifySettingsResponse>;

const settingsPassword = z.string().superRefine((value, ctx) => {
  const errors = settingsPasswordErrors(value);
  if (errors.length) ctx.addIssue({ code: 'custom', message: errors.join('. ') });
});

/**
 * The Settings password form (spec §5 Settings): at least 8 characters with a digit and a letter, and the
 * confirmation must match ('Пароли не совпадают'). The code is asked for afterwards, in the dialog.
 */
export const settingsPasswordForm = z
  .object({ new_password: settingsPassword, confirm_password: z.string() })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: AUTH_MESSAGES.passwordsMismatch });
    }
  });
export type SettingsPasswordForm = z.infer<typeof settingsPasswordForm>;

/** A Telegram id as the server sends it back: a number, or a string for ids beyond 2^53. */
const telegramId = z.union([z.number().int(), z.string()]);

/** GET /api/account/get_tg_key/; bot_username and deep_link are null while no bot is configured. */
export const telegramKeyResponse = z.object({
  connection_key: z.string(),
  bot_username: z.string().nullable(),
  deep_link: z.string().nullable(),
});
export type TelegramKey = z.infer<typeof telegramKeyResponse>;

/** POST /api/account/refresh/tg_key/: a new key, every linked account disconnected. */
export const telegramRefreshKeyResponse = z.object({ connection_key: z.string(), message: z.string() });
export type TelegramRefreshKeyResponse = z.infer<typeof telegramRefreshKeyResponse>;

/** A linked Telegram account (spec §3); auth_date is an ISO date-time. */
export const telegramAccountSchema = z.object({
  id: z.union([z.string(), z.number()]),
  telegram_id: telegramId,
  telegram_name: z.string().nullable(),
  auth_date: z.string(),
});
export type TelegramAccount = z.infer<typeof telegramAccountSchema>;

/** GET /api/account/tg_action/. */
export const telegramAccountsResponse = z.object({
  accounts: z.array(telegramAccountSchema),
  message: z.string().optional(),
});
export type TelegramAccountsResponse = z.infer<typeof telegramAccountsResponse>;

/** PUT /api/account/tg_action/ {telegram_id}: disconnects one account; never the last one (400 {detail}). */
export const telegramDisconnectRequest = z.object({ telegram_id: telegramId });
export type TelegramDisconnectRequest = z.infer<typeof telegramDisconnectRequest>;
