import {
  filterAmount,
  filterCryptoAddress,
  formatUsdt,
  usdtNumberToMicro,
  usdtText,
  WALLET_MESSAGES,
  WALLET_SUCCESS_MS,
  WALLET_TEXT,
  type WhitelistEntry,
  WITHDRAW_SUMMARY_TEXT,
  WITHDRAWABLE_TEXT,
  WITHDRAWALS_TEXT,
  type WithdrawableBalance,
  type WithdrawFormValues,
  type WithdrawLimits,
  type WithdrawRequest,
  withdrawCost,
  withdrawFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Field, Input, notify } from '../../ui/index.ts';
import { OtpModal, otpErrorText } from '../../ui/otp-modal.tsx';
import {
  useRequestWithdrawal,
  useVerifyWithdrawal,
  useWithdrawable,
  useWithdrawLimits,
  walletErrorText,
} from './api.ts';
import { WhitelistPicker } from './whitelist-picker.tsx';
import { WithdrawableSummary } from './withdrawable-summary.tsx';

/** A confirmed request waiting for its code, with the fee known when the form was sent. */
interface PendingWithdrawal extends WithdrawRequest {
  fee: number | null;
}

export interface WithdrawPanelProps {
  /** The lead's whitelisted addresses (dashboard profile.white_list). */
  whiteList: WhitelistEntry[];
  /** Called 2 s after a withdrawal went through: the modal closes. */
  onDone: () => void;
}

/** Field text under an input: 'Please fill in all fields' is said once, as a toast, not under each field. */
function fieldError(message: string | undefined): string | undefined {
  return message && message !== WALLET_MESSAGES.fillAllFields ? message : undefined;
}

function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-gray-500">{label}</dt>
      <dd className={strong ? 'font-semibold text-gray-900 tabular-nums' : 'text-gray-800 tabular-nums'}>
        {value}
      </dd>
    </div>
  );
}

/** Fee, minimum, what arrives and what leaves the balance, before the user submits. */
function CostSummary({ amount, limits }: { amount: string; limits: WithdrawLimits }) {
  const cost = withdrawCost(amount, limits);
  return (
    <dl
      className="flex flex-col gap-1.5 rounded-lg border border-gray-200 bg-gray-50 px-3.5 py-3 text-small"
      data-testid="withdraw-cost"
    >
      <SummaryRow label={WITHDRAW_SUMMARY_TEXT.fee} value={usdtText(limits.fee)} />
      <SummaryRow label={WITHDRAW_SUMMARY_TEXT.minimum} value={usdtText(limits.minimum)} />
      <SummaryRow label={WITHDRAW_SUMMARY_TEXT.arrives} value={cost ? usdtText(cost.arrives) : '—'} />
      <SummaryRow label={WITHDRAW_SUMMARY_TEXT.total} value={cost ? usdtText(cost.total) : '—'} strong />
    </dl>
  );
}

/** The largest amount that can be typed: what can leave now minus the fee, or null when nothing can. */
function maxAmount(
  balance: WithdrawableBalance | undefined,
  limits: WithdrawLimits | undefined,
): string | null {
  if (!balance || !limits || balance.debt > 0) return null;
  const max = (usdtNumberToMicro(balance.withdrawable) ?? 0n) - (usdtNumberToMicro(limits.fee) ?? 0n);
  return max > 0n ? formatUsdt(max) : null;
}

/** What the code confirms: amount, fee, total and address, restated in the OTP modal. */
function ConfirmSummary({ pending }: { pending: PendingWithdrawal }) {
  const cost =
    pending.fee === null ? null : withdrawCost(String(pending.amount), { fee: pending.fee, minimum: 0 });
  return (
    <dl
      className="flex flex-col gap-1.5 rounded-lg border border-gray-200 bg-gray-50 px-3.5 py-3 text-small"
      data-testid="withdraw-confirm-summary"
    >
      <SummaryRow label={WITHDRAW_SUMMARY_TEXT.amount} value={usdtText(pending.amount)} strong />
      {cost ? (
        <>
          <SummaryRow label={WITHDRAW_SUMMARY_TEXT.fee} value={usdtText(cost.fee)} />
          <SummaryRow label={WITHDRAW_SUMMARY_TEXT.total} value={usdtText(cost.total)} />
        </>
      ) : null}
      <div className="flex flex-col gap-0.5">
        <dt className="text-gray-500">{WITHDRAW_SUMMARY_TEXT.address}</dt>
        <dd className="font-mono text-caption break-all text-gray-900">{pending.address}</dd>
      </div>
    </dl>
  );
}

/**
 * Withdraw tab ('Withdraw USDT', leads only): a react-hook-form form on the shared withdraw schema
 * (decimal comma, at most 6 decimals, 'Please fill in all fields'), the fee, minimum and totals from the
 * server before submitting, then the emailed code (spec §4 Wallet). Success is the HTTP status of the
 * call, never the wording of its answer.
 */
