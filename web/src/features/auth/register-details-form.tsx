import { filterReferralCode, registerRequest } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applyFormError } from '../../api/errors.ts';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Field, Input } from '../../ui/index.ts';
import type { RegisterBody } from './api.ts';
import { AuthSubmit, EmailField, NewPasswordField } from './auth-fields.tsx';

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
  const { register, handleSubmit, setError, formState, control } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';

  const submit = handleSubmit(async (values) => {
    showPopup(null);
    // The code is marked required in the form but sent only when filled (spec §5).
    const body: RegisterBody = { email: values.email, password: values.password };
    if (values.referral_code) body.referral_code = values.referral_code;
    try {
      await onSubmit(body);
    } catch (error) {
      applyFormError(error, setError, { email: 'email', password: 'password' }, (text) => showPopup(text));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
      <AuthSubmit busy={formState.isSubmitting} disabled={disabled}>
        Продолжить
      </AuthSubmit>
    </form>
  );
}
