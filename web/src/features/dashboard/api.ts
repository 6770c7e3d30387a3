import { API } from '@app/shared/api-paths';
import type { ChartRange, ChartResponse, DashboardResponse } from '@app/shared/wallet/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { dashboardKeys } from '../../api/query-keys.ts';

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

/** GET get-data-grafic (spec §7): the deals per bucket of a range, bucketed in the user's time zone. */
export function fetchDashboardChart(
  range: ChartRange,
  tz: string,
  signal?: AbortSignal,
): Promise<ChartResponse> {
  return apiClient.get<ChartResponse>(API.dashboardChart, { query: { range, tz }, signal });
}

/** The Transaction Summary query of one range; a failure is the caller's empty chart. */
export function useDashboardChart(range: ChartRange, tz: string) {
  return useQuery({
    queryKey: [...dashboardKeys.all, 'chart', range, tz] as const,
    queryFn: ({ signal }) => fetchDashboardChart(range, tz, signal),
  });
}
