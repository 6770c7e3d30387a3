import {
  API,
  type BanksResponse,
  PAGE_SIZES,
  type PaymentCreateInput,
  type PaymentCreateResponse,
  type PaymentLimits,
  type PaymentListFilters,
  type PaymentListResponse,
  type PaymentMessageResponse,
  type PaymentUpdateInput,
  toPaymentListParams,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { paymentsKeys } from '../../api/query-keys.ts';

/** GET banks: the directory rarely changes, so it is kept for the whole visit. */
export function useBanks() {
  return useQuery({
    queryKey: paymentsKeys.banks,
    queryFn: async ({ signal }) =>
      (await apiClient.get<BanksResponse>(API.payments.banks, { signal })).results,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET list: one page (20 per page, spec §9) of the filtered methods; the previous page stays while loading. */
export function usePaymentList(filters: PaymentListFilters, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentsKeys.list(filters, page),
    queryFn: ({ signal }) => {
      // With the previous page at hand, its cursor lets the server read this page without OFFSET.
      const previous = queryClient.getQueryData<PaymentListResponse>(paymentsKeys.list(filters, page - 1));
      return apiClient.get<PaymentListResponse>(API.payments.list, {
        query: {
          ...toPaymentListParams(filters, page, PAGE_SIZES.payments),
          cursor: previous?.next_cursor ?? undefined,
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** POST create; refreshes the list on success. */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentCreateInput) =>
      apiClient.post<PaymentCreateResponse>(API.payments.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.lists }),
  });
}

/** PATCH update with one of the three bodies of spec §7; refreshes the list afterwards either way. */
export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentUpdateInput }) =>
      apiClient.patch<PaymentMessageResponse>(API.payments.update(id), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.lists }),
  });
}

/** GET limits of one method, only while its limits modal is open. */
export function usePaymentLimits(paymentId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentsKeys.limits(paymentId),
    queryFn: ({ signal }) =>
      apiClient.get<PaymentLimits>(API.payments.limits, { query: { payment_id: paymentId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** The limits as the form sends them: digit strings, empty for "no limit". */
export interface LimitsBody {
  payment_id: string;
  min_amount_for_deposit: string;
  max_amount_for_deposit: string;
}

/** POST limits; stores the saved values in the cache and refreshes the list. */
export function useSavePaymentLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitsBody) =>
      apiClient.post<PaymentLimits & { message: string }>(API.payments.limits, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentsKeys.limits(saved.payment_id), saved);
      return queryClient.invalidateQueries({ queryKey: paymentsKeys.lists });
    },
  });
}
