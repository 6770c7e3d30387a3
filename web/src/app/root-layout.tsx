import { Outlet, ScrollRestoration } from 'react-router';
import { useBootShellRemoval } from './boot-shell.ts';
import { useLeadCheckOnNavigation } from './lead-check.ts';

/**
 * Wraps every route: the lead check on load and on back/forward, scroll restoration, and the end of the home
 * page's first paint once a route renders.
 */
export function RootLayout() {
  useBootShellRemoval();
  useLeadCheckOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
