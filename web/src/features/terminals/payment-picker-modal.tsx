import {
  type ConnectPaymentsBody,
  connectPaymentsBody,
  PAGE_SIZES,
  TERMINAL_MESSAGES,
  TERMINAL_TEXT,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Checkbox from '@radix-ui/react-checkbox';
import { Check, CreditCard } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { Alert, Button, cx, EmptyState, ErrorState, Modal, notify, Pagination } from '../../ui/index.ts';
import { BadListFormatError, useConnectPayments, useUnassignedPayments } from './api.ts';
import { PaymentHeader, PaymentRow, PaymentRowsSkeleton } from './payment-rows.tsx';

export const PICKER_TEXT = {
  title: 'Выбор платежей',
  description: 'Платежи, не привязанные ни к одному терминалу',
  empty: 'Нет непривязанных платежей',
  linked: 'Платежи привязаны',
  select: (label: string) => `Выбрать: ${label}`,
} as const;

/** Spec §8: a non-array answer, else the server's `error` field (a load failure otherwise). */
function unassignedErrorText(error: unknown): string {
  if (error instanceof BadListFormatError) return TERMINAL_MESSAGES.badListFormat;
  return readError(error).answer('error') ?? TERMINAL_MESSAGES.loadFailed;
}

/**
 * The picker of unassigned methods (spec §2): 10 per page, choices kept across pages, Cancel and
 * 'Привязать (n)'. Nothing chosen says 'Выберите хотя бы один платеж'; a failed link shows the server's
 * error or 'Ошибка привязки платежей'.
 */
export function PaymentPickerModal({
  terminalId,
  open,
  onOpenChange,
}: {
  terminalId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const [page, setPage] = useState(1);
  const unassigned = useUnassignedPayments(page, open);
  const connect = useConnectPayments();
  const { control, handleSubmit, reset, watch, formState, clearErrors } = useForm<ConnectPaymentsBody>({
    resolver: zodResolver(connectPaymentsBody),
    defaultValues: { payment_ids: [] },
    reValidateMode: 'onSubmit',
  });
  const selected = watch('payment_ids');

  useEffect(() => {
    if (open) {
      setPage(1);
      reset({ payment_ids: [] });
    }
  }, [open, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      await connect.mutateAsync({ id: terminalId, body });
      notify.success(PICKER_TEXT.linked);
      onOpenChange(false);
    } catch (error) {
      notify.error(readError(error).answer('error') ?? TERMINAL_MESSAGES.linkFailed);
    }
  });

  const selectionError = formState.errors.payment_ids?.message ?? formState.errors.payment_ids?.root?.message;

  let content: ReactNode;
  if (unassigned.isPending) content = <PaymentRowsSkeleton />;
  else if (unassigned.isError && !unassigned.data)
    content = <ErrorState message={unassignedErrorText(unassigned.error)} retry={unassigned} />;
  else if (unassigned.data.results.length === 0)
    content = <EmptyState icon={<CreditCard size={22} />} title={PICKER_TEXT.empty} className="py-8" />;
  else
    content = (
      <>
        <PaymentHeader withLead />
        <Controller
          control={control}
          name="payment_ids"
          render={({ field }) => (
            <ul className="divide-y divide-gray-100" aria-label={PICKER_TEXT.title}>
              {unassigned.data.results.map((payment) => {
                const checked = field.value.includes(payment.id);
                const label = `${payment.bank.name} ${payment.card ?? payment.phone_number ?? ''}`.trim();
                return (
                  <PaymentRow
                    key={payment.id}
                    payment={payment}
                    lead={
                      <Checkbox.Root
                        checked={checked}
                        aria-label={PICKER_TEXT.select(label)}
                        onCheckedChange={() => {
                          clearErrors('payment_ids');
                          field.onChange(
                            checked
                              ? field.value.filter((id) => id !== payment.id)
                              : [...field.value, payment.id],
                          );
                        }}
                        className={cx(
                          'flex size-4.5 shrink-0 items-center justify-center rounded border transition',
                          'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/25',
                          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white',
                        )}
                      >
                        <Checkbox.Indicator>
                          <Check size={12} strokeWidth={3} />
                        </Checkbox.Indicator>
                      </Checkbox.Root>
                    }
                  />
                );
              })}
            </ul>
          )}
        />
      </>
    );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!connect.isPending) onOpenChange(next);
      }}
      title={PICKER_TEXT.title}
      description={PICKER_TEXT.description}
      size="lg"
      footer={
        <>
          <Button variant="secondary" disabled={connect.isPending} onClick={() => onOpenChange(false)}>
            {TERMINAL_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} loading={connect.isPending}>
            {TERMINAL_TEXT.linkSelected(selected.length)}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          // The picker sits inside the Manage Payments dialog in the React tree; its submit stays its own.
          event.stopPropagation();
          void submit(event);
        }}
      >
        {selectionError ? (
          <Alert tone="warning" role="alert" className="mb-3">
            {selectionError}
          </Alert>
        ) : null}
        <div className="overflow-hidden rounded-xl border border-gray-200">{content}</div>
        <Pagination
          className="mt-4"
          page={page}
          total={unassigned.data?.count ?? 0}
          pageSize={PAGE_SIZES.unassignedPayments}
          onPageChange={setPage}
        />
      </form>
    </Modal>
  );
}
