import { filterEmail } from '@app/shared/input-filters';
import { createReferralRequest } from '@app/shared/referrals/contracts';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { readError } from '../../api/errors.ts';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import { Field, Input, Modal, notify } from '../../ui/index.ts';
import { createErrorText, useCreateReferral } from './api.ts';
import { REFERRALS_TEXT as TEXT } from './referral-parts.tsx';

/**
 * Spec §5 Referral email: required, then the shared contract's email rule. An empty field says it is
 * required rather than that its format is wrong.
 */
const referralForm = z.object({
  email: z.string().trim().min(1, TEXT.emailRequired).pipe(createReferralRequest.shape.email),
});
type ReferralFormInput = z.input<typeof referralForm>;
type ReferralFormOutput = z.output<typeof referralForm>;

const FORM_ID = 'create-referral-form';

/**
 * The create-code modal: one email; on success the toast and a refreshed list (the mutation invalidates it),
 * a server field message under the field, any other failure (spec §8 create error) as a toast.
 */
export function CreateReferralModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const create = useCreateReferral();
  const { register, handleSubmit, setError, formState } = useForm<
    ReferralFormInput,
    unknown,
    ReferralFormOutput
  >({
    resolver: zodResolver(referralForm),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success(REFERRAL_MESSAGES.created);
      onCreated();
      onClose();
    } catch (error) {
      const field = readError(error).fieldErrors(['email'] as const).email;
      if (field) setError('email', { type: 'server', message: field }, { shouldFocus: true });
      else notify.error(createErrorText(error));
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={TEXT.createTitle}
      description={TEXT.createDescription}
      size="sm"
      footer={
        <FormModalFooter
          formId={FORM_ID}
          submitLabel={TEXT.submit}
          onCancel={onClose}
          cancelLabel={TEXT.cancel}
          submitting={formState.isSubmitting}
        />
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate data-testid="create-referral-form">
        <Field label={TEXT.emailLabel} required error={formState.errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            leading={<Mail size={16} />}
            placeholder={TEXT.emailPlaceholder}
            autoFocus
            {...withInputFilter(register('email'), filterEmail)}
          />
        </Field>
      </form>
    </Modal>
  );
}
