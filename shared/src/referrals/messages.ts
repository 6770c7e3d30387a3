// Zod-free: the referrals page and the server read these without loading zod.

/** Spec §4 Referral statuses and the Referrals page's words (spec §8 Settings and referrals). */
export const REFERRAL_MESSAGES = {
  pending: 'Ожидает',
  activated: 'Активирован',
  noPermission: 'У вас нет прав для этого действия',
  loadFailed: 'Не удалось загрузить рефералов',
  createFailed: 'Не удалось создать реферальный код',
  created: 'Реферальный код создан, приглашение отправлено на почту',
  copyFailed: 'Не удалось скопировать',
  copied: 'Скопировано',
  openCodeExists: 'Для этого email уже есть неиспользованный код',
  /** Register step 1 with a code that does not exist, is used, or belongs to another email (one message, no hints). */
  invalidCode: 'Реферальный код недействителен для этого email',
} as const;

/**
 * Referral codes (issue 14): uppercase letters and digits without the look-alikes 0/O and 1/I/L, drawn from a
 * CSPRNG by the server. Sign-up accepts the spec's wider pattern (letters, digits, - and _) and compares
 * case-insensitively.
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 10;

/** The sign-up link a code is shared with: PUBLIC_URL/welcome?ref=<code> opens the register form with it. */
export const REFERRAL_LINK_PARAM = 'ref';
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/welcome?${REFERRAL_LINK_PARAM}=${encodeURIComponent(code)}`;
}
