import { filterEmail, filterPassword, RESEND_CODE_TEXT } from '@app/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { Button, Field, Input, OtpInput, PasswordInput } from '../../ui/index.ts';
import { PasswordStrengthPanel } from './password-strength.tsx';
import { useWhileFocused } from './use-while-focused.ts';

/** The email field of every auth step: the spec §5 email filter and the field's error. */
export function EmailField({
  registration,
  error,
  autoComplete = 'email',
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete?: 'email' | 'username';
}) {
  return (
    <Field label="Email" error={error}>
      <Input
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        placeholder="you@company.com"
        {...withInputFilter(registration, filterEmail)}
      />
    </Field>
  );
}

/**
 * A password being chosen (register, reset): the password filter, and the live strength panel while the
 * field is focused (spec §2 Auth modal).
 */
export function NewPasswordField({
  label,
  placeholder,
  registration,
  password,
  error,
}: {
  label: string;
  placeholder: string;
  registration: UseFormRegisterReturn;
  password: string;
  error?: string;
}) {
  const strength = useWhileFocused();
  const props = withInputFilter(registration, filterPassword);
  return (
    <>
      <Field label={label} error={error}>
        <PasswordInput
          autoComplete="new-password"
          placeholder={placeholder}
          {...props}
          onFocus={strength.onFocus}
          onBlur={(event) => {
            strength.onBlur();
            void props.onBlur(event);
          }}
        />
      </Field>
      {strength.visible ? <PasswordStrengthPanel password={password} /> : null}
    </>
  );
}

/** The six-box code field bound to a react-hook-form field. */
export function OtpCodeField<T extends FieldValues>({
  control,
  name,
  error,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Field label="Код из письма" error={error}>
      <Controller
        control={control}
        name={name}
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
  );
}

/** "Не пришёл код? Отправить код повторно": repeats the step-1 call, busy while it runs. */
export function ResendCode({ onResend, disabled }: { onResend: () => Promise<void>; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await onResend();
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="text-center text-small text-gray-500">
      Не пришёл код?{' '}
      <button
        type="button"
        onClick={resend}
        disabled={busy || disabled}
        className="tap-area font-medium text-brand-700 hover:text-brand-800 hover:underline disabled:cursor-wait disabled:opacity-60"
      >
        {RESEND_CODE_TEXT}
      </button>
    </p>
  );
}

/** An auth step's form: its fields, then the primary action (full width, busy while the form submits), then `after`. */
export function AuthForm({
  onSubmit,
  busy,
  disabled,
  submitLabel,
  children,
  after,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {children}
      <Button type="submit" size="lg" fullWidth loading={busy} disabled={disabled} className="mt-2">
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