export function WithdrawPanel({ whiteList, onDone }: WithdrawPanelProps) {
  const limits = useWithdrawLimits();
  const balance = useWithdrawable();
  const max = maxAmount(balance.data, limits.data);
  const owes = (balance.data?.debt ?? 0) > 0;
  const schema = useMemo(() => withdrawFormSchema(limits.data), [limits.data]);
  const { control, handleSubmit, setValue, reset, formState } = useForm<
    WithdrawFormValues,
    unknown,
    WithdrawRequest
  >({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', address: '' },
  });
  const amount = useWatch({ control, name: 'amount' });
  const request = useRequestWithdrawal();
  const verify = useVerifyWithdrawal();
  const [pending, setPending] = useState<PendingWithdrawal | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  // After a withdrawal went through the form stays locked until the modal closes, so it cannot be sent twice.
  const [sent, setSent] = useState(false);
  const doneTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(doneTimer.current), []);

  const onInvalid = (errors: FieldErrors<WithdrawFormValues>) => {
    const messages = [errors.amount?.message, errors.address?.message];
    if (messages.includes(WALLET_MESSAGES.fillAllFields)) notify.error(WALLET_TEXT.fillAllFields);
  };

  const submit = handleSubmit(async (body) => {
    try {
      // A 2xx answer means the code was mailed; its wording is not compared.
      await request.mutateAsync(body);
      setPending({ ...body, fee: limits.data?.fee ?? null });
      setOtpOpen(true);
    } catch (error) {
      notify.error(walletErrorText(error, WALLET_TEXT.withdrawFailed));
    }
  }, onInvalid);

  const confirm = async (otp: string) => {
    if (!pending) return;
    const { fee: _fee, ...body } = pending;
    await verify.mutateAsync({ ...body, otp });
    setSent(true);
    setOtpOpen(false);
    notify.success(WALLET_TEXT.withdrawalSent, { duration: WALLET_SUCCESS_MS });
    doneTimer.current = window.setTimeout(() => {
      reset();
      setPending(null);
      onDone();
    }, WALLET_SUCCESS_MS);
  };

  const amountError = formState.errors.amount?.message;
  const addressError = formState.errors.address?.message;

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <h3 className="text-h3 text-gray-900">{WALLET_TEXT.withdrawHeading}</h3>
        {sent ? (
          <Alert tone="success" role="status">
            {WITHDRAWALS_TEXT.sentLocked}
          </Alert>
        ) : null}
        {balance.data ? (
          <WithdrawableSummary balance={balance.data} />
        ) : balance.isError ? (
          <p className="text-small text-gray-500">{WITHDRAWABLE_TEXT.loadFailed}</p>
        ) : null}
        <fieldset disabled={sent} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          <Field
            label={WALLET_TEXT.amount}
            error={fieldError(amountError)}
            labelAside={
              <button
                type="button"
                className="-my-3 min-h-11 rounded-md px-2 text-small font-medium text-brand-700 hover:underline disabled:text-gray-400 disabled:no-underline"
                disabled={max === null}
                aria-label={WITHDRAWABLE_TEXT.maxLabel}
                onClick={() => max && setValue('amount', max, { shouldDirty: true, shouldValidate: true })}
              >
                {WITHDRAWABLE_TEXT.max}
              </button>
            }
          >
            <Controller
              control={control}
              name="amount"
              render={({ field }) => (
                <Input
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(filterAmount(event.target.value))}
                  invalid={Boolean(amountError)}
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
            error={fieldError(addressError)}
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
                  invalid={Boolean(addressError)}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="T…"
                  className="font-mono text-small"
                />
              )}
            />
          </Field>
          {limits.data ? (
            <CostSummary amount={amount} limits={limits.data} />
          ) : limits.isError ? (
            <p className="text-small text-gray-500">{WITHDRAW_SUMMARY_TEXT.limitsUnavailable}</p>
          ) : null}
          <Button type="submit" size="lg" fullWidth loading={request.isPending} disabled={sent || owes}>
            {request.isPending ? WALLET_TEXT.processing : WALLET_TEXT.withdrawSubmit}
          </Button>
        </fieldset>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit must not submit this form. */}
      <OtpModal
        open={otpOpen}
        onOpenChange={setOtpOpen}
        title={WALLET_TEXT.confirmWithdrawal}
        description={WITHDRAW_SUMMARY_TEXT.codeSent}
        summary={pending ? <ConfirmSummary pending={pending} /> : null}
        onVerify={confirm}
        errorText={(error) => otpErrorText(error, { orError: true })}
      />
    </>
  );
}
