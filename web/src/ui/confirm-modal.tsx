import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What happens if the user confirms, said plainly. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (disconnect, delete, reset) get the danger button. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
}

/** A yes/no step before an action that cannot be taken back. */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Отмена',
  tone = 'danger',
  busy = false,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-small text-gray-600">{description}</div>
    </Modal>
  );
}
