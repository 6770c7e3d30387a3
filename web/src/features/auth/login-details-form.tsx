import { filterPassword, type LoginRequest, loginRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, PasswordInput } from '../../ui/index.ts';
import { AuthForm, EmailField } from './auth-fields.tsx';
import { authSubmit } from './auth-submit.ts';

type Values = z.input<typeof loginRequest>;

export interface LoginDetailsFormProps {
  defaults?: Partial<Values>;
  onSubmit: (body: LoginRequest) => Promise<void>;
  onForgotPassword: () => void;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Sign-in step 1: e-mail and password. */
export function LoginDetailsForm({
  defaults,
  onSubmit,
  onForgotPassword,
  showPopup,
  disabled,
}: LoginDetailsFormProps) {
  const form = useForm<Values, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '', ...defaults },
  });
  const { register, formState } = form;
  const submit = authSubmit(form, { email: 'email', password: 'password' }, showPopup, onSubmit);

  return (
    <AuthForm onSubmit={submit} busy={formState.isSubmitting} disabled={disabled} submitLabel="Продолжить">
      <EmailField
        registration={register('email')}
        error={formState.errors.email?.message}
        autoComplete="username"
      />
      <Field
        label="Пароль"
        error={formState.errors.password?.message}
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="tap-area z-10 text-small font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Забыли пароль?
          </button>
        }
      >
        <PasswordInput
          autoComplete="current-password"
          placeholder="Ваш пароль"
          {...withInputFilter(register('password'), filterPassword)}
        />
      </Field>
    </AuthForm>
  );
}
