/**
 * Banks and rate (issue 27), /admin/banks: the bank directory with method counts, adding a bank, editing a
 * bank's name, popular flag and colour; the USDT/RUB rate card (current, source, age, history) and a manual
 * rate (PUT rate, a decimal comma accepted).
 */
import { type AdminBank, adminBankCreateBody, adminRateBody } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { readError } from '../../api/errors.ts';
import { labelOf } from '../../labels/index.ts';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  DetailRow,
  Field,
  formatDate,
  formatDuration,
  formatRubles,
  Input,
  Modal,
  notify,
  PageHeader,
  Switch,
} from '../../ui/index.ts';
import { QueryBody, useOtpStep } from './admin-parts.tsx';
import { ADMIN_TEXT, RATE_SOURCE_LABELS, BANKS_TEXT as T } from './admin-text.ts';
import { useAdminBanks, useAdminRate, useCreateBank, usePatchBank, useSetRate, withDot } from './api.ts';

/** The bank form: the shared contract, the name's emptiness said in Russian, an empty colour meaning "none". */
const bankForm = z.object({
  name: z.string().trim().min(1, T.nameRequired).pipe(adminBankCreateBody.shape.name),
  full_name: z.string().trim().max(200),
  popular: z.boolean(),
  color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Цвет в формате #RRGGBB')]),
});
type BankForm = z.infer<typeof bankForm>;

function toBody(values: BankForm) {
  return {
    name: values.name,
    full_name: values.full_name || undefined,
    popular: values.popular,
    color: values.color || null,
  };
}

function BankFormModal({ bank, onClose }: { bank: AdminBank | null; onClose: () => void }) {
  const create = useCreateBank();
  const patch = usePatchBank();
  const form = useForm<BankForm>({
    resolver: zodResolver(bankForm),
    defaultValues: {
      name: bank?.name ?? '',
      full_name: bank?.full_name ?? '',
      popular: bank?.popular ?? false,
      color: bank?.color ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (bank) await patch.mutateAsync({ id: bank.id, body: toBody(values) });
      else await create.mutateAsync(toBody(values));
      notify.success(bank ? T.updated : T.added);
      onClose();
    } catch (error) {
      const read = readError(error);
      const name = read.fieldErrors(['name'] as const).name;
      if (name) form.setError('name', { type: 'server', message: name }, { shouldFocus: true });
      else notify.error(read.text);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose();
      }}
      title={bank ? T.editTitle : T.add}
      size="sm"
      footer={
        <FormModalFooter
          formId="admin-bank-form"
          submitLabel={ADMIN_TEXT.save}
          onCancel={onClose}
          submitting={isSubmitting}
          cancelDisabled={isSubmitting}
        />
      }
    >
      <form id="admin-bank-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label={T.name} required error={errors.name?.message}>
          <Input autoComplete="off" autoFocus {...form.register('name')} />
        </Field>
        <Field label={T.fullName} error={errors.full_name?.message}>
          <Input autoComplete="off" {...form.register('full_name')} />
        </Field>
        <Field label={T.color} hint={T.noColor} error={errors.color?.message}>
          <Input autoComplete="off" placeholder="#112233" {...form.register('color')} />
        </Field>
        <Controller
          control={form.control}
          name="popular"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label={T.popular} />
          )}
        />
      </form>
    </Modal>
  );
}

