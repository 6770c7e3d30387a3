import { filterSearch } from '@app/shared';
import { DISPUTE_MESSAGES, DISPUTE_STATUSES } from '@app/shared/disputes/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Scale, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import { disputesKeys } from '../../api/query-keys.ts';
import { disputeStatusText } from '../../labels/index.ts';
import {
  Alert,
  Button,
  cx,
  EmptyState,
  ErrorState,
  FilterBar,
  type FilterOption,
  ListPagePagination,
  MultiSelectFilter,
  notify,
  PageHeader,
  ResetButton,
  SearchField,
  useDebouncedSearch,
  useMediaQuery,
  useStepBackFromEmptyPage,
} from '../../ui/index.ts';
import { SkeletonGrid } from '../../ui/skeleton-stack.tsx';
import {
  blockDispute,
  DEFAULT_DISPUTE_SORT,
  DISPUTES_PAGE_SIZE,
  type Dispute,
  type DisputeSort,
  type DisputeSortColumn,
  fetchDisputeDetail,
  isTelegramRequired,
  toggleDisputeSort,
  unblockDispute,
  useDisputeList,
  useDisputeRole,
} from './api.ts';
import { CreateDisputeModal } from './create-dispute-modal.tsx';
import { DisputeDetailModal } from './dispute-detail-modal.tsx';
import { DisputeList } from './dispute-list.tsx';
import { DISPUTE_PAGE_TEXT as TEXT } from './dispute-parts.tsx';

/** Spec §2 Disputes page: cards instead of the table at 768 px or less. */
export const DISPUTES_CARDS_QUERY = '(max-width: 768px)';

/** Where the Telegram connection lives (Settings → Connection). */
export const TELEGRAM_SETTINGS_PATH = '/settings#connection';

const STATUS_OPTIONS: FilterOption[] = DISPUTE_STATUSES.map((status) => ({
  value: status,
  label: disputeStatusText(status),
}));

/** How often an open detail renews support's block (well inside the server's 30-minute default). */
export const BLOCK_RENEW_MS = 5 * 60_000;

function TelegramRequired() {
  return (
    <Alert tone="warning" title={TEXT.telegramTitle} data-testid="disputes-telegram">
      <p>{DISPUTE_MESSAGES.telegramRequired}</p>
      <Link
        to={TELEGRAM_SETTINGS_PATH}
        className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {TEXT.telegramLink}
      </Link>
    </Alert>
  );
}

/**
 * The Disputes page /dispute (spec §2, §4, §6, §8 Disputes): role-aware. Everyone sees their disputes, 10
 * per page, filtered by status, searched by id or requisites (the list call's `search`, our addition), sortable, as a table or (768 px or less) cards, with a detail modal. Support blocks a
 * dispute while its detail is open, resolves it and deletes files, and creates disputes; traders and
 * merchants upload their own side's evidence.
 */
