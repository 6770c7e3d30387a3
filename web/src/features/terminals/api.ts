import {
  API,
  type ConnectPaymentsBody,
  type ConnectRequestResponse,
  type ForwarderApp,
  type ForwarderSetupResponse,
  forwarderSetupResponse,
  PAGE_SIZES,
  type TerminalListItem,
  type TerminalListResponse,
  type TerminalPaymentsResponse,
  type VerifyRequestBody,
  type VerifyRequestResponse,
  verifyRequestResponse,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { dashboardKeys, paymentsKeys, terminalsKeys } from '../../api/query-keys.ts';

/** What the Terminals page filters by (spec §2: search by name or ID, status filter). */
export type TerminalStatusFilter = 'all' | 'Enabled' | 'Disabled';
export interface TerminalFilters {
  search: string;
  status: TerminalStatusFilter;
}
export const EMPTY_TERMINAL_FILTERS: TerminalFilters = { search: '', status: 'all' };

export function hasTerminalFilters(filters: TerminalFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

/** How often the open list refreshes, so battery and online state follow the phones (issue 9). */
export const LIST_REFRESH_MS = 10_000;
/** How often the list is asked while the pairing QR code waits for the phone. */
export const PAIRING_POLL_MS = 3_000;

/** GET /user/terminals/: one page (10, spec §9) of the filtered terminals; the previous page stays meanwhile. */
export function useTerminalList(
  filters: TerminalFilters,
  page: number,
  refetchInterval: number = LIST_REFRESH_MS,
) {
  return useQuery({
    queryKey: terminalsKeys.list(filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<TerminalListResponse>(API.terminals.list, {
        query: {
          search: filters.search.trim() || undefined,
          status: filters.status,
          page,
          page_size: PAGE_SIZES.terminals,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** After a change of terminals or links: the lists, the dashboard's devices and /payments' link state. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: terminalsKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      queryClient.invalidateQueries({ queryKey: paymentsKeys.lists }),
    ]);
}

/** PATCH /terminals/{id}/update-name/ {name} → {id, name}. */
export function useRenameTerminal() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiClient.patch<{ id: string; name: string }>(API.terminals.updateName(id), { name }),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/v1/terminals/{id}/status/ {enabled} (our addition): the trader pauses or resumes a terminal. */
export function useSetTerminalStatus() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiClient.patch<TerminalListItem>(API.terminals.status(id), { enabled }),
    onSettled: () => refresh(),
  });
}

/** DELETE /terminals/{id}/: revokes the phone's token and unlinks its methods. */
export function useDeleteTerminal() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(API.terminals.remove(id)),
    onSuccess: () => refresh(),
  });
}

/** GET /api/v1/terminals/{id}/payments/: the methods linked to a terminal, 10 per page, while `enabled`. */
export function useTerminalPayments(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: terminalsKeys.paymentsPage(id, page),
    queryFn: ({ signal }) =>
      apiClient.get<TerminalPaymentsResponse>(API.terminals.payments(id), {
        query: { page, page_size: PAGE_SIZES.paymentsModal },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The unassigned list's answer; `results` is checked, since spec §8 names a non-array answer. */
export interface UnassignedPage {
  count: number;
  results: TerminalPaymentsResponse['results'];
}

/** Thrown when the unassigned list does not carry an array of results (spec §8). */
export class BadListFormatError extends Error {
  constructor() {
    super('results is not an array');
    this.name = 'BadListFormatError';
  }
}

/** GET /api/v1/payments/unassigned/?page&page_size: methods linked to no terminal, 10 per page, while `enabled`. */
export function useUnassignedPayments(page: number, enabled: boolean) {
  return useQuery({
    queryKey: terminalsKeys.unassignedPage(page),
    queryFn: async ({ signal }): Promise<UnassignedPage> => {
      const data = await apiClient.get<{ count?: unknown; results?: unknown }>(API.terminals.unassigned, {
        query: { page, page_size: PAGE_SIZES.unassignedPayments },
        signal,
      });
      if (!data || !Array.isArray(data.results)) throw new BadListFormatError();
      const results = data.results as UnassignedPage['results'];
      return { count: typeof data.count === 'number' ? data.count : results.length, results };
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A malformed answer will not mend itself on a retry.
    retry: (failures, error) => !(error instanceof BadListFormatError) && failures < 1,
  });
}

/** PATCH /api/terminals/{id}/connect-payments/ {payment_ids}. */
export function useConnectPayments() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ConnectPaymentsBody }) =>
      apiClient.patch<unknown>(API.terminals.connectPayments(id), body),
    onSuccess: () => refresh(),
  });
}

