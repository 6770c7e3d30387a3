import { createDisputeForm, disputeFilesError } from '@app/shared/disputes/forms';
import { DISPUTE_MESSAGES } from '@app/shared/disputes/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import { Button, Field, Input, Modal, notify } from '../../ui/index.ts';
import { createErrorText, useCreateDispute } from './api.ts';
import { DISPUTE_PAGE_TEXT as TEXT } from './dispute-parts.tsx';

const formSchema = createDisputeForm<File>();
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * Support's "Create dispute" (spec §2, §5, §8 Disputes): a transaction id (required, UUID), an optional
 * comment sent as `note`, and attachments (pdf, jpeg, jpg, png, mp4, up to 50MB each), checked before
 * anything is sent; each server answer (400, 403, 404, 500) shows its own text.
 */
export function CreateDisputeModal({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, setValue, setError, clearErrors, control, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(formSchema),
    defaultValues: { transactionId: '', note: '', files: [] },
    // A message goes when the field is edited and comes back only with the next submit.
    reValidateMode: 'onSubmit',
  });
  const files = useWatch({ control, name: 'files' });
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateDispute();
  const noteId = useId();
  const filesId = useId();
  const filesInput = useRef<HTMLInputElement>(null);
  const fileError = formState.errors.files?.message ?? null;

  // A bad pick is said at once; the picked files show only when all of them are fine.
  const pickFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    setValue('files', picked);
    const problem = disputeFilesError(picked);
    if (problem) setError('files', { type: 'validate', message: problem });
    else clearErrors('files');
  };

  const send = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success(DISPUTE_MESSAGES.created);
      onClose();
    } catch (error) {
      // Said once, in the dialog beside the fields, not again in a toast.
      setServerError(createErrorText(error));
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setServerError(null);
    void send(event);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
      title={TEXT.createTitle}
      footer={
        <FormModalFooter
          formId="create-dispute-form"
          submitLabel={TEXT.create}
          onCancel={onClose}
          cancelLabel={TEXT.cancel}
          submitting={create.isPending}
          cancelDisabled={create.isPending}
        />
      }
    >
      <form id="create-dispute-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={TEXT.transactionId} required error={formState.errors.transactionId?.message}>
          <Input
            {...register('transactionId', { onChange: () => clearErrors('transactionId') })}
            placeholder="00000000-0000-0000-0000-000000000000"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-small font-medium text-gray-800">
            {TEXT.note}
          </label>
          <textarea
            id={noteId}
            {...register('note')}
            rows={3}
            maxLength={1000}
            className="w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-small text-gray-900 shadow-xs outline-none hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
          />
        </div>
        <Field label={TEXT.files} hint={TEXT.filesHint} error={fileError} id={filesId}>
          {/* The browser's own file button speaks the browser's language; ours says it in Russian. */}
          <input
            ref={filesInput}
            id={filesId}
            type="file"
            multiple
            accept=".pdf,.jpeg,.jpg,.png,.mp4"
            className="sr-only"
            onChange={(event) => pickFiles(event.target.files)}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              leftIcon={<Paperclip size={15} />}
              onClick={() => filesInput.current?.click()}
            >
              {TEXT.chooseFiles}
            </Button>
            {files.length > 0 && !fileError ? (
              <ul className="min-w-0 text-small text-gray-700" data-testid="create-files">
                {files.map((file) => (
                  <li key={`${file.name}-${file.size}`} className="break-all">
                    {file.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </Field>
        {serverError ? (
          <p role="alert" className="text-small text-danger-600">
            {serverError}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
