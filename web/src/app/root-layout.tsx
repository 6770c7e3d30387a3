import { Outlet, ScrollRestoration } from 'react-router';
import { useBootShellRemoval } from './boot-shell.ts';
import { useLeadCheckOnNavigation } from './lead-check.ts';
import { useSessionEndedNoticeExpiry } from './session-ended-expiry.ts';

/**
 * Wraps every route: the lead check on load and on back/forward, scroll restoration, the end of the home
 * page's first paint once a route renders, and the ended-session notice's end when the user leaves /welcome.
 */
export function RootLayout() {
  useBootShellRemoval();
  useLeadCheckOnNavigation();
  useSessionEndedNoticeExpiry();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
