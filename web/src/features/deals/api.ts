import {
  API,
  DEALS_PAGE_SIZE,
  type DealStatus,
  type SORT_ORDERS,
  type TRANSACTION_SORTS,
  type TransactionDetail,
  type TransactionsResponse,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryValue } from '../../api/client.ts';
import { dashboardKeys, dealsKeys } from '../../api/query-keys.ts';
import { type DateRange, EMPTY_DATE_RANGE, hasDateRange } from '../../ui/index.ts';

export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What the Deals page filters by (spec §2 Deals page): statuses (none = all) and a date range. */
export interface DealFilters {
  statuses: DealStatus[];
  range: DateRange;
}
export const EMPTY_DEAL_FILTERS: DealFilters = { statuses: [], range: EMPTY_DATE_RANGE };

export function hasDealFilters(filters: DealFilters): boolean {
  return filters.statuses.length > 0 || hasDateRange(filters.range);
}

export interface DealSort {
  sort: TransactionSort;
  order: SortOrder;
}
/** Spec §9 Default sort: created_at descending. */
export const DEFAULT_DEAL_SORT: DealSort = { sort: 'created_at', order: 'desc' };

/**
 * The next sort after a click on a column: the same column flips its direction, another column starts
 * descending (newest, largest first).
 */
export function toggleDealSort(current: DealSort, column: TransactionSort): DealSort {
  if (current.sort !== column) return { sort: column, order: 'desc' };
  return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
}

/** GET api/v1/transactions/ query (spec §7): empty filters are left out rather than sent blank. */
export function transactionsQueryParams(
  filters: DealFilters,
  sort: DealSort,
  page: number,
): Record<string, QueryValue> {
  return {
    page,
    page_size: DEALS_PAGE_SIZE,
    status: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
    sort: sort.sort,
    order: sort.order,
    start_date: filters.range.start || undefined,
    end_date: filters.range.end || undefined,
  };
}

/**
 * GET api/v1/transactions/: one page (20) of the user's deals; the previous page stays on screen while the
 * next loads. `refetchInterval` is the filter bar's automatic refresh (false = by hand only).
 */
export function useDealList(
  filters: DealFilters,
  sort: DealSort,
  page: number,
  refetchInterval: number | false,
) {
  return useQuery({
    queryKey: dealsKeys.list(filters, sort, page),
    queryFn: ({ signal }) =>
      apiClient.get<TransactionsResponse>(API.transactions.list, {
        query: transactionsQueryParams(filters, sort, page),
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** GET api/v1/transactions/{id}/: the detail modal, fetched only while it is open. */
export function useDealDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dealsKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<TransactionDetail>(API.transactions.detail(id), { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * POST user/verficate-transaction/ {transaction_id}: the trader confirms the money arrived. Afterwards the
 * lists, the deal's detail and the dashboard (balances, last transactions) are read again.
 */
export function useConfirmDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiClient.post<{ id: string; status: DealStatus }>(API.transactions.verify, {
        transaction_id: transactionId,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
