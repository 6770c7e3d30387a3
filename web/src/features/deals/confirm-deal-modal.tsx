import { DEAL_MESSAGES, DEALS_TEXT, formatUsdtAmount, type Transaction } from '@app/shared';
import type { ReactNode } from 'react';
import { readError } from '../../api/errors.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import { Button, Modal, notify } from '../../ui/index.ts';
import { useConfirmDeal } from './api.ts';
import { DEAL_PAGE_TEXT, requisiteText } from './deal-parts.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-small text-gray-500">{label}</dt>
      <dd className="min-w-0 text-right text-small font-medium break-all text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * The confirmation step of "Подтвердить получение" (spec §2 Deals page, §4): restates what the trader
 * confirms (the deal, rubles and USDT, the requisites the money should have reached), then POSTs. A
 * confirmed receipt cannot be taken back, so it is never one click.
 */
export function ConfirmDealModal({
  deal,
  open,
  onOpenChange,
}: {
  deal: Transaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const confirm = useConfirmDeal();
  const details = deal.payment_details;

  const submit = async () => {
    try {
      await confirm.mutateAsync(deal.id);
      notify.success(DEAL_MESSAGES.confirmed);
      onOpenChange(false);
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? DEAL_MESSAGES.confirmFailed);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!confirm.isPending) onOpenChange(next);
      }}
      size="sm"
      title={DEAL_PAGE_TEXT.confirmTitle}
      description={DEALS_TEXT.confirmQuestion}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={confirm.isPending}>
            {DEAL_PAGE_TEXT.back}
          </Button>
          <Button onClick={submit} loading={confirm.isPending}>
            {DEAL_PAGE_TEXT.confirm}
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-gray-100" data-testid="confirm-deal-summary">
        <Row label={DEAL_PAGE_TEXT.dealId}>
          <span className="font-mono text-caption">{deal.id}</span>
        </Row>
        <Row label={DEAL_PAGE_TEXT.amountRub}>{formatRubles(details.amount)}</Row>
        <Row label={DEAL_PAGE_TEXT.amountUsdt}>{formatUsdtAmount(deal.amount)}</Row>
        <Row label={DEAL_PAGE_TEXT.bank}>{details.bank.name}</Row>
        <Row label={details.card ? DEAL_PAGE_TEXT.card : DEAL_PAGE_TEXT.phone}>{requisiteText(details)}</Row>
        <Row label={DEAL_PAGE_TEXT.owner}>{details.owner_name}</Row>
      </dl>
    </Modal>
  );
}
