import { SETTINGS_MESSAGES, type SettingsPasswordForm, settingsPasswordForm, WALLET_TEXT } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { Button, Card, CardHeader, Field, notify, PasswordInput } from '../../ui/index.ts';
import { OtpModal } from '../../ui/otp-modal.tsx';
import { usePasswordReset, useRequestPasswordReset } from '../auth/api.ts';
import { SETTINGS_TEXT as T } from './settings-texts.ts';

/**
 * Password change (spec §7 Settings): the new password on the settings rule (8+, a digit, a letter, matching
 * confirmation), then a code mailed to the user's address, confirmed in a dialog that restates what changes.
 * The user stays signed in.
 */
export function PasswordCard({ email }: { email: string }) {
  const requestCode = useRequestPasswordReset();
  const reset = usePasswordReset();
  const [pending, setPending] = useState<SettingsPasswordForm | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  const form = useForm<SettingsPasswordForm>({
    resolver: zodResolver(settingsPasswordForm),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const { register, handleSubmit, formState } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await requestCode.mutateAsync({ email });
      setPending(values);
      setOtpOpen(true);
    } catch (error) {
      notify.error(readError(error).text);
    }
  });

  const confirm = async (otp: string) => {
    if (!pending) return;
    await reset.mutateAsync({ email, otp, ...pending });
    setOtpOpen(false);
    setPending(null);
    form.reset();
    notify.success(SETTINGS_MESSAGES.passwordChanged);
  };

  const newError = formState.errors.new_password?.message;
  const confirmError = formState.errors.confirm_password?.message;

  return (
    <Card aria-labelledby="password-title">
      <CardHeader
        title={<span id="password-title">{T.passwordTitle}</span>}
        description={T.passwordDescription}
      />
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={T.newPassword} error={newError} hint={newError ? undefined : T.passwordRules}>
            <PasswordInput
              {...register('new_password')}
              invalid={Boolean(newError)}
              autoComplete="new-password"
            />
          </Field>
          <Field label={T.confirmPassword} error={confirmError}>
            <PasswordInput
              {...register('confirm_password')}
              invalid={Boolean(confirmError)}
              autoComplete="new-password"
            />
          </Field>
        </div>
        <div>
          <Button type="submit" loading={requestCode.isPending}>
            {T.changePassword}
          </Button>
        </div>
      </form>
      <OtpModal
        open={otpOpen}
        onOpenChange={setOtpOpen}
        title={T.passwordConfirmTitle}
        summary={
          <p className="rounded-lg border border-gray-200 bg-gray-50 px-3.5 py-3 text-small text-gray-700">
            {T.passwordConfirmSummary(email)}
          </p>
        }
        onVerify={confirm}
        errorText={(error) => readError(error, WALLET_TEXT.otpFailed).text}
      />
    </Card>
  );
}
