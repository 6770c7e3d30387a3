import { z } from 'zod';
import '../zod-messages.ts';
import { emailError, otpError } from '../auth/rules.ts';
import { avatarFileError, SETTINGS_MESSAGES, settingsPasswordError, usernameError } from './messages.ts';

/** GET api/account/user_info/ (spec §3 User info). avatar is the image's URL path under the API prefix. */
export const userInfoResponse = z.object({
  username: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
  is_lead: z.boolean(),
  notification_payments: z.boolean(),
  notification_account: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoResponse>;

/** POST /account/user/change-username/ {username}. */
export const changeUsernameRequest = z.object({
  username: z
    .string({ error: SETTINGS_MESSAGES.usernameLength })
    .trim()
    .superRefine((value, ctx) => {
      const error = usernameError(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
});
export type ChangeUsernameRequest = z.infer<typeof changeUsernameRequest>;
export const changeUsernameResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  username: z.string(),
});
export type ChangeUsernameResponse = z.infer<typeof changeUsernameResponse>;

/** POST /account/user/change-avatar/ (multipart field `avatar`): the stored thumbnail's URL path. */
export const changeAvatarResponse = z.object({ status: z.literal('success'), avatar_url: z.string() });
export type ChangeAvatarResponse = z.infer<typeof changeAvatarResponse>;

/**
 * PUT /api/account/change_notify_settings/: exactly one of the two switches per request, as the Settings page
 * sends them. `notification_paymets` is spelt as spec §7 writes it; it sets notification_payments.
 */
export const notifySettingsRequest = z.union(
  [
    z.strictObject({ notification_paymets: z.boolean() }),
    z.strictObject({ notification_account: z.boolean() }),
  ],
  { error: SETTINGS_MESSAGES.notifyOneSetting },
);
export type NotifySettingsRequest = z.infer<typeof notifySettingsRequest>;
export const notifySettingsResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  notification_payments: z.boolean(),
  notification_account: z.boolean(),
});
export type NotifySettingsResponse = z.infer<typeof notifySettingsResponse>;

const emailField = z.string().superRefine((value, ctx) => {
  const error = emailError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
const otpField = z.string().superRefine((value, ctx) => {
  const error = otpError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** The new password under the settings rule (spec §5 Settings) and its confirmation. */
const settingsPasswordFields = {
  new_password: z.string().superRefine((value, ctx) => {
    const error = settingsPasswordError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  confirm_password: z.string(),
};

/** 'Пароли не совпадают' under the confirmation when the two differ. */
function confirmationMatches(
  value: { new_password: string; confirm_password: string },
  ctx: z.RefinementCtx,
): void {
  if (value.new_password !== value.confirm_password) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirm_password'],
      message: SETTINGS_MESSAGES.passwordsMismatch,
    });
  }
}

/**
 * POST /account/user/password-reset/ from a signed-in caller (spec §7 Settings password change): the settings
 * password rule (spec §5 Settings) instead of the sign-up rule; the otp is the code mailed by
 * request-password-reset (our addition: a session alone must not change the password).
 */
export const settingsPasswordChangeRequest = z
  .object({ email: emailField, otp: otpField, ...settingsPasswordFields })
  .superRefine(confirmationMatches);
export type SettingsPasswordChangeRequest = z.infer<typeof settingsPasswordChangeRequest>;

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

/**
 * The Settings password form (spec §5 Settings): the settings rule, and the confirmation must match
 * ('Пароли не совпадают'). The mailed code is asked for afterwards, in the confirmation dialog.
 */
export const settingsPasswordForm = z.object(settingsPasswordFields).superRefine(confirmationMatches);
export type SettingsPasswordForm = z.infer<typeof settingsPasswordForm>;
