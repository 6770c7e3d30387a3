import { API } from '@app/shared/api-paths';
import type { SupportQueueResponse } from '@app/shared/homes/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { supportHomeKeys } from '../../api/query-keys.ts';

/** GET the open-dispute queue (support only: the router renders this home for support alone). */
export function useSupportQueue() {
  return useQuery({
    queryKey: supportHomeKeys.all,
    queryFn: ({ signal }) => apiClient.get<SupportQueueResponse>(API.supportHome.queue, { signal }),
    refetchInterval: 30_000,
  });
}
