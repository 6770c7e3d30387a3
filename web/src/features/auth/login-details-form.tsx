import { filterPassword, type LoginRequest, loginRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFormError } from '../../api/errors.ts';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, PasswordInput } from '../../ui/index.ts';
import { AuthSubmit, EmailField } from './auth-fields.tsx';

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
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '', ...defaults },
  });

  const submit = handleSubmit(async (values) => {
    showPopup(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyFormError(error, setError, { email: 'email', password: 'password' }, (text) => showPopup(text));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
      <AuthSubmit busy={formState.isSubmitting} disabled={disabled}>
        Продолжить
      </AuthSubmit>
    </form>
  );
}
