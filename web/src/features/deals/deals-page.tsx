import {
  canMoveDeal,
  DEAL_MESSAGES,
  DEALS_PAGE_SIZE,
  DEALS_PAGE_STATUSES,
  DEALS_TEXT,
  type DealStatus,
  type Transaction,
} from '@app/shared';
import { ArrowLeftRight, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { dealStatusText } from '../../labels/index.ts';
import {
  cx,
  DateRangeFilter,
  EmptyState,
  ErrorState,
  FilterBar,
  type FilterOption,
  ListPagePagination,
  MultiSelectFilter,
  notify,
  PageHeader,
  RefreshControl,
  type RefreshInterval,
  ResetButton,
  refreshIntervalMs,
  useMediaQuery,
  useStepBackFromEmptyPage,
} from '../../ui/index.ts';
import { SkeletonGrid } from '../../ui/skeleton-stack.tsx';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import {
  DEFAULT_DEAL_SORT,
  type DealFilters,
  type DealSort,
  EMPTY_DEAL_FILTERS,
  hasDealFilters,
  type TransactionSort,
  toggleDealSort,
  useDealList,
} from './api.ts';
import { ConfirmDealModal } from './confirm-deal-modal.tsx';
import { DealDetailModal } from './deal-detail-modal.tsx';
import { DealList } from './deal-list.tsx';
import { DEAL_PAGE_TEXT } from './deal-parts.tsx';

/** Spec §2 Deals page: cards instead of the table at 950 px or less. */
export const DEALS_CARDS_QUERY = '(max-width: 950px)';

const STATUS_OPTIONS: FilterOption[] = DEALS_PAGE_STATUSES.map((status) => ({
  value: status,
  label: dealStatusText(status),
}));

/**
 * The Deals page /deal (spec §2 Deals page, §4, §8 Transactions): the user's deals, 20 per page, sortable
 * by date, amount and profit, filtered by status and date range, refreshed by hand or automatically, as a
 * table or (950 px or less) cards; a detail modal, and for traders the confirm-receipt action with its
 * confirmation step. Merchants see their orders on the same page, without the action.
 */
export function DealsPage() {
  const user = useAuthUser();
  const isTrader = user.role === 'trader';
  const [filters, setFilters] = useState<DealFilters>(EMPTY_DEAL_FILTERS);
  const [sort, setSort] = useState<DealSort>(DEFAULT_DEAL_SORT);
  const [page, setPage] = useState(1);
  const [interval, setRefreshInterval] = useState<RefreshInterval>(0);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Transaction | null>(null);
  const cards = useMediaQuery(DEALS_CARDS_QUERY);
  const list = useDealList(filters, sort, page, refreshIntervalMs(interval));

  const changeFilters = useCallback((next: DealFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const changeSort = (column: TransactionSort) => {
    setSort((current) => toggleDealSort(current, column));
    setPage(1);
  };

  // Spec §8 Transactions: a load failure is also a toast, once per failed attempt (automatic refreshes too).
  useEffect(() => {
    if (list.errorUpdatedAt > 0) notify.error(DEAL_MESSAGES.loadFailed, { id: 'deals-load-failed' });
  }, [list.errorUpdatedAt]);

  const canConfirm = (deal: Pick<Transaction, 'status'>) =>
    isTrader && canMoveDeal(deal.status, 'complete', 'trader');

  const count = list.data?.count ?? 0;
  const results = list.data?.results ?? [];

  useStepBackFromEmptyPage(list, page, setPage);

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <SkeletonGrid
        rows={5}
        shape={cards ? 'h-44 rounded-xl' : 'h-14 rounded-lg'}
        columns={cards && 'min-[640px]:grid-cols-2'}
        testId="deals-loading"
      />
    );
  } else if (list.isError && !list.data) {
    content = (
      <ErrorState title={DEAL_PAGE_TEXT.loadFailedTitle} message={DEAL_MESSAGES.loadFailed} retry={list} />
    );
  } else if (results.length === 0) {
    // total_items counts every deal of the user whatever the filters: it tells "none yet" from "none match".
    content =
      (list.data?.total_items ?? 0) > 0 ? (
        <EmptyState icon={<SearchX size={22} />} title={DEALS_TEXT.emptyFiltered} />
      ) : (
        <EmptyState icon={<ArrowLeftRight size={22} />} title={DEALS_TEXT.empty} />
      );
  } else {
    const listProps = {
      deals: results,
      sort,
      onSort: changeSort,
      canConfirm,
      onDetails: (deal: Transaction) => setDetailId(deal.id),
      onConfirm: setConfirming,
    };
    content = (
      <div className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <DealList cards={cards} {...listProps} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={DEALS_TEXT.title}
        description={
          user.role === 'merchant' ? DEAL_PAGE_TEXT.merchantDescription : DEAL_PAGE_TEXT.description
        }
      />
      <div className="mb-5">
        <FilterBar data-testid="deal-filters">
          <MultiSelectFilter
            label={DEAL_PAGE_TEXT.statusFilter}
            allLabel={DEAL_PAGE_TEXT.allStatuses}
            options={STATUS_OPTIONS}
            selected={filters.statuses}
            onChange={(selected) => changeFilters({ ...filters, statuses: selected as DealStatus[] })}
            className="col-span-2 sm:w-52"
          />
          <DateRangeFilter
            value={filters.range}
            onChange={(range) => changeFilters({ ...filters, range })}
            className="col-span-2 sm:w-60"
          />
          <RefreshControl
            interval={interval}
            onIntervalChange={setRefreshInterval}
            onRefresh={() => list.refetch()}
            refreshing={list.isFetching && !list.isPending}
          />
          <ResetButton
            disabled={!hasDealFilters(filters)}
            onClick={() => changeFilters(EMPTY_DEAL_FILTERS)}
          />
        </FilterBar>
      </div>
      {content}
      <ListPagePagination page={page} total={count} pageSize={DEALS_PAGE_SIZE} setPage={setPage} />
      {detailId ? (
        <DealDetailModal
          key={`detail-${detailId}`}
          id={detailId}
          open
          onOpenChange={(open) => {
            if (!open) setDetailId(null);
          }}
          canConfirm={canConfirm}
          onConfirm={setConfirming}
        />
      ) : null}
      {confirming ? (
        <ConfirmDealModal
          key={`confirm-${confirming.id}`}
          deal={confirming}
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
        />
      ) : null}
    </>
  );
}
