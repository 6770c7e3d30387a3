import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { WELCOME_PATH } from '../api/client.ts';
import { clearSessionEndedNotice } from '../api/session.ts';

/**
 * The ended-session notice is owed until the user closes it, signs in or leaves /welcome. It is not cleared
 * when the notice mounts: two 401s can overlap (a background request and the guard's own check), each ending
 * on /welcome, and the second arrival must still say why the user is there.
 */
export function useSessionEndedNoticeExpiry(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== WELCOME_PATH) clearSessionEndedNotice();
  }, [pathname]);
}
