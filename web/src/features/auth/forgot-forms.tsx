import {
  filterPassword,
  type PasswordResetRequest,
  passwordResetRequest,
  requestPasswordResetRequest,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applyFormError } from '../../api/errors.ts';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, PasswordInput } from '../../ui/index.ts';
import { AuthSubmit, EmailField, NewPasswordField, OtpCodeField, ResendCode } from './auth-fields.tsx';

type EmailValues = z.infer<typeof requestPasswordResetRequest>;

export interface ForgotEmailFormProps {
  defaults?: Partial<EmailValues>;
  onSubmit: (body: EmailValues) => Promise<void>;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Reset step 1: the account e-mail. */
export function ForgotEmailForm({ defaults, onSubmit, showPopup, disabled }: ForgotEmailFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<EmailValues>({
    resolver: zodResolver(requestPasswordResetRequest),
    defaultValues: { email: '', ...defaults },
  });

  const submit = handleSubmit(async (values) => {
    showPopup(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyFormError(error, setError, { email: 'email' }, (text) => showPopup(text));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <EmailField registration={register('email')} error={formState.errors.email?.message} />
      <AuthSubmit busy={formState.isSubmitting} disabled={disabled}>
        Отправить код
      </AuthSubmit>
    </form>
  );
}

type ResetValues = z.input<typeof passwordResetRequest>;

export interface ForgotResetFormProps {
  email: string;
  onSubmit: (body: PasswordResetRequest) => Promise<void>;
  onResend: () => Promise<void>;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Reset step 2: the e-mailed code, the new password (with the strength panel) and its confirmation. */
export function ForgotResetForm({ email, onSubmit, onResend, showPopup, disabled }: ForgotResetFormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm<
    ResetValues,
    unknown,
    PasswordResetRequest
  >({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email, otp: '', new_password: '', confirm_password: '' },
  });
  const newPassword = useWatch({ control, name: 'new_password' }) ?? '';

  const submit = handleSubmit(async (values) => {
    showPopup(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyFormError(
        error,
        setError,
        {
          otp: 'otp',
          newPassword: 'new_password',
          password: 'new_password',
          confirmPassword: 'confirm_password',
        },
        (text) => showPopup(text),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <OtpCodeField control={control} name="otp" error={formState.errors.otp?.message} disabled={disabled} />
      <NewPasswordField
        label="Новый пароль"
        placeholder="Придумайте новый пароль"
        registration={register('new_password')}
        password={newPassword}
        error={formState.errors.new_password?.message}
      />
      <Field label="Подтвердите пароль" error={formState.errors.confirm_password?.message}>
        <PasswordInput
          autoComplete="new-password"
          placeholder="Повторите новый пароль"
          {...withInputFilter(register('confirm_password'), filterPassword)}
        />
      </Field>
      <AuthSubmit busy={formState.isSubmitting} disabled={disabled}>
        Сменить пароль
      </AuthSubmit>
      <ResendCode onResend={onResend} disabled={disabled} />
    </form>
  );
}
