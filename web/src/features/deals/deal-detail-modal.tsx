import { DEAL_MESSAGES, DEALS_TEXT, formatUsdtAmount, type TransactionDetail } from '@app/shared';
import { ArrowRight, CheckCheck, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { readError } from '../../api/errors.ts';
import { labelOf } from '../../labels/index.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  Button,
  DetailRow,
  DetailSection,
  ErrorState,
  formatDate,
  formatDecimalText,
  Modal,
  StatusBadge,
} from '../../ui/index.ts';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { useDealDetail } from './api.ts';
import {
  DEAL_ACTOR_LABELS,
  DEAL_PAGE_TEXT,
  DealId,
  ORDER_TYPE_LABELS,
  requisiteText,
} from './deal-parts.tsx';

/** The SHA-256 of a receipt, short enough for a line; the whole hash is in its title. */
function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 16)}…` : hash;
}

function DetailBody({ deal }: { deal: TransactionDetail }) {
  const details = deal.payment_details;
  return (
    <div data-testid="deal-detail">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-2">
        <DealId id={deal.id} />
        <StatusBadge status={deal.status} />
      </div>
      <DetailSection title={DEAL_PAGE_TEXT.detailTitle}>
        <dl className="divide-y divide-gray-100">
          <DetailRow label={DEAL_PAGE_TEXT.amountRub}>{formatRubles(details.amount)}</DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.amountUsdt}>
            {formatUsdtAmount(deal.amount)}
            <span className="ml-1.5 font-normal text-gray-500">
              ({formatDecimalText(deal.amount_usdt)} USDT)
            </span>
          </DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.profit}>{formatUsdtAmount(deal.profit)}</DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.rate}>{formatDecimalText(String(deal.rate))}</DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.orderType}>
            {labelOf(ORDER_TYPE_LABELS, deal.order_type)}
          </DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.created}>{formatDate(deal.created_at)}</DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.expires}>{formatDate(deal.expires_at)}</DetailRow>
          {deal.paid_at ? (
            <DetailRow label={DEAL_PAGE_TEXT.paid}>{formatDate(deal.paid_at)}</DetailRow>
          ) : null}
          {deal.description ? (
            <DetailRow label={DEAL_PAGE_TEXT.dealDescription}>{deal.description}</DetailRow>
          ) : null}
        </dl>
      </DetailSection>
      <DetailSection title={DEAL_PAGE_TEXT.requisites}>
        <dl className="divide-y divide-gray-100">
          <DetailRow label={DEAL_PAGE_TEXT.bank}>{details.bank.name}</DetailRow>
          <DetailRow label={details.card ? DEAL_PAGE_TEXT.card : DEAL_PAGE_TEXT.phone}>
            <span className="font-mono">{requisiteText(details)}</span>
          </DetailRow>
          <DetailRow label={DEAL_PAGE_TEXT.owner}>{details.owner_name}</DetailRow>
        </dl>
      </DetailSection>
      <DetailSection title={DEAL_PAGE_TEXT.timeline}>
        <ol className="flex flex-col gap-2" data-testid="deal-timeline">
          {deal.timeline.map((event) => (
            <li
              key={`${event.at}-${event.to}`}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 text-small"
            >
              {event.from ? (
                <>
                  <StatusBadge status={event.from} />
                  <ArrowRight size={14} className="text-gray-400" aria-label="→" />
                </>
              ) : null}
              <StatusBadge status={event.to} />
              <span className="text-gray-500">
                {event.by ? `${labelOf(DEAL_ACTOR_LABELS, event.by, '—')} · ` : ''}
                {formatDate(event.at)}
              </span>
            </li>
          ))}
        </ol>
      </DetailSection>
      <DetailSection title={DEAL_PAGE_TEXT.notification}>
        {deal.notification ? (
          <dl className="divide-y divide-gray-100" data-testid="deal-notification">
            <DetailRow label={DEAL_PAGE_TEXT.sender}>{deal.notification.sender}</DetailRow>
            <DetailRow label={DEAL_PAGE_TEXT.receivedAt}>
              {formatDate(deal.notification.received_at)}
            </DetailRow>
            <div className="pt-2">
              <p className="rounded-lg bg-gray-50 px-3 py-2 text-small whitespace-pre-wrap text-gray-800">
                {deal.notification.text}
              </p>
            </div>
          </dl>
        ) : (
          <p className="text-small text-gray-500">{DEAL_PAGE_TEXT.noNotification}</p>
        )}
      </DetailSection>
      <DetailSection title={DEAL_PAGE_TEXT.receipt}>
        {deal.receipt ? (
          <div className="flex flex-wrap items-center justify-between gap-2" data-testid="deal-receipt">
            <a
              href={deal.receipt.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-small font-medium text-brand-700 hover:text-brand-800"
            >
              {DEAL_PAGE_TEXT.openReceipt}
              <ExternalLink size={14} aria-hidden />
            </a>
            <span className="font-mono text-caption text-gray-500" title={deal.receipt.sha256}>
              SHA-256 <span data-literal>{shortHash(deal.receipt.sha256)}</span>
            </span>
          </div>
        ) : (
          <p className="text-small text-gray-500">{DEAL_PAGE_TEXT.noReceipt}</p>
        )}
      </DetailSection>
    </div>
  );
}

/**
 * A deal's detail (spec §2 Deals page): rubles and USDT, rate, the requisites used, the timeline of status
 * changes, the matched bank notification and the payer's receipt. `canConfirm` decides whether the
 * confirm-receipt action is offered; `onConfirm` opens the confirmation step.
 */
export function DealDetailModal({
  id,
  open,
  onOpenChange,
  canConfirm,
  onConfirm,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canConfirm: (deal: TransactionDetail) => boolean;
  onConfirm: (deal: TransactionDetail) => void;
}) {
  const detail = useDealDetail(id, open);
  const deal = detail.data;

  let body: ReactNode;
  if (detail.isPending) {
    body = <SkeletonStack shapes={['h-8 w-1/2 rounded-lg', 'h-40 rounded-xl', 'h-24 rounded-xl']} />;
  } else if (detail.isError && !deal) {
    body = (
      <ErrorState
        message={readError(detail.error).answer('detail') ?? DEAL_MESSAGES.loadFailed}
        retry={detail}
      />
    );
  } else if (deal) {
    body = <DetailBody deal={deal} />;
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={DEAL_PAGE_TEXT.detailTitle}
      footer={
        deal && canConfirm(deal) ? (
          <Button leftIcon={<CheckCheck size={16} />} onClick={() => onConfirm(deal)}>
            {DEALS_TEXT.confirmReceipt}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Modal>
  );
}
