import { Outlet, ScrollRestoration } from 'react-router';
import { useLeadCheckOnNavigation } from './lead-check.ts';

/** Wraps every route: the lead check on load and on back/forward, and scroll restoration. */
export function RootLayout() {
  useLeadCheckOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
