import { API } from '@app/shared/api-paths';
import type { SupportQueueResponse } from '@app/shared/homes/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';

export const supportHomeKeys = { all: ['support-home'] as const };

/** GET the open-dispute queue (support only: the router renders this home for support alone). */
export function useSupportQueue() {
  return useQuery({
    queryKey: supportHomeKeys.all,
    queryFn: ({ signal }) => apiClient.get<SupportQueueResponse>(API.supportHome.queue, { signal }),
    refetchInterval: 30_000,
  });
}