function BanksCard() {
  const banks = useAdminBanks();
  const [editing, setEditing] = useState<AdminBank | 'new' | null>(null);
  return (
    <Card padding="none" data-testid="admin-banks-card">
      <div className="px-4 pt-4 sm:px-6">
        <CardHeader
          title={T.banks}
          actions={
            <Button size="sm" leftIcon={<Plus size={15} />} onClick={() => setEditing('new')}>
              {T.add}
            </Button>
          }
        />
      </div>
      <QueryBody
        query={banks}
        testId="admin-banks"
        empty={T.empty}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <ul className="divide-y divide-gray-100" data-testid="admin-banks">
            {data.results.map((bank) => (
              <li
                key={bank.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6"
                data-testid="admin-bank"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    className="size-4 shrink-0 rounded-full border border-gray-200"
                    style={{ backgroundColor: bank.color ?? undefined }}
                    aria-hidden
                  />
                  <div className="min-w-0">
                    <p className="text-small font-medium text-gray-900">
                      <span data-literal>{bank.name}</span>
                      {bank.popular ? (
                        <Badge tone="brand" className="ml-2">
                          {T.popular}
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-caption text-gray-500">
                      <span data-literal>{bank.full_name}</span> · {T.methods}: {bank.methods}
                    </p>
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  leftIcon={<Pencil size={14} />}
                  onClick={() => setEditing(bank)}
                >
                  {T.edit}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {editing ? (
        <BankFormModal bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

/** The manual rate without its code: the code comes from the mailed-code step (action set_rate). */
const rateForm = adminRateBody.omit({ otp: true });

function RateForm() {
  const setRate = useSetRate();
  const otp = useOtpStep('set_rate', T.confirmRate);
  const form = useForm<z.infer<typeof rateForm>>({
    resolver: zodResolver(rateForm),
    defaultValues: { rub_per_usdt: '' },
  });
  const submit = form.handleSubmit(({ rub_per_usdt }) =>
    otp.start(
      async (code) => {
        await setRate.mutateAsync({ rubPerUsdt: withDot(rub_per_usdt), otp: code });
        notify.success(T.rateDone);
        form.reset({ rub_per_usdt: '' });
      },
      <p className="text-center text-small text-gray-600">
        {T.rateValue}: {rub_per_usdt}
      </p>,
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
      data-testid="admin-rate-form"
    >
      <Field label={T.rateValue} error={form.formState.errors.rub_per_usdt?.message} className="flex-1">
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder="92,50"
          {...form.register('rub_per_usdt')}
        />
      </Field>
      <Button type="submit" className="sm:mt-7" loading={otp.sending || setRate.isPending}>
        {T.rateSubmit}
      </Button>
      {otp.modal}
    </form>
  );
}

function RateCard() {
  const rate = useAdminRate();
  return (
    <Card padding="md" data-testid="admin-rate-card">
      <CardHeader title={T.rate} />
      <QueryBody query={rate} testId="admin-rate" rows={2}>
        {(data) => (
          <div data-testid="admin-rate">
            {data.current ? (
              <>
                <p className="text-h2 text-gray-900 tabular-nums">
                  {formatRubles(data.current.rub_per_usdt)}
                </p>
                {data.age_s !== null && data.age_s > data.max_age_s ? (
                  <Badge tone="danger" className="mt-2">
                    {T.rateStale}
                  </Badge>
                ) : null}
                <dl className="mt-3">
                  <DetailRow label={T.rateSource}>
                    {labelOf(RATE_SOURCE_LABELS, data.current.source, data.current.source)}
                  </DetailRow>
                  <DetailRow label={T.rateConfigured}>
                    {labelOf(RATE_SOURCE_LABELS, data.configured_source, data.configured_source)}
                  </DetailRow>
                  <DetailRow label={T.rateAge}>
                    {formatDuration(data.age_s)} ({T.rateMaxAge(formatDuration(data.max_age_s))})
                  </DetailRow>
                  {data.current.set_by ? (
                    <DetailRow label={T.rateSetBy}>
                      <span data-literal>{data.current.set_by}</span>
                    </DetailRow>
                  ) : null}
                </dl>
              </>
            ) : (
              <p className="text-small text-gray-500">{T.rateNone}</p>
            )}
            <RateForm />
            {data.history.length ? (
              <div className="mt-5">
                <h3 className="mb-2 text-caption font-medium tracking-wide text-gray-500 uppercase">
                  {T.rateHistory}
                </h3>
                <ul className="divide-y divide-gray-100 text-small" data-testid="admin-rate-history">
                  {data.history.map((entry) => (
                    <li
                      key={`${entry.at}-${entry.source}`}
                      className="flex flex-wrap justify-between gap-2 py-1.5"
                    >
                      <span className="tabular-nums text-gray-900">{formatRubles(entry.rub_per_usdt)}</span>
                      <span className="text-caption text-gray-500">
                        {labelOf(RATE_SOURCE_LABELS, entry.source, entry.source)}
                        {entry.set_by ? <span data-literal> · {entry.set_by}</span> : null} ·{' '}
                        {formatDate(entry.at)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        )}
      </QueryBody>
    </Card>
  );
}

/** /admin/banks */
export function BanksPage() {
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BanksCard />
        <RateCard />
      </div>
    </>
  );
}
