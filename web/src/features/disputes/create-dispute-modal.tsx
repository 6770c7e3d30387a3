import { DISPUTE_MESSAGES, disputeFileError, transactionIdError } from '@app/shared/disputes/messages';
import { Paperclip } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, Field, Input, Modal, notify } from '../../ui/index.ts';
import { createErrorText, useCreateDispute } from './api.ts';
import { DISPUTE_PAGE_TEXT as TEXT } from './dispute-parts.tsx';

/**
 * Support's "Create dispute" (spec §2, §5, §8 Disputes): a transaction id (required, UUID), an optional
 * comment sent as `note`, and attachments (pdf, jpeg, jpg, png, mp4, up to 50MB each), checked before
 * anything is sent; each server answer (400, 403, 404, 500) shows its own text.
 */
export function CreateDisputeModal({ onClose }: { onClose: () => void }) {
  const [transactionId, setTransactionId] = useState('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [idError, setIdError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateDispute();
  const noteId = useId();
  const filesId = useId();
  const filesInput = useRef<HTMLInputElement>(null);

  const pickFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const problem = picked.map(disputeFileError).find((message) => message !== null) ?? null;
    setFileError(problem);
    setFiles(problem ? [] : picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const idProblem = transactionIdError(transactionId);
    setIdError(idProblem);
    setServerError(null);
    if (idProblem || fileError) return;
    try {
      await create.mutateAsync({ transactionId: transactionId.trim(), note: note.trim(), files });
      notify.success(DISPUTE_MESSAGES.created);
      onClose();
    } catch (error) {
      // Said once, in the dialog beside the fields, not again in a toast.
      setServerError(createErrorText(error));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
      title={TEXT.createTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" form="create-dispute-form" loading={create.isPending}>
            {TEXT.create}
          </Button>
        </>
      }
    >
      <form id="create-dispute-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={TEXT.transactionId} required error={idError}>
          <Input
            value={transactionId}
            onChange={(event) => {
              setTransactionId(event.target.value);
              if (idError) setIdError(null);
            }}
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
            value={note}
            onChange={(event) => setNote(event.target.value)}
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
            {files.length > 0 ? (
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