export function DisputesPage() {
  const queryClient = useQueryClient();
  const role = useDisputeRole();
  const [statuses, setStatuses] = useState<string[]>([]);
  // The committed search goes to the server (id or requisites across every page); the box debounces typing.
  // Support's home links a dispute here with its id as the search (issue 25), so the list shows that one.
  const linked = (useLocation().state as { search?: unknown } | null)?.search;
  const [committedSearch, setCommittedSearch] = useState(typeof linked === 'string' ? linked : '');
  const [search, setSearch] = useDebouncedSearch(committedSearch, (text) => {
    setCommittedSearch(text);
    setPage(1);
  });
  const [sort, setSort] = useState<DisputeSort>(DEFAULT_DISPUTE_SORT);
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const cards = useMediaQuery(DISPUTES_CARDS_QUERY);
  const userRole = role.data?.role;
  const isSupport = userRole === 'support';
  const list = useDisputeList(statuses, sort, page, committedSearch, userRole !== undefined);

  useEffect(() => {
    if (list.errorUpdatedAt > 0 && !isTelegramRequired(list.error)) {
      notify.error(DISPUTE_MESSAGES.listFailed, { id: 'disputes-load-failed' });
    }
  }, [list.errorUpdatedAt, list.error]);

  const changeStatuses = useCallback((next: string[]) => {
    setStatuses(next);
    setPage(1);
  }, []);

  const changeSort = (column: DisputeSortColumn) => {
    setSort((current) => toggleDisputeSort(current, column));
    setPage(1);
  };

  const open = async (dispute: Dispute) => {
    setOpening(dispute.id);
    try {
      if (isSupport) {
        try {
          await blockDispute(dispute.id);
        } catch (error) {
          notify.error(readError(error).answer('detail') ?? DISPUTE_MESSAGES.openFailed);
          // Another support user holds it, or it is gone: the list drops it.
          if (isApiError(error, 409) || isApiError(error, 404)) {
            await queryClient.invalidateQueries({ queryKey: disputesKeys.lists });
          }
          return;
        }
      }
      try {
        await fetchDisputeDetail(queryClient, dispute.id);
        setOpenId(dispute.id);
      } catch (error) {
        if (isSupport) void unblockDispute(dispute.id).catch(() => undefined);
        if (isApiError(error, 404) || isApiError(error, 403)) {
          notify.error(DISPUTE_MESSAGES.unavailable);
          await queryClient.invalidateQueries({ queryKey: disputesKeys.lists });
        } else {
          notify.error(DISPUTE_MESSAGES.openFailed);
        }
      }
    } finally {
      setOpening(null);
    }
  };

  // Support's block lasts DISPUTE_BLOCK_TTL_MIN (30 by default) unless renewed: while the detail stays open it is
  // renewed, so only a vanished session lets it lapse. If another support user took it meanwhile, the modal closes.
  useEffect(() => {
    if (!openId || !isSupport) return;
    const timer = window.setInterval(() => {
      blockDispute(openId).catch(async (error: unknown) => {
        if (!isApiError(error, 409) && !isApiError(error, 404)) return;
        setOpenId((current) => (current === openId ? null : current));
        notify.error(DISPUTE_MESSAGES.unavailable);
        await queryClient.invalidateQueries({ queryKey: disputesKeys.lists });
      });
    }, BLOCK_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [openId, isSupport, queryClient]);

  const close = () => {
    const id = openId;
    setOpenId(null);
    // Support's lock goes with the modal; a failed unblock only leaves a lock the server lets expire.
    if (id && isSupport) void unblockDispute(id).catch(() => undefined);
  };

  useStepBackFromEmptyPage(list, page, setPage);

  const telegram = isTelegramRequired(role.error) || isTelegramRequired(list.error);
  const results = list.data?.results ?? [];
  const supportIds = new Set(list.data?.support_data ?? []);

  let content: ReactNode;
  if (telegram) {
    content = <TelegramRequired />;
  } else if (role.isError) {
    content = <ErrorState message={DISPUTE_MESSAGES.roleFailed} retry={role} />;
  } else if (role.isPending || list.isPending) {
    content = (
      <SkeletonGrid
        rows={5}
        shape={cards ? 'h-40 rounded-xl' : 'h-14 rounded-lg'}
        testId="disputes-loading"
      />
    );
  } else if (list.isError && !list.data) {
    content = <ErrorState title={TEXT.loadFailedTitle} message={DISPUTE_MESSAGES.listFailed} retry={list} />;
  } else if (results.length === 0) {
    const filtered = statuses.length > 0 || committedSearch !== '' || (list.data?.total_items ?? 0) > 0;
    content = filtered ? (
      <EmptyState icon={<SearchX size={22} />} title={TEXT.emptyFiltered} />
    ) : (
      <EmptyState icon={<Scale size={22} />} title={TEXT.empty} />
    );
  } else {
    const listProps = { disputes: results, sort, onSort: changeSort, onDetails: open, opening };
    content = (
      <div className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <DisputeList cards={cards} {...listProps} />
      </div>
    );
  }

  const ready = userRole !== undefined && !telegram;
  // Without a bot on the server nobody links Telegram: the sides learn of disputes by mail, and are told so.
  const mailNotices = ready && !isSupport && role.data?.telegram_required === false;

  return (
    <>
      <PageHeader
        title={TEXT.title}
        description={TEXT.description}
        actions={
          isSupport ? (
            <Button leftIcon={<Plus size={16} />} onClick={() => setCreating(true)}>
              {TEXT.createDispute}
            </Button>
          ) : undefined
        }
      />
      {mailNotices ? (
        <p className="mb-4 text-small text-gray-600" data-testid="disputes-mail-notices">
          {TEXT.mailNotices}
        </p>
      ) : null}
      {ready ? (
        <div className="mb-5">
          <FilterBar
            data-testid="dispute-filters"
            search={
              <SearchField
                text={search}
                onTextChange={setSearch}
                placeholder={TEXT.search}
                sanitize={filterSearch}
              />
            }
          >
            <MultiSelectFilter
              label={TEXT.statusFilter}
              allLabel={TEXT.allStatuses}
              options={STATUS_OPTIONS}
              selected={statuses}
              onChange={changeStatuses}
              className="col-span-2 sm:w-56"
            />
            <ResetButton
              disabled={statuses.length === 0 && search === ''}
              onClick={() => {
                changeStatuses([]);
                setSearch('');
                setCommittedSearch('');
              }}
            />
          </FilterBar>
        </div>
      ) : null}
      {content}
      {ready ? (
        <ListPagePagination
          page={page}
          total={list.data?.count ?? 0}
          pageSize={DISPUTES_PAGE_SIZE}
          setPage={setPage}
        />
      ) : null}
      {openId && userRole ? (
        <DisputeDetailModal
          key={openId}
          id={openId}
          role={userRole}
          canAct={isSupport && supportIds.has(openId)}
          onClose={close}
        />
      ) : null}
      {creating ? <CreateDisputeModal onClose={() => setCreating(false)} /> : null}
    </>
  );
}
