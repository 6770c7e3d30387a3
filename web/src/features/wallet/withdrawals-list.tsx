import {
  tronscanTransactionUrl,
  usdtText,
  WITHDRAWALS_PAGE_SIZE,
  WITHDRAWALS_TEXT,
  type WithdrawalItem,
  type WithdrawalStatus,
} from '@app/shared';
import { History } from 'lucide-react';
import { useState } from 'react';
import { withdrawalStatusText } from '../../labels/index.ts';
import { Badge, type BadgeTone, EmptyState, ErrorState, formatDate, Pagination } from '../../ui/index.ts';
import { OutboundLink } from '../../ui/outbound-link.tsx';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { useWithdrawals } from './api.ts';

const STATUS_TONES: Record<WithdrawalStatus, BadgeTone> = {
  requested: 'muted',
  canceled: 'neutral',
  held: 'warning',
  approved: 'info',
  signing: 'info',
  signed: 'info',
  broadcast: 'brand',
  confirmed: 'success',
  failed: 'danger',
  rejected: 'danger',
};

function WithdrawalRow({ item }: { item: WithdrawalItem }) {
  return (
    <li className="flex flex-col gap-2 py-3.5 first:pt-0 last:pb-0" data-testid="withdrawal-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-body font-semibold text-gray-900 tabular-nums">{usdtText(item.amount)}</span>
        <Badge tone={STATUS_TONES[item.status]} dot>
          {withdrawalStatusText(item.status)}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-small">
        <dt className="text-gray-500">{WITHDRAWALS_TEXT.date}</dt>
        <dd className="text-gray-800 tabular-nums">{formatDate(item.created_at)}</dd>
        <dt className="text-gray-500">{WITHDRAWALS_TEXT.fee}</dt>
        <dd className="text-gray-800 tabular-nums">{usdtText(item.fee)}</dd>
        <dt className="text-gray-500">{WITHDRAWALS_TEXT.address}</dt>
        <dd className="font-mono text-caption break-all text-gray-800">{item.address}</dd>
        {item.txid ? (
          <>
            <dt className="text-gray-500">{WITHDRAWALS_TEXT.txid}</dt>
            <dd className="min-w-0">
              <OutboundLink
                href={tronscanTransactionUrl(item.txid)}
                className="font-mono text-caption text-brand-700 hover:underline"
              >
                {item.txid}
              </OutboundLink>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The 'История' tab of Wallet Management: the user's withdrawals with Russian status labels, page by page. */
export function WithdrawalsList() {
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);

  if (withdrawals.isPending) {
    return <SkeletonStack shapes={['h-16 w-full', 'h-16 w-full']} />;
  }
  if (withdrawals.isError) {
    return <ErrorState message={WITHDRAWALS_TEXT.loadFailed} retry={withdrawals} />;
  }
  const { results, count } = withdrawals.data;
  if (count === 0) {
    return (
      <EmptyState
        icon={<History size={22} />}
        title={WITHDRAWALS_TEXT.empty}
        description={WITHDRAWALS_TEXT.emptyHint}
      />
    );
  }
  return (
    <section aria-label={WITHDRAWALS_TEXT.title} className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-gray-100">
        {results.map((item) => (
          <WithdrawalRow key={item.id} item={item} />
        ))}
      </ul>
      <Pagination
        page={page}
        total={count}
        pageSize={WITHDRAWALS_PAGE_SIZE}
        onPageChange={setPage}
        hideWhenSingle
      />
    </section>
  );
}
