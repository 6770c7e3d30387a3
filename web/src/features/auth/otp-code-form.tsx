import { RESEND_CODE_TEXT, verifyOtpRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Field, OtpInput } from '../../ui/index.ts';
import { applyFormError } from './form-errors.ts';

/** The code field alone, with the shared OTP rule (six digits, spec §5 message). */
const codeSchema = z.object({ otp: verifyOtpRequest.shape.otp });
type Values = z.infer<typeof codeSchema>;

export interface OtpCodeFormProps {
  /** Sends the code to the server; rejects with the API error. */
  onSubmit: (otp: string) => Promise<void>;
  /** Repeats step 1 so a new code is e-mailed. */
  onResend: () => Promise<void>;
  showPopup: (text: string | null) => void;
  submitLabel: string;
  disabled?: boolean;
}

/** Step 2 of sign-up and sign-in: the six-digit e-mailed code, with resend. */
export function OtpCodeForm({ onSubmit, onResend, showPopup, submitLabel, disabled }: OtpCodeFormProps) {
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });
  const [resending, setResending] = useState(false);

  const submit = handleSubmit(async ({ otp }) => {
    showPopup(null);
    try {
      await onSubmit(otp);
    } catch (error) {
      applyFormError(error, setError, { otp: 'otp' }, (text) => showPopup(text));
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label="Код из письма" error={formState.errors.otp?.message}>
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              autoFocus
              disabled={disabled}
            />
          )}
        />
      </Field>
      <Button type="submit" size="lg" fullWidth loading={formState.isSubmitting} disabled={disabled}>
        {submitLabel}
      </Button>
      <ResendButton onClick={resend} busy={resending} disabled={disabled} />
    </form>
  );
}

/** "Отправить код повторно": repeats the step-1 call. */
export function ResendButton({
  onClick,
  busy,
  disabled,
}: {
  onClick: () => void;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <p className="text-center text-small text-gray-500">
      Не пришёл код?{' '}
      <button
        type="button"
        onClick={onClick}
        disabled={busy || disabled}
        className="font-medium text-brand-700 hover:text-brand-800 hover:underline disabled:cursor-wait disabled:opacity-60"
      >
        {RESEND_CODE_TEXT}
      </button>
    </p>
  );
}
