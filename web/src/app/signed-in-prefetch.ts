import type { QueryClient } from '@tanstack/react-query';
import { authKeys, dashboardKeys } from '../api/query-keys.ts';
import { hasSessionHint } from '../api/session.ts';
import { type CheckAuthResponse, fetchCheckAuth } from '../features/auth/api.ts';
import { fetchDashboard } from '../features/dashboard/api.ts';

/** The session check into the cache, under the guard's key and with its options (never retried). */
function prefetchCheckAuth(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: authKeys.check,
    queryFn: ({ signal }) => fetchCheckAuth(signal),
    retry: false,
    staleTime: 30_000,
  });
}

function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
}

/**
 * Starts the signed-in layout's session check and, on the home page, the dashboard request while the
 * route chunks still load, instead of one after the other once they render. The dashboard is asked for
 * only once the session is known good (or the browser holds a session hint), so an anonymous visit makes
 * no request the guard would not make anyway.
 */
export async function prefetchSignedIn(queryClient: QueryClient, withDashboard: boolean): Promise<void> {
  const check = prefetchCheckAuth(queryClient);
  if (!withDashboard) return check;
  // The dashboard is the trader's home (issue 25): a merchant's or support's home asks for its own data.
  const role = () => queryClient.getQueryData<CheckAuthResponse>(authKeys.check)?.user.role;
  const known = role();
  if (known !== undefined && known !== 'trader') return check;
  // Unknown role with a session hint: asked in parallel as before (the dashboard answers every role).
  if (known === 'trader' || (known === undefined && hasSessionHint())) {
    await Promise.all([check, prefetchDashboard(queryClient)]);
    return;
  }
  await check;
  if (queryClient.getQueryState(authKeys.check)?.status === 'success' && role() === 'trader') {
    await prefetchDashboard(queryClient);
  }
}
