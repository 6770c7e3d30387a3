import type { Referral } from '@app/shared/referrals/contracts';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { Lock, Plus, UserPlus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import {
  Button,
  cx,
  EmptyState,
  ErrorState,
  ListPagePagination,
  OverlayLoader,
  PageHeader,
  useMediaQuery,
} from '../../ui/index.ts';
import { SkeletonGrid } from '../../ui/skeleton-stack.tsx';
import { isNoPermission, REFERRALS_PAGE_SIZE, useReferralList } from './api.ts';
import { CreateReferralModal } from './create-referral-modal.tsx';
import { ReferralList } from './referral-list.tsx';
import { REFERRALS_TEXT as TEXT } from './referral-parts.tsx';

// The detail modal brings qrcode.react; it loads when a code is first opened, not with the list.
const ReferralDetailModal = lazy(() =>
  import('./referral-detail-modal.tsx').then((module) => ({ default: module.ReferralDetailModal })),
);

/** Cards instead of the table at 768 px or less, as on the Disputes page. */
export const REFERRALS_CARDS_QUERY = '(max-width: 768px)';

/**
 * The Referrals page /referrals (spec §2, §3, §4 Referral, §6 lead rights, §8 Settings and referrals): the
 * lead's codes, 10 per page, newest first, as a table or (768 px or less) cards; the create-code modal and a
 * detail modal per code. A 451 (not a lead) shows the no-permission message; it never ends the session.
 */
export function ReferralsPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const cards = useMediaQuery(REFERRALS_CARDS_QUERY);
  const list = useReferralList(page);
  const noPermission = isNoPermission(list.error);

  const createButton = (
    <Button leftIcon={<Plus size={16} />} onClick={() => setCreating(true)}>
      {TEXT.create}
    </Button>
  );

  const results = list.data?.results ?? [];
  let content: ReactNode;
  if (noPermission) {
    content = (
      <EmptyState
        icon={<Lock size={22} />}
        title={TEXT.noPermissionTitle}
        description={REFERRAL_MESSAGES.noPermission}
        className="rounded-xl border border-gray-200 bg-white"
      />
    );
  } else if (list.isPending) {
    content = (
      <SkeletonGrid
        rows={5}
        shape={cards ? 'h-40 rounded-xl' : 'h-14 rounded-lg'}
        columns={cards && 'min-[640px]:grid-cols-2'}
        testId="referrals-loading"
      />
    );
  } else if (list.isError) {
    content = <ErrorState title={TEXT.loadFailedTitle} message={REFERRAL_MESSAGES.loadFailed} retry={list} />;
  } else if (results.length === 0) {
    content = (
      <EmptyState
        icon={<UserPlus size={22} />}
        title={TEXT.emptyTitle}
        description={TEXT.emptyText}
        action={createButton}
        className="rounded-xl border border-dashed border-gray-200 bg-white"
      />
    );
  } else {
    const listProps = { referrals: results, onDetails: (referral: Referral) => setOpenId(referral.id) };
    content = (
      <div className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <ReferralList cards={cards} {...listProps} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={TEXT.title}
        description={TEXT.description}
        actions={noPermission ? undefined : createButton}
      />
      {content}
      {noPermission ? null : (
        <ListPagePagination
          page={page}
          total={list.data?.count ?? 0}
          pageSize={REFERRALS_PAGE_SIZE}
          setPage={setPage}
        />
      )}
      {creating ? (
        // The new code is the newest: page 1 shows it.
        <CreateReferralModal onClose={() => setCreating(false)} onCreated={() => setPage(1)} />
      ) : null}
      {openId ? (
        <Suspense fallback={<OverlayLoader />}>
          <ReferralDetailModal key={openId} id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
