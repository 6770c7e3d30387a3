// Zod-free on purpose: the web app's first screens import these without loading zod.

/** Exact field messages of spec §5 Authentication fields. */
export const AUTH_MESSAGES = {
  emailFormat: 'Неверный формат email',
  passwordLength: 'Пароль должен быть от 8 до 30 символов',
  passwordUpper: 'Пароль должен содержать хотя бы одну заглавную букву',
  passwordLower: 'Пароль должен содержать хотя бы одну строчную букву',
  passwordDigit: 'Пароль должен содержать хотя бы одну цифру',
  passwordSpecial: 'Пароль должен содержать хотя бы один специальный символ (!@#$%^&*)',
  passwordsMismatch: 'Пароли не совпадают',
  otpIncomplete: 'Введите полный 6-значный код',
  passwordHint: 'Пароль должен соответствовать всем требованиям, чтобы продолжить',
} as const;

/**
 * Field keys the web form shows errors under (spec §8). The server answers with these keys,
 * mapping its body names (code_otp, new_password, confirm_password) onto them.
 */
export const AUTH_ERROR_FIELDS = ['email', 'password', 'newPassword', 'confirmPassword', 'otp'] as const;
export type AuthErrorField = (typeof AUTH_ERROR_FIELDS)[number];
export const AUTH_BODY_FIELD_TO_ERROR_FIELD: Record<string, AuthErrorField> = {
  email: 'email',
  password: 'password',
  new_password: 'newPassword',
  confirm_password: 'confirmPassword',
  otp: 'otp',
  code_otp: 'otp',
};
