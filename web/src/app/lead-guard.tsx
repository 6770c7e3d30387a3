import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsLead } from '../api/lead-store.ts';

/** Spec §2 lead-only guard: non-leads are sent to /. Sits inside the auth guard, which refreshes the flag. */
export function LeadGuard({ children }: { children: ReactNode }) {
  const isLead = useIsLead();
  return isLead ? children : <Navigate to="/" replace />;
}
