import {
  groupCardDigits,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  type PaymentDetails,
  type PaymentMethod,
  paymentDetailsForm,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import { Alert, Modal } from '../../ui/index.ts';
import { useUpdatePayment } from './api.ts';
import { BankMark } from './bank-mark.tsx';
import { paymentErrorText, paymentNotice } from './notices.ts';
import {
  messagesWithoutField,
  type RequisiteField,
  RequisiteFields,
  type RequisiteValues,
} from './requisite-fields.tsx';

type DetailsFormValues = z.input<typeof paymentDetailsForm>;

function valuesOf(method: PaymentMethod): RequisiteValues {
  return {
    name: method.name,
    card: groupCardDigits(method.card),
    phone_number: method.phone_number ?? '',
    nomer_scheta: method.nomer_scheta ?? '',
  };
}

/** Which fields are frozen: the filled ones, once the method has been switched on (spec §4). */
function lockedFields(method: PaymentMethod): Partial<Record<RequisiteField, boolean>> {
  if (!method.requisites_locked) return {};
  return {
    name: Boolean(method.name),
    card: Boolean(method.card),
    phone_number: Boolean(method.phone_number),
    nomer_scheta: Boolean(method.nomer_scheta),
  };
}

export interface EditPaymentModalProps {
  method: PaymentMethod;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Details of a payment method (spec §2 "Details (edit modal)"): name, card, phone and account with the
 * spec §5 rules and max lengths. An Online method cannot be edited; it must be switched off first.
 */
export function EditPaymentModal({ method, open, onOpenChange }: EditPaymentModalProps) {
  const update = useUpdatePayment();
  const { register, handleSubmit, reset, formState } = useForm<DetailsFormValues, unknown, PaymentDetails>({
    resolver: zodResolver(paymentDetailsForm),
    defaultValues: valuesOf(method),
  });

  // Every opening starts from the stored requisites.
  useEffect(() => {
    if (open) reset(valuesOf(method));
  }, [open, method, reset]);

  const submit = handleSubmit(
    async (details) => {
      if (method.is_active) {
        paymentNotice.error(PAYMENT_MESSAGES.disableFirst);
        return;
      }
      try {
        await update.mutateAsync({ id: method.id, body: details });
        paymentNotice.success(PAYMENT_TEXT.detailsSaved);
        onOpenChange(false);
      } catch (error) {
        // Spec §8: the server's refusals show in the toast, joined by a comma (not again under the fields).
        paymentNotice.error(paymentErrorText(error, PAYMENT_TEXT.saveFailed));
      }
    },
    (errors) => {
      // The messages show under their fields; the summary toast only names those no field shows.
      const messages = messagesWithoutField(errors);
      if (messages.length) paymentNotice.validation(messages);
    },
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={PAYMENT_TEXT.detailsTitle}
      header={
        <div className="mb-3 flex items-center gap-2.5">
          <BankMark name={method.bank.name} color={method.bank.color} size="sm" />
          <span className="text-small font-medium text-gray-700">{method.bank.name}</span>
        </div>
      }
      footer={
        <FormModalFooter
          formId={`edit-payment-${method.id}`}
          submitLabel="Сохранить"
          onCancel={() => onOpenChange(false)}
          submitting={formState.isSubmitting}
          submitDisabled={method.is_active}
        />
      }
    >
      <form id={`edit-payment-${method.id}`} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {method.is_active ? (
          <Alert tone="warning" role="alert">
            {PAYMENT_MESSAGES.disableFirst}
          </Alert>
        ) : null}
        <RequisiteFields
          register={register}
          errors={formState.errors}
          locked={lockedFields(method)}
          disabled={method.is_active}
        />
      </form>
    </Modal>
  );
}
