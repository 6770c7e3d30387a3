import { API } from '@app/shared/api-paths';
import type { MerchantHomeResponse } from '@app/shared/homes/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { merchantHomeKeys } from '../../api/query-keys.ts';

/** The browser's IANA zone, so "today" is the merchant's own day. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET api/v1/merchant/home/ (merchants only: the router renders this home for merchants alone). */
export function useMerchantHome() {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...merchantHomeKeys.all, tz] as const,
    queryFn: ({ signal }) =>
      apiClient.get<MerchantHomeResponse>(API.merchantSettings.home, { query: { tz }, signal }),
    refetchInterval: 30_000,
  });
}
