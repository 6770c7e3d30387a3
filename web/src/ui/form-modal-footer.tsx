/** The footer of a modal that holds a form (a method's details and limits, an API key, a referral code, a dispute). */
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface FormModalFooterProps {
  /** The id of the form inside the modal: the submit button sits outside it, in the footer. */
  formId: string;
  submitLabel: ReactNode;
  onCancel: () => void;
  cancelLabel?: string;
  /** The form is being sent: the submit button spins. */
  submitting: boolean;
  submitDisabled?: boolean;
  /** Set while leaving would abandon a request already sent. */
  cancelDisabled?: boolean;
}

/** "Отмена" and the form's submit button, in that order. */
export function FormModalFooter({
  formId,
  submitLabel,
  onCancel,
  cancelLabel = 'Отмена',
  submitting,
  submitDisabled,
  cancelDisabled,
}: FormModalFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} loading={submitting} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </>
  );
}
