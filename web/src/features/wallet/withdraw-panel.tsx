import {
  filterAmount,
  filterCryptoAddress,
  WALLET_SUCCESS_MS,
  WALLET_TEXT,
  type WithdrawRequest,
  withdrawRequest,
} from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Field, Input, notify } from '../../ui/index.ts';
import { OtpModal } from '../../ui/otp-modal.tsx';
import { useRequestWithdrawal, useVerifyWithdrawal } from './api.ts';
import { otpErrorText, walletErrorText } from './messages.ts';
import { WhitelistPicker } from './whitelist-picker.tsx';

interface WithdrawValues {
  amount: string;
  address: string;
}

export interface WithdrawPanelProps {
  /** The lead's whitelisted addresses (dashboard profile.white_list). */
  whiteList: string[];
  /** Called 2 s after a withdrawal went through: the modal closes. */
  onDone: () => void;
}

/** Withdraw tab ('Withdraw USDT', leads only): amount and address, then the emailed code (spec §4 Wallet). */
export function WithdrawPanel({ whiteList, onDone }: WithdrawPanelProps) {
  const { control, handleSubmit, setValue, reset } = useForm<WithdrawValues>({
    defaultValues: { amount: '', address: '' },
  });
  const request = useRequestWithdrawal();
  const verify = useVerifyWithdrawal();
  const [pending, setPending] = useState<WithdrawRequest | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  const doneTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(doneTimer.current), []);

  const submit = handleSubmit(async (values) => {
    const amount = Number.parseFloat(filterAmount(values.amount));
    const address = filterCryptoAddress(values.address);
    if (!Number.isFinite(amount) || !address) {
      notify.error(WALLET_TEXT.fillAllFields);
      return;
    }
    const body = withdrawRequest.safeParse({ amount, address });
    if (!body.success) {
      notify.error(body.error.issues[0]?.message ?? WALLET_TEXT.withdrawFailed);
      return;
    }
    try {
      const answer = await request.mutateAsync(body.data);
      if (answer?.message === WALLET_TEXT.withdrawOtpSent) {
        setPending(body.data);
        setOtpOpen(true);
      } else {
        notify.error(answer?.message || WALLET_TEXT.withdrawFailed);
      }
    } catch (error) {
      notify.error(walletErrorText(error, WALLET_TEXT.withdrawFailed));
    }
  });

  const confirm = async (otp: string) => {
    if (!pending) return;
    await verify.mutateAsync({ ...pending, otp });
    setOtpOpen(false);
    setPending(null);
    notify.success(WALLET_TEXT.withdrawalSent, { duration: WALLET_SUCCESS_MS });
    doneTimer.current = window.setTimeout(() => {
      reset();
      onDone();
    }, WALLET_SUCCESS_MS);
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <h3 className="text-h3 text-gray-900">{WALLET_TEXT.withdrawHeading}</h3>
        <Field label={WALLET_TEXT.amount}>
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <Input
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(filterAmount(event.target.value))}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                trailing={<span className="pr-2.5 text-small font-medium text-gray-500">USDT</span>}
              />
            )}
          />
        </Field>
        <Field
          label={WALLET_TEXT.walletAddress}
          labelAside={
            <WhitelistPicker
              addresses={whiteList}
              onPick={(address) => setValue('address', address, { shouldDirty: true })}
            />
          }
        >
          <Controller
            control={control}
            name="address"
            render={({ field }) => (
              <Input
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(filterCryptoAddress(event.target.value))}
                autoComplete="off"
                spellCheck={false}
                placeholder="T…"
                className="font-mono text-small"
              />
            )}
          />
        </Field>
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          {request.isPending ? WALLET_TEXT.processing : WALLET_TEXT.withdrawSubmit}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit must not submit this form. */}
      <OtpModal
        open={otpOpen}
        onOpenChange={setOtpOpen}
        title={WALLET_TEXT.confirmWithdrawal}
        description="Введите 6-значный код, отправленный на вашу почту."
        onVerify={confirm}
        errorText={otpErrorText}
      />
    </>
  );
}
