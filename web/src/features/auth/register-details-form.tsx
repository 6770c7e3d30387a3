import { filterReferralCode, registerRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, Input } from '../../ui/index.ts';
import type { RegisterBody } from './api.ts';
import { AuthForm, EmailField, NewPasswordField } from './auth-fields.tsx';
import { authSubmit } from './auth-submit.ts';

type Values = z.input<typeof registerRequest>;
type Output = z.output<typeof registerRequest>;

export interface RegisterDetailsFormProps {
  defaults?: Partial<Values>;
  onSubmit: (body: RegisterBody) => Promise<void>;
  showPopup: (text: string | null) => void;
  disabled?: boolean;
}

/** Sign-up step 1: e-mail, password (with the live strength panel) and referral code. */
export function RegisterDetailsForm({ defaults, onSubmit, showPopup, disabled }: RegisterDetailsFormProps) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(registerRequest),
    defaultValues: { email: '', password: '', referral_code: '', ...defaults },
  });
  const { register, formState, control } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';

  const submit = authSubmit(form, { email: 'email', password: 'password' }, showPopup, (values) => {
    // The code is marked required in the form but sent only when filled (spec §5).
    const body: RegisterBody = { email: values.email, password: values.password };
    if (values.referral_code) body.referral_code = values.referral_code;
    return onSubmit(body);
  });

  return (
    <AuthForm onSubmit={submit} busy={formState.isSubmitting} disabled={disabled} submitLabel="Продолжить">
      <EmailField registration={register('email')} error={formState.errors.email?.message} />
      <NewPasswordField
        label="Пароль"
        placeholder="Придумайте пароль"
        registration={register('password')}
        password={password}
        error={formState.errors.password?.message}
      />
      <Field
        label="Реферальный код"
        required
        hint="Код приглашения от вашего партнёра"
        error={formState.errors.referral_code?.message}
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="Например, PARTNER-2024"
          {...withInputFilter(register('referral_code'), filterReferralCode)}
        />
      </Field>
    </AuthForm>
  );
}
