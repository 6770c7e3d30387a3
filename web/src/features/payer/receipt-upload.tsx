import { DEAL_MESSAGES, PAYER_TEXT } from '@app/shared/deals/messages';
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '@app/shared/deals/receipt';
import { CircleCheck, FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { Button } from '../../ui/button.tsx';
import { useUploadReceipt } from './api.ts';

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What the file picker offers: the three types, by MIME type and by extension (some phones know only one). */
const ACCEPT = [...RECEIPT_CONTENT_TYPES, ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`)].join(',');

/**
 * The client-side check before a receipt is sent (the server checks the content again): null when the file
 * may go, otherwise the message to show. A file the browser gives no type is judged by its extension.
 */
export function receiptFileError(file: File): string | null {
  if (file.size > RECEIPT_MAX_BYTES) return DEAL_MESSAGES.receiptTooLarge;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || EXTENSION_TYPES[extension] || '';
  return (RECEIPT_CONTENT_TYPES as readonly string[]).includes(type) ? null : DEAL_MESSAGES.receiptBadType;
}

export interface ReceiptUploadProps {
  orderId: string;
  uploaded: boolean;
}

/** The optional receipt: a button that opens the file picker, the upload, then "Чек загружен". */
export function ReceiptUpload({ orderId, uploaded }: ReceiptUploadProps) {
  const upload = useUploadReceipt(orderId);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const messageId = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again after a failure fires another change.
    event.target.value = '';
    if (!file) return;
    const refused = receiptFileError(file);
    setProblem(refused);
    if (refused) return;
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setProblem(readError(error, PAYER_TEXT.receiptFailed).text);
    }
  };

  if (uploaded) {
    return (
      <p
        className="flex items-center justify-center gap-2 text-small font-medium text-success-700"
        role="status"
      >
        <CircleCheck size={16} aria-hidden />
        {DEAL_MESSAGES.receiptUploaded}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="receipt-input"
        onChange={choose}
      />
      <Button
        variant="secondary"
        fullWidth
        leftIcon={<FileUp size={16} />}
        loading={upload.isPending}
        aria-describedby={messageId}
        onClick={() => input.current?.click()}
      >
        {PAYER_TEXT.uploadReceipt}
      </Button>
      <p
        id={messageId}
        className={problem ? 'text-small text-danger-600' : 'text-caption text-gray-500'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? 'Необязательно. PDF, JPEG или PNG до 10 МБ — поможет быстрее найти платёж.'}
      </p>
    </div>
  );
}
