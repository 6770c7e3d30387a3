import {
  filterPassword,
  type PasswordResetRequest,
  passwordResetRequest,
  requestPasswordResetRequest,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, PasswordInput } from '../../ui/index.ts';
import { AuthForm, EmailField, NewPasswordField, OtpCodeField, ResendCode } from './auth-fields.tsx';
import { authSubmit } from './auth-submit.ts';

type EmailValues = z.infer<typeof requestPasswordResetRequest>;

export interface ForgotEmailFormProps {
  defaults?: Partial<EmailValues>;
  onSubmit: (body: EmailValues) => Promise<void>;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Reset step 1: the account e-mail. */
export function ForgotEmailForm({ defaults, onSubmit, showPopup, disabled }: ForgotEmailFormProps) {
  const form = useForm<EmailValues>({
    resolver: zodResolver(requestPasswordResetRequest),
    defaultValues: { email: '', ...defaults },
  });
  const { register, formState } = form;
  const submit = authSubmit(form, { email: 'email' }, showPopup, onSubmit);

  return (
    <AuthForm onSubmit={submit} busy={formState.isSubmitting} disabled={disabled} submitLabel="Отправить код">
      <EmailField registration={register('email')} error={formState.errors.email?.message} />
    </AuthForm>
  );
}

type ResetValues = z.input<typeof passwordResetRequest>;

export interface ForgotResetFormProps {
  email: string;
  /** The code from a password-setting link, filled in. */
  code?: string;
  onSubmit: (body: PasswordResetRequest) => Promise<void>;
  onResend: () => Promise<void>;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Reset step 2: the e-mailed code, the new password (with the strength panel) and its confirmation. */
export function ForgotResetForm({
  email,
  code = '',
  onSubmit,
  onResend,
  showPopup,
  disabled,
}: ForgotResetFormProps) {
  const form = useForm<ResetValues, unknown, PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email, otp: code, new_password: '', confirm_password: '' },
  });
  const { register, control, formState } = form;
  const newPassword = useWatch({ control, name: 'new_password' }) ?? '';
  const fieldMap = {
    otp: 'otp',
    newPassword: 'new_password',
    password: 'new_password',
    confirmPassword: 'confirm_password',
  } as const;
  const submit = authSubmit(form, fieldMap, showPopup, onSubmit);

  return (
    <AuthForm
      onSubmit={submit}
      busy={formState.isSubmitting}
      disabled={disabled}
      submitLabel="Сменить пароль"
      after={<ResendCode onResend={onResend} disabled={disabled} />}
    >
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
    </AuthForm>
  );
}
