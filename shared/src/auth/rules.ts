import { z } from 'zod';
import '../zod-messages.ts';
import { AUTH_MESSAGES } from './field-messages.ts';

/** Local part, @, domain, TLD of 2 or more letters. */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const SPECIAL_CHARACTERS = /[!@#$%^&*]/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

/** Canonical form of an email for lookups and uniqueness. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The email rule; returns the spec message or null. */
export function emailError(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) && email.length <= 254 ? null : AUTH_MESSAGES.emailFormat;
}

/** The five password requirements, each with its message, in the spec's order. */
export const PASSWORD_REQUIREMENTS = [
  {
    key: 'length',
    label: '8-30 символов',
    message: AUTH_MESSAGES.passwordLength,
    test: (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX,
  },
  {
    key: 'upper',
    label: 'Заглавная буква',
    message: AUTH_MESSAGES.passwordUpper,
    test: (p: string) => /[A-Z]/.test(p),
  },
  {
    key: 'lower',
    label: 'Строчная буква',
    message: AUTH_MESSAGES.passwordLower,
    test: (p: string) => /[a-z]/.test(p),
  },
  { key: 'digit', label: 'Цифра', message: AUTH_MESSAGES.passwordDigit, test: (p: string) => /\d/.test(p) },
  {
    key: 'special',
    label: 'Спецсимвол (!@#$%^&*)',
    message: AUTH_MESSAGES.passwordSpecial,
    test: (p: string) => SPECIAL_CHARACTERS.test(p),
  },
] as const;

/** Every failed password requirement's message, in order. */
export function passwordErrors(password: string): string[] {
  return PASSWORD_REQUIREMENTS.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** The password field error: failed messages joined by '. ', or null. */
export function passwordError(password: string): string | null {
  const errors = passwordErrors(password);
  return errors.length ? errors.join('. ') : null;
}

export type PasswordStrength = 'very_weak' | 'weak' | 'medium' | 'strong';

/** Strength level from the number of rules met: 0 very weak, 1-2 weak, 3-4 medium, 5 strong (words: web labels). */
export function passwordStrength(password: string): { met: number; label: PasswordStrength } {
  const met = PASSWORD_REQUIREMENTS.filter((rule) => rule.test(password)).length;
  const label: PasswordStrength =
    met === 0 ? 'very_weak' : met <= 2 ? 'weak' : met <= 4 ? 'medium' : 'strong';
  return { met, label };
}

const OTP_PATTERN = /^\d{6}$/;
/** The OTP rule: exactly six digits. */
export function otpError(otp: string): string | null {
  return OTP_PATTERN.test(otp) ? null : AUTH_MESSAGES.otpIncomplete;
}

const REFERRAL_PATTERN = /^[A-Za-z0-9_-]{0,64}$/;

export const emailField = z.string().superRefine((value, ctx) => {
  const error = emailError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
const strongPassword = z.string().superRefine((value, ctx) => {
  const error = passwordError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
const otpField = z.string().superRefine((value, ctx) => {
  const error = otpError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
/** Login takes whatever password was set; only its size is bounded. */
const anyPassword = z.string().min(1, AUTH_MESSAGES.passwordLength).max(128, AUTH_MESSAGES.passwordLength);

/** Request bodies of spec §7 Authentication. */
export const registerRequest = z.object({
  email: emailField,
  password: strongPassword,
  referral_code: z
    .string()
    .regex(REFERRAL_PATTERN, 'Неверный реферальный код')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export const verifyOtpRequest = z.object({ email: emailField, otp: otpField, password: strongPassword });
export const loginRequest = z.object({ email: emailField, password: anyPassword });
export const loginVerifyRequest = z.object({ email: emailField, code_otp: otpField, password: anyPassword });
export const requestPasswordResetRequest = z.object({ email: emailField });
export const passwordResetRequest = z
  .object({ email: emailField, otp: otpField, new_password: strongPassword, confirm_password: z.string() })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: AUTH_MESSAGES.passwordsMismatch });
    }
  });

export type RegisterRequest = z.infer<typeof registerRequest>;
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginVerifyRequest = z.infer<typeof loginVerifyRequest>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
