import { OTP_ERROR_TOAST_MS, OTP_LENGTH, otpError, WALLET_TEXT } from '@app/shared';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import { Modal } from './modal.tsx';
import { OtpInput } from './otp-input.tsx';
import { notify } from './toast.tsx';

/** The server's `detail` text of a failed call, if it sent one (spec §8 Wallet OTP). */
function detailOf(error: unknown): string | null {
  const body = (error as { body?: unknown } | null)?.body;
  if (
    body &&
    typeof body === 'object' &&
    'detail' in body &&
    typeof body.detail === 'string' &&
    body.detail.trim()
  ) {
    return body.detail;
  }
  return null;
}

export interface OtpModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Spec §2: 'Confirm Wallet Creation', 'Confirm Withdrawal'; the default is 'Подтверждение OTP'. */
  title?: ReactNode;
  description?: ReactNode;
  /** Checks the code with the server; a rejection is shown as an error toast and marks the boxes. */
  onVerify: (otp: string) => Promise<void>;
  /** Text for a failed check; by default the server's detail, otherwise 'Ошибка верификации'. */
  errorText?: (error: unknown) => string;
}

/**
 * The reusable one-time-code confirmation (spec §2 Wallet dialogs, §5 Wallet): six single-digit boxes
 * (digits only, paste, Backspace to the previous box), 'Verify OTP' reading 'Checking...' while busy.
 * Fewer than six digits shows 'Введите полный 6-значный код'; a failed check shows an error toast for 3 s.
 */
export function OtpModal({
  open,
  onOpenChange,
  title = WALLET_TEXT.otpDefaultTitle,
  description,
  onVerify,
  errorText = (error) => detailOf(error) ?? WALLET_TEXT.otpFailed,
}: OtpModalProps) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [verifying, setVerifying] = useState(false);

  // Every opening starts from empty boxes.
  useEffect(() => {
    if (open) {
      setCode('');
      setIncomplete(null);
      setFailed(false);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The modal may sit inside another form in the React tree; its submit must stay its own.
    event.stopPropagation();
    if (verifying) return;
    const problem = otpError(code);
    if (problem) {
      setIncomplete(problem);
      return;
    }
    setVerifying(true);
    try {
      await onVerify(code);
    } catch (error) {
      setFailed(true);
      notify.error(errorText(error), { duration: OTP_ERROR_TOAST_MS });
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!verifying) onOpenChange(next);
      }}
      title={title}
      description={description}
      size="sm"
      dismissOnOutsideClick={false}
    >
      <form onSubmit={submit} noValidate className="flex flex-col items-center gap-5">
        <Field label="Код из письма" error={incomplete} className="w-full items-center">
          <OtpInput
            value={code}
            length={OTP_LENGTH}
            onChange={(next) => {
              setCode(next);
              setIncomplete(null);
              setFailed(false);
            }}
            invalid={failed || Boolean(incomplete)}
            disabled={verifying}
            autoFocus
          />
        </Field>
        <Button type="submit" size="lg" fullWidth disabled={verifying} aria-busy={verifying || undefined}>
          {verifying ? WALLET_TEXT.checking : WALLET_TEXT.verifyOtp}
        </Button>
      </form>
    </Modal>
  );
}
