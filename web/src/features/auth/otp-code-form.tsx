import { verifyOtpRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../ui/index.ts';
import { OtpCodeField, ResendCode } from './auth-fields.tsx';
import { authSubmit } from './auth-submit.ts';

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
  const form = useForm<Values>({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });
  const { control, formState } = form;
  const submit = authSubmit(form, { otp: 'otp' }, showPopup, ({ otp }) => onSubmit(otp));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <OtpCodeField control={control} name="otp" error={formState.errors.otp?.message} disabled={disabled} />
      <Button type="submit" size="lg" fullWidth loading={formState.isSubmitting} disabled={disabled}>
        {submitLabel}
      </Button>
      <ResendCode onResend={onResend} disabled={disabled} />
    </form>
  );
}
