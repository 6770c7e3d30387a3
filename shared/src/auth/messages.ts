/**
 * Server refusals of the sign-in steps that the spec does not fix (Russian). An unknown email gets exactly
 * the same texts as a known one, so none of them reveals whether an account exists.
 */

/** Too many wrong passwords for one email: sign-in is refused, even with the right password, for a while. */
export function accountLockedText(minutes: number): string {
  const wait = Math.max(1, Math.ceil(minutes));
  return `Вход в аккаунт временно заблокирован из-за большого числа неверных попыток. Попробуйте через ${wait} мин.`;
}