/** POST /api/payments/{id}/unbind/ {payment_id}: the body repeats the path's id (spec §7). */
export function useUnbindPayment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiClient.post<unknown>(API.terminals.unbind(paymentId), { payment_id: paymentId }),
    onSuccess: () => refresh(),
  });
}

/** POST /user/terminal/connect-request/ (empty body): a pending terminal, and a code mailed to the user. */
export function useConnectRequest() {
  return useMutation({
    mutationFn: () => apiClient.post<ConnectRequestResponse>(API.terminals.connectRequest),
  });
}

/** Thrown when verify-request answers something that is not the pairing data (spec §8). */
export class BadPairingDataError extends Error {
  constructor() {
    super('verify-request answer does not match the contract');
    this.name = 'BadPairingDataError';
  }
}

/** POST /user/terminal/verify-request/ {terminal_id, otp} → the pairing data of the QR code, checked. */
export function useVerifyRequest() {
  return useMutation({
    mutationFn: async (body: VerifyRequestBody): Promise<VerifyRequestResponse> => {
      const answer = await apiClient.post<unknown>(API.terminals.verifyRequest, body);
      const parsed = verifyRequestResponse.safeParse(answer);
      if (!parsed.success) throw new BadPairingDataError();
      return parsed.data;
    },
  });
}

/** Checks a forwarder's setup answer against the contract and the request it answers. */
function parseSetup(answer: unknown, terminalId: string, app?: ForwarderApp): ForwarderSetupResponse {
  const parsed = forwarderSetupResponse.safeParse(answer);
  if (!parsed.success || parsed.data.terminal_id !== terminalId || (app && parsed.data.app !== app)) {
    throw new BadPairingDataError();
  }
  return parsed.data;
}

/**
 * POST /user/terminal/verify-request/ {terminal_id, otp, app} (issue 24): a forwarder app's setup data — its
 * webhook URL and, for the apps that sign, the secret — checked against the contract.
 */
export function useVerifyForwarder() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (body: VerifyRequestBody & { app: ForwarderApp }): Promise<ForwarderSetupResponse> =>
      parseSetup(
        await apiClient.post<unknown>(API.terminals.verifyRequest, body),
        body.terminal_id,
        body.app,
      ),
    // The forwarder terminal is listed from now on (offline until its first request).
    onSuccess: () => refresh(),
  });
}

/**
 * POST /api/v1/terminals/{id}/hook-url/ (issue 24): a forwarder terminal's new URL; the old one stops working at
 * once.
 */
export function useNewHookUrl() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (id: string): Promise<ForwarderSetupResponse> =>
      parseSetup(await apiClient.post<unknown>(API.terminals.hookUrl(id)), id),
    onSuccess: () => refresh(),
  });
}

/**
 * The terminal as the list shows it now, asked every 3 s while a setup screen waits for the phone's first
 * request. Searched by its ID, so a terminal on any page of the list is found; `opened` (when the screen
 * opened) keys the answers, so the first one is always asked after the URL was issued.
 */
export function useTerminalSignal(id: string, opened: number) {
  return useQuery({
    queryKey: terminalsKeys.signal(id, opened),
    queryFn: async ({ signal }) => {
      const page = await apiClient.get<TerminalListResponse>(API.terminals.list, {
        query: { search: id, status: 'all', page: 1, page_size: PAGE_SIZES.terminals },
        signal,
      });
      return page.results.find((item) => item.id === id) ?? null;
    },
    refetchInterval: PAIRING_POLL_MS,
    gcTime: 0,
  });
}
