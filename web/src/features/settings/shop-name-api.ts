import { API } from '@app/shared/api-paths';
import type { MerchantDisplayNameResponse } from '@app/shared/merchant/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';

const shopNameKey = ['merchant-settings', 'display-name'] as const;

/** GET display-name: the shop name the payer page shows (merchants only; the #api section is theirs). */
export function useShopName() {
  return useQuery({
    queryKey: shopNameKey,
    queryFn: ({ signal }) =>
      apiClient.get<MerchantDisplayNameResponse>(API.merchantSettings.displayName, { signal }),
  });
}

/** PUT display-name; an empty name clears it. */
export function useSaveShopName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { display_name: string }) =>
      apiClient.put<MerchantDisplayNameResponse>(API.merchantSettings.displayName, body),
    onSuccess: (answer) => queryClient.setQueryData(shopNameKey, answer),
  });
}
