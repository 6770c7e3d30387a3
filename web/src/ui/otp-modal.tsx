import {
  OTP_ERROR_TOAST_MS,
  OTP_LENGTH,
  WALLET_TEXT,
  type WalletOtpRequest,
  walletOtpRequest,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { readError } from '../api/errors.ts';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import { Modal } from './modal.tsx';
import { OtpInput } from './otp-input.tsx';
import { notify } from './toast.tsx';

/**
 * The error toast of a failed code check (spec §8 Wallet OTP): the server's detail text, otherwise
 * 'Ошибка верификации'. With `orError`, a refusal for another reason after the code (a withdrawal the
 * server turned down) shows its error text too.
 */
export function otpErrorText(error: unknown, { orError = false }: { orError?: boolean } = {}): string {
  const read = readError(error);
  return read.answer('detail') ?? (orError ? read.answer('error') : null) ?? WALLET_TEXT.otpFailed;
}

export interface OtpModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Spec §2: 'Confirm Wallet Creation', 'Confirm Withdrawal'; the default is 'Подтверждение OTP'. */
  title?: ReactNode;
  description?: ReactNode;
  /** What is being confirmed, restated above the code boxes (e.g. amount, fee and address). */
  summary?: ReactNode;
  /** Checks the code with the server; a rejection is shown as an error toast and marks the boxes. */
  onVerify: (otp: string) => Promise<void>;
  /** Text for a failed check; by default the server's detail, otherwise 'Ошибка верификации'. */
  errorText?: (error: unknown) => string;
  /**
   * The button's text and its text while checking: the spec's 'Verify OTP' / 'Checking...' by default; a
   * screen in Russian (the operator console) passes its own, so the dialog speaks one language.
   */
  submitLabel?: string;
  checkingLabel?: string;
}

/**
 * The reusable one-time-code confirmation (spec §2 Wallet dialogs, §5 Wallet): six single-digit boxes
 * (digits only, paste, Backspace to the previous box), 'Verify OTP' reading 'Checking...' while busy.
 * A react-hook-form form on the shared code contract: fewer than six digits shows 'Введите полный
 * 6-значный код'; a failed check shows an error toast for 3 s.
 */
export function OtpModal({
  open,
  onOpenChange,
  title = WALLET_TEXT.otpDefaultTitle,
  description,
  summary,
  onVerify,
  errorText = otpErrorText,
  submitLabel = WALLET_TEXT.verifyOtp,
  checkingLabel = WALLET_TEXT.checking,
}: OtpModalProps) {
  const [failed, setFailed] = useState(false);
  const { control, handleSubmit, reset, clearErrors, formState } = useForm<WalletOtpRequest>({
    resolver: zodResolver(walletOtpRequest),
    defaultValues: { otp: '' },
    // A half-typed code is judged on the next submit, not on every keystroke after a failed one.
    reValidateMode: 'onSubmit',
  });
  const verifying = formState.isSubmitting;

  // Every opening starts from empty boxes.
  useEffect(() => {
    if (open) {
      reset({ otp: '' });
      setFailed(false);
    }
  }, [open, reset]);

  const verify = handleSubmit(async ({ otp }) => {
    try {
      await onVerify(otp);
    } catch (error) {
      setFailed(true);
      notify.error(errorText(error), { duration: OTP_ERROR_TOAST_MS });
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The modal may sit inside another form in the React tree; its submit must stay its own.
    event.stopPropagation();
    if (verifying) {
      event.preventDefault();
      return;
    }
    void verify(event);
  };

  const incomplete = formState.errors.otp?.message;

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
        {summary ? <div className="w-full">{summary}</div> : null}
        <Field label="Код из письма" error={incomplete} className="w-full items-center">
          <Controller
            control={control}
            name="otp"
            render={({ field }) => (
              <OtpInput
                value={field.value}
                length={OTP_LENGTH}
                onChange={(next) => {
                  field.onChange(next);
                  clearErrors('otp');
                  setFailed(false);
                }}
                onBlur={field.onBlur}
                invalid={failed || Boolean(incomplete)}
                disabled={verifying}
                autoFocus
              />
            )}
          />
        </Field>
        <Button type="submit" size="lg" fullWidth disabled={verifying} aria-busy={verifying || undefined}>
          {verifying ? checkingLabel : submitLabel}
        </Button>
      </form>
    </Modal>
  );
}
