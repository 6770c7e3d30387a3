import { useEffect } from 'react';
import { hasSessionHint } from '../api/session.ts';

/** The check itself lives with the auth calls, loaded only when a check runs (public pages never need it). */
async function runLeadCheck(): Promise<void> {
  const { refreshLeadStatus } = await import('../features/auth/api.ts');
  await refreshLeadStatus();
}

/** Public pages where the lead check never runs: spec §4's /welcome and /c2c/, plus /about, /services, /contact. */
const EXEMPT_PAGES = ['/welcome', '/about', '/services', '/contact'];

/** Spec §4: the lead check skips the public landing and the public /c2c/ pages (and our other public pages). */
export function isLeadCheckExempt(pathname: string): boolean {
  return (
    pathname.startsWith('/c2c/') ||
    EXEMPT_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))
  );
}

/** Runs the lead check on app load and again on every browser back/forward (popstate), when it applies. */
export function useLeadCheckOnNavigation(): void {
  useEffect(() => {
    const check = () => {
      if (!isLeadCheckExempt(window.location.pathname) && hasSessionHint()) void runLeadCheck();
    };
    check();
    window.addEventListener('popstate', check);
    return () => window.removeEventListener('popstate', check);
  }, []);
}
