import {
  type Bank,
  canSavePaymentDetails,
  PAYMENT_NOTICE_MS,
  PAYMENT_TEXT,
  type PaymentCreate,
  type PaymentCreateInput,
  paymentCreateRequest,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Search } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { Button, Input, Modal, notify, Spinner } from '../../ui/index.ts';
import { useBanks, useCreatePayment } from './api.ts';
import { BankMark } from './bank-mark.tsx';
import { paymentNotice } from './notices.ts';
import { messagesWithoutField, RequisiteFields, type RequisiteValues } from './requisite-fields.tsx';

/**
 * The text of a refused create's failure toast (spec §7 create answer, §8): the toast-only detail, then every
 * field message. Any other answer (a proxy's error page, no answer) gives just the server's words, if any.
 * The toast is where they show: not again under the fields.
 */
function createFailureMessages(error: unknown): string[] {
  const read = readError(error);
  // The create's own answer always carries its toast text in `details`; its messages are detail and errors.
  if (!read.list('details').length) return read.messages;
  return [...read.list('detail'), ...read.list('errors')];
}

/** The two steps of spec §4: pick a bank, then type the requisites. */
export type AddPaymentStep = 'bankSelection' | 'detailsInput';

type CreateValues = PaymentCreateInput;

const EMPTY: RequisiteValues & { bank: number | null } = {
  name: '',
  card: '',
  phone_number: '',
  nomer_scheta: '',
  bank: null,
};

function BankButton({ bank, onSelect }: { bank: Bank; onSelect: (bank: Bank) => void }) {
  return (
    <button
      type="button"
      onClick={() => onSelect(bank)}
      className="flex min-w-0 items-center gap-3 rounded-xl border border-gray-200 bg-white p-2.5 text-left transition hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/20"
    >
      <BankMark name={bank.name} color={bank.color} />
      <span className="min-w-0">
        <span className="block truncate text-small font-semibold text-gray-900">{bank.name}</span>
        <span className="block truncate text-caption text-gray-500">{bank.full_name}</span>
      </span>
    </button>
  );
}

function BankSelection({ onSelect }: { onSelect: (bank: Bank) => void }) {
  const banks = useBanks();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const matches = (banks.data ?? []).filter(
    (bank) =>
      !needle || bank.name.toLowerCase().includes(needle) || bank.full_name.toLowerCase().includes(needle),
  );
  const sections = [
    { title: 'Популярные банки', banks: matches.filter((bank) => bank.is_popular) },
    { title: 'Другие банки', banks: matches.filter((bank) => !bank.is_popular) },
  ].filter((section) => section.banks.length > 0);

  return (
    <div className="flex flex-col gap-4">
      <Input
        leading={<Search size={16} />}
        placeholder="Поиск банка"
        aria-label="Поиск банка"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoFocus
      />
      {banks.isPending ? (
        <div className="flex justify-center py-8 text-brand-600">
          <Spinner size={22} label="Загрузка…" />
        </div>
      ) : banks.isError ? (
        <p className="py-6 text-center text-small text-danger-600">{PAYMENT_TEXT.listLoadFailed}</p>
      ) : sections.length === 0 ? (
        <p className="py-6 text-center text-small text-gray-500">{PAYMENT_TEXT.emptyFiltered}</p>
      ) : (
        sections.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <h3 className="mb-2 text-caption font-medium tracking-wide text-gray-500 uppercase">
              {section.title}
            </h3>
            <div className="grid gap-2 sm:grid-cols-2">
              {section.banks.map((bank) => (
                <BankButton key={bank.id} bank={bank} onSelect={onSelect} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

export interface AddPaymentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Add Payment Method' (spec §2, §4): bank selection with search, split into popular and other banks, then
 * the requisites. Save is enabled only with a name and a card, or a phone with an account (spec §5).
 */
export function AddPaymentModal({ open, onOpenChange }: AddPaymentModalProps) {
  const [step, setStep] = useState<AddPaymentStep>('bankSelection');
  const [bank, setBank] = useState<Bank | null>(null);
  const create = useCreatePayment();
  const { register, handleSubmit, reset, setValue, control, formState } = useForm<
    CreateValues,
    unknown,
    PaymentCreate
  >({ resolver: zodResolver(paymentCreateRequest), defaultValues: EMPTY });
  const values = useWatch({ control });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep('bankSelection');
      setBank(null);
      reset(EMPTY);
    }
  };

  const chooseBank = (chosen: Bank) => {
    setBank(chosen);
    setValue('bank', chosen.id);
    setStep('detailsInput');
  };

  const submit = handleSubmit(
    async (body) => {
      try {
        await create.mutateAsync(body);
        paymentNotice.success(PAYMENT_TEXT.created);
        close(false);
      } catch (error) {
        const messages = createFailureMessages(error);
        notify.error(PAYMENT_TEXT.createFailed, {
          duration: PAYMENT_NOTICE_MS,
          description: messages.length ? messages.join(', ') : undefined,
        });
      }
    },
    (errors) => {
      // The messages show under their fields; the summary toast only names those no field shows.
      const messages = messagesWithoutField(errors);
      if (messages.length) paymentNotice.validation(messages);
    },
  );

  const canSave = bank !== null && canSavePaymentDetails(values);

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="lg"
      title={step === 'bankSelection' ? 'Выберите банк' : 'Реквизиты платежа'}
      description={
        step === 'bankSelection'
          ? 'Банк, на счет которого будут поступать платежи'
          : 'Укажите номер карты или телефон вместе с номером счета'
      }
      footer={
        step === 'detailsInput' ? (
          <>
            <Button
              variant="secondary"
              leftIcon={<ArrowLeft size={16} />}
              onClick={() => setStep('bankSelection')}
            >
              Назад
            </Button>
            <Button
              type="submit"
              form="add-payment-form"
              loading={formState.isSubmitting}
              disabled={!canSave}
            >
              Сохранить
            </Button>
          </>
        ) : undefined
      }
    >
      {step === 'bankSelection' ? (
        <BankSelection onSelect={chooseBank} />
      ) : (
        <form id="add-payment-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
          {bank ? (
            <div className="flex items-center gap-3 rounded-xl bg-gray-50 p-3">
              <BankMark name={bank.name} color={bank.color} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-small font-semibold text-gray-900">{bank.name}</p>
                <p className="truncate text-caption text-gray-500">{bank.full_name}</p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setStep('bankSelection')}>
                Изменить
              </Button>
            </div>
          ) : null}
          <RequisiteFields register={register} errors={formState.errors} />
        </form>
      )}
    </Modal>
  );
}
