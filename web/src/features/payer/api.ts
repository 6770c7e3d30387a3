import { API } from '@app/shared/api-paths';
import type { PayerOrder } from '@app/shared/deals/contracts';
import { isOpenDealStatus } from '@app/shared/deals/lifecycle';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { payerKeys } from '../../api/query-keys.ts';

/** How often the page asks for the order while the payer waits (pending or verification). */
export const PAYER_POLL_MS = 5_000;
/**
 * A receipt is up to 10 MB from a phone on a mobile network: the client's usual 10 s would cut off an
 * honest upload, so the upload gets two minutes.
 */
export const RECEIPT_UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The order with the difference between the server's clock and this device's at the moment the answer
 * arrived: the countdown runs on server time, because a phone's clock can be minutes off.
 */
export interface PayerOrderView {
  order: PayerOrder;
  clockOffsetMs: number;
}

/** Pairs an answer with the server clock offset measured now. */
export function withClockOffset(order: PayerOrder): PayerOrderView {
  const serverNow = Date.parse(order.server_time);
  return { order, clockOffsetMs: Number.isNaN(serverNow) ? 0 : serverNow - Date.now() };
}

/**
 * GET c2c/{id}/: the order as the payer may see it. Asked again every 5 s while the payer still pays or
 * waits, and not at all once the order is final. TanStack Query skips the interval while the tab is
 * hidden and asks at once when it shows again, so a phone in a pocket does not poll.
 */
export function usePayerOrder(id: string) {
  return useQuery({
    queryKey: payerKeys.order(id),
    queryFn: async ({ signal }) =>
      withClockOffset(await apiClient.get<PayerOrder>(API.payer.order(id), { signal })),
    refetchInterval: (query) => {
      const status = query.state.data?.order.status;
      return status && isOpenDealStatus(status) ? PAYER_POLL_MS : false;
    },
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

function storeAnswer(queryClient: QueryClient, id: string, order: PayerOrder) {
  queryClient.setQueryData(payerKeys.order(id), withClockOffset(order));
}

/** POST c2c/{id}/paid/: the payer says the transfer is sent; the order moves to verification. */
export function useMarkPaid(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<PayerOrder>(API.payer.paid(id)),
    onSuccess: (order) => storeAnswer(queryClient, id, order),
    // A refusal (409: no longer pending) means the page shows an old state: ask for the real one.
    onError: () => queryClient.invalidateQueries({ queryKey: payerKeys.order(id) }),
  });
}

/** POST c2c/{id}/receipt/ multipart, one field `file`: the payer's receipt (PDF, JPEG or PNG, ≤ 10 MB). */
export function useUploadReceipt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiClient.post<PayerOrder>(API.payer.receipt(id), form, {
        timeoutMs: RECEIPT_UPLOAD_TIMEOUT_MS,
      });
    },
    onSuccess: (order) => storeAnswer(queryClient, id, order),
  });
}
