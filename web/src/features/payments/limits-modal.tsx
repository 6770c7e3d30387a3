/** A payment method's deposit limits modal (spec §3 Payment limits, §5 Limits). */
import {
  filterAmount,
  LIMIT_PLACEHOLDERS,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  type PaymentLimits,
  type PaymentLimitsFormValues,
  type PaymentMethod,
  paymentLimitsForm,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import { Alert, Field, Input, Modal, Spinner } from '../../ui/index.ts';
import { usePaymentLimits, useSavePaymentLimits } from './api.ts';
import { paymentNotice } from './notices.ts';

const LIMIT_FIELDS = ['min_amount_for_deposit', 'max_amount_for_deposit'] as const;

/** The two inputs of the form, alike but for their field, label and placeholder. */
const LIMIT_INPUTS: ReadonlyArray<{
  field: (typeof LIMIT_FIELDS)[number];
  label: string;
  placeholder: string;
}> = [
  { field: 'min_amount_for_deposit', label: 'Минимальная сумма, ₽', placeholder: LIMIT_PLACEHOLDERS.min },
  { field: 'max_amount_for_deposit', label: 'Максимальная сумма, ₽', placeholder: LIMIT_PLACEHOLDERS.max },
];

const EMPTY: PaymentLimitsFormValues = { min_amount_for_deposit: '', max_amount_for_deposit: '' };

function valuesOf(limits: PaymentLimits | undefined): PaymentLimitsFormValues {
  if (!limits) return EMPTY;
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    min_amount_for_deposit: text(limits.min_amount_for_deposit),
    max_amount_for_deposit: text(limits.max_amount_for_deposit),
  };
}

export interface LimitsModalProps {
  method: PaymentMethod;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deposit limits of a method (spec §3 Payment limits, §5 Limits): rubles with up to two decimals, a typed
 * comma taken as the decimal point (issue 11: every money field; digits only would turn "1000,50" into
 * 100050), placeholders 0 and 100000, min not above max, editable only while the method is off.
 */
export function LimitsModal({ method, open, onOpenChange }: LimitsModalProps) {
  const limits = usePaymentLimits(method.id, open);
  const save = useSavePaymentLimits();
  const { register, handleSubmit, reset, setError, formState } = useForm<PaymentLimitsFormValues>({
    resolver: zodResolver(paymentLimitsForm),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open && limits.data) reset(valuesOf(limits.data));
  }, [open, limits.data, reset]);

  useEffect(() => {
    if (open && limits.isError) paymentNotice.loadError(PAYMENT_TEXT.limitsLoadFailed);
  }, [open, limits.isError]);

  const locked = method.is_active;
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ payment_id: method.id, ...values });
      paymentNotice.success(PAYMENT_TEXT.limitsSaved);
      onOpenChange(false);
    } catch (error) {
      const fields = readError(error).fieldErrors(LIMIT_FIELDS);
      for (const [field, message] of Object.entries(fields)) {
        setError(field as (typeof LIMIT_FIELDS)[number], { type: 'server', message });
      }
      if (Object.keys(fields).length === 0) paymentNotice.error(PAYMENT_TEXT.limitsSaveFailed);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={PAYMENT_TEXT.limitsTitle}
      description={`${method.bank.name} · ${method.name}`}
      footer={
        <FormModalFooter
          formId={`limits-${method.id}`}
          submitLabel="Сохранить"
          onCancel={() => onOpenChange(false)}
          submitting={formState.isSubmitting}
          submitDisabled={locked || limits.isPending || limits.isError}
        />
      }
    >
      {limits.isPending ? (
        <div className="flex justify-center py-8 text-brand-600">
          <Spinner size={22} label="Загрузка…" />
        </div>
      ) : limits.isError ? (
        <Alert tone="danger" role="alert">
          {PAYMENT_TEXT.limitsLoadFailed}
        </Alert>
      ) : (
        <form id={`limits-${method.id}`} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {locked ? (
            <Alert tone="warning" role="alert">
              {PAYMENT_MESSAGES.disableFirst}
            </Alert>
          ) : null}
          {LIMIT_INPUTS.map(({ field, label, placeholder }) => (
            <Field key={field} label={label} error={formState.errors[field]?.message}>
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder={placeholder}
                maxLength={15}
                disabled={locked}
                className="tabular-nums"
                {...withInputFilter(register(field), filterAmount)}
              />
            </Field>
          ))}
        </form>
      )}
    </Modal>
  );
}
