import { USERNAME_FALLBACK } from '@app/shared/web-texts';

/** The name shown for a user: the username, or 'User' when there is none (spec §2). */
export function displayName(user: { username?: string | null } | null | undefined): string {
  const username = user?.username?.trim();
  return username ? username : USERNAME_FALLBACK;
}
