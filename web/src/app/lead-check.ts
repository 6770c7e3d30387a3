import { useEffect } from 'react';
import { refreshLeadStatus } from '../features/auth/api.ts';

/** Spec §4: the lead check skips the public landing and the public /c2c/ pages. */
export function isLeadCheckExempt(pathname: string): boolean {
  return pathname === '/welcome' || pathname.startsWith('/welcome/') || pathname.startsWith('/c2c/');
}

/** Runs the lead check once on app load and again on every browser back/forward (popstate). */
export function useLeadCheckOnNavigation(): void {
  useEffect(() => {
    const check = () => {
      if (!isLeadCheckExempt(window.location.pathname)) void refreshLeadStatus();
    };
    check();
    window.addEventListener('popstate', check);
    return () => window.removeEventListener('popstate', check);
  }, []);
}
