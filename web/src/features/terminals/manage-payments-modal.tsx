import { PAGE_SIZES, TERMINAL_MESSAGES, TERMINAL_TEXT, type TerminalPayment } from '@app/shared';
import { Link2, Unlink } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { Button, EmptyState, ErrorState, Modal, notify, Pagination } from '../../ui/index.ts';
import { useTerminalPayments, useUnbindPayment } from './api.ts';
import { PaymentPickerModal } from './payment-picker-modal.tsx';
import { PaymentHeader, PaymentRow, PaymentRowsSkeleton } from './payment-rows.tsx';

export const MANAGE_TEXT = {
  title: 'Платежи терминала',
  empty: 'К терминалу не привязан ни один платеж',
  unbound: 'Платеж отвязан',
} as const;

/** 'Are you sure you want to unbind this payment method?' with Yes/No (spec §4). */
function UnbindConfirm({ payment, onClose }: { payment: TerminalPayment | null; onClose: () => void }) {
  const unbind = useUnbindPayment();
  const confirm = async () => {
    if (!payment) return;
    try {
      await unbind.mutateAsync(payment.id);
      notify.success(MANAGE_TEXT.unbound);
      onClose();
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? TERMINAL_MESSAGES.unbindFailed);
    }
  };
  return (
    <Modal
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open && !unbind.isPending) onClose();
      }}
      title={TERMINAL_MESSAGES.unbindConfirm}
      description={payment ? `${payment.bank.name} ${payment.card ?? payment.phone_number ?? ''}` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="secondary" disabled={unbind.isPending} onClick={onClose}>
            {TERMINAL_TEXT.no}
          </Button>
          <Button variant="danger" loading={unbind.isPending} onClick={confirm}>
            {TERMINAL_TEXT.yes}
          </Button>
        </>
      }
    />
  );
}

/**
 * Manage Payments (spec §2): the methods linked to a terminal (Bank, Card, Phone, Status Active/Inactive,
 * Unbind), 10 per page, and 'Link a payment method', which opens the picker of unassigned methods.
 */
export function ManagePaymentsModal({
  terminalId,
  terminalName,
  open,
  onOpenChange,
}: {
  terminalId: string;
  terminalName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const [unbinding, setUnbinding] = useState<TerminalPayment | null>(null);
  const [picking, setPicking] = useState(false);
  const payments = useTerminalPayments(terminalId, page, open);

  useEffect(() => {
    if (open) setPage(1);
  }, [open]);

  // The last row of the last page was unbound: step back to a page that still has rows.
  const count = payments.data?.count ?? 0;
  useEffect(() => {
    if (payments.data && payments.data.results.length === 0 && page > 1) setPage(page - 1);
  }, [payments.data, page]);

  let content: ReactNode;
  if (payments.isPending) content = <PaymentRowsSkeleton />;
  else if (payments.isError && !payments.data)
    content = (
      <ErrorState
        message={readError(payments.error).answer('detail') ?? TERMINAL_MESSAGES.loadFailed}
        retry={payments}
      />
    );
  else if (payments.data.results.length === 0)
    content = <EmptyState icon={<Link2 size={22} />} title={MANAGE_TEXT.empty} className="py-8" />;
  else
    content = (
      <>
        <PaymentHeader withAction />
        <ul className="divide-y divide-gray-100" aria-label={MANAGE_TEXT.title}>
          {payments.data.results.map((payment) => (
            <PaymentRow
              key={payment.id}
              payment={payment}
              action={
                <Button
                  variant="secondary"
                  size="sm"
                  leftIcon={<Unlink size={14} />}
                  onClick={() => setUnbinding(payment)}
                >
                  {TERMINAL_TEXT.unbind}
                </Button>
              }
            />
          ))}
        </ul>
      </>
    );

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={TERMINAL_TEXT.managePayments}
        description={terminalName}
        size="lg"
      >
        <div className="mb-4 flex justify-end">
          <Button leftIcon={<Link2 size={16} />} onClick={() => setPicking(true)}>
            {TERMINAL_TEXT.linkPayment}
          </Button>
        </div>
        <div className="overflow-hidden rounded-xl border border-gray-200">{content}</div>
        <Pagination
          className="mt-4"
          page={page}
          total={count}
          pageSize={PAGE_SIZES.paymentsModal}
          onPageChange={setPage}
        />
      </Modal>
      <UnbindConfirm payment={unbinding} onClose={() => setUnbinding(null)} />
      <PaymentPickerModal terminalId={terminalId} open={picking} onOpenChange={setPicking} />
    </>
  );
}
