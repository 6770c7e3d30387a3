import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { WELCOME_PATH } from '../api/client.ts';
import { endSession, useCheckAuth } from '../features/auth/api.ts';
import { AuthUserContext } from '../features/auth/auth-user-context.tsx';
import { FullPageLoader } from '../ui/index.ts';

/**
 * Spec §2 auth guard: every guarded route checks the session (GET check_user_auth, 5 s timeout).
 * 200 renders the page; anything else clears storage, logs out and goes to /welcome.
 * The first check shows a full-page loader, unless the server put its answer into the page (session-boot.ts);
 * later navigations re-check in the background.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const check = useCheckAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const firstPath = useRef(pathname);
  const { refetch, isError } = check;

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const leaving = useRef(false);
  useEffect(() => {
    if (!isError || leaving.current) return;
    leaving.current = true;
    // Not cancelled on unmount: once the check failed, the browser must end up on /welcome regardless.
    void endSession().then(() => navigate(WELCOME_PATH, { replace: true }));
  }, [isError, navigate]);

  if (isError || !check.data) return <FullPageLoader label={isError ? 'Выход…' : 'Проверяем сессию…'} />;
  return <AuthUserContext value={check.data.user}>{children}</AuthUserContext>;
}
