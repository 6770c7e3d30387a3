import { createContext, useContext } from 'react';
import type { AuthUser } from './api.ts';

/** The checked user, provided by the auth guard to everything inside the signed-in area. */
export const AuthUserContext = createContext<AuthUser | null>(null);

/** The signed-in user; only valid under the auth guard (throws elsewhere to catch misuse early). */
export function useAuthUser(): AuthUser {
  const user = useContext(AuthUserContext);
  if (!user) throw new Error('useAuthUser must be used inside the auth guard');
  return user;
}
