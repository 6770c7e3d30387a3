import { Copy, KeyRound } from 'lucide-react';
import { copyText } from '../../ui/copy-text.ts';
import { Alert, Button, Modal, notify } from '../../ui/index.ts';
import { API_SECTION_TEXT } from './api-texts.ts';

export interface ShownOnceModalProps {
  /** The secret to show; the modal is open while it is set. */
  value: string | null;
  title: string;
  /** Why it must be copied now (MERCHANT_TEXT.keyShownOnce / secretShownOnce). */
  warning: string;
  onClose: () => void;
}

/**
 * A new API key or signing secret, shown the only time the server sends it, with a copy button. It closes
 * only by its buttons or Escape, never by a stray tap outside, so the value is not lost by accident.
 */
export function ShownOnceModal({ value, title, warning, onClose }: ShownOnceModalProps) {
  const copy = async () => {
    if (!value) return;
    try {
      await copyText(value);
      notify.success(API_SECTION_TEXT.copied);
    } catch {
      notify.error(API_SECTION_TEXT.copyFailed);
    }
  };

  return (
    <Modal
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      dismissOnOutsideClick={false}
      header={
        <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <KeyRound size={20} />
        </div>
      }
      footer={<Button onClick={onClose}>{API_SECTION_TEXT.done}</Button>}
    >
      <div className="flex flex-col gap-4">
        <Alert tone="warning" role="alert">
          {warning}
        </Alert>
        <div className="flex items-stretch gap-2">
          <code
            data-testid="shown-once-value"
            className="min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 font-mono text-small break-all text-gray-900 select-all"
          >
            {value}
          </code>
          <Button variant="secondary" leftIcon={<Copy size={16} />} onClick={() => void copy()}>
            {API_SECTION_TEXT.copy}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
