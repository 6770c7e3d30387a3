import { API } from '@app/shared/api-paths';
import type { DashboardResponse } from '@app/shared/wallet/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';

/** Query keys of the home dashboard. Invalidate `all` after money moves so the balances refresh. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
};

/** GET /api/account/dashboard/: profile with balances, last transactions and terminals. */
export function fetchDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiClient.get<DashboardResponse>(API.dashboard, { signal });
}

/** The dashboard query (the router may have started it already, see app/signed-in-prefetch.ts). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
}
