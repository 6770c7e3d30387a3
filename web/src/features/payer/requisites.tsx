import type { PayerOrder } from '@app/shared/deals/contracts';
import { PAYER_TEXT } from '@app/shared/deals/messages';
import { Copy } from 'lucide-react';
import { IconButton } from '../../ui/button.tsx';
import { copyText } from '../../ui/copy-text.ts';
import { NumberedSteps } from '../../ui/numbered-steps.tsx';
import { notify } from '../../ui/toast.tsx';
import { digitsOnly, formatCard, formatPhone } from './format.ts';

async function copy(value: string) {
  try {
    await copyText(value);
    notify.success(PAYER_TEXT.copied);
  } catch {
    notify.error(PAYER_TEXT.copyFailed);
  }
}

interface RequisiteRowProps {
  label: string;
  value: string;
  /** What the copy button puts on the clipboard; no button without it. */
  copyValue?: string;
  /** Large monospaced digits for the number the payer types or pastes. */
  emphasis?: boolean;
}

function RequisiteRow({ label, value, copyValue, emphasis = false }: RequisiteRowProps) {
  // A group of the list holds only dt and dd (HTML's content model for dl): the copy button sits in a dd.
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-3">
      <dt className="col-start-1 text-caption text-gray-500">{label}</dt>
      <dd
        className={
          emphasis
            ? 'col-start-1 mt-0.5 font-mono text-[1.0625rem] font-semibold tracking-wide break-words text-gray-900 tabular-nums sm:text-h2'
            : 'col-start-1 mt-0.5 text-body font-medium break-words text-gray-900'
        }
      >
        {value}
      </dd>
      {copyValue ? (
        <dd className="col-start-2 row-span-2 row-start-1">
          <IconButton
            variant="secondary"
            icon={<Copy size={16} />}
            aria-label={`Скопировать: ${label.toLowerCase()}`}
            onClick={() => void copy(copyValue)}
          />
        </dd>
      ) : null}
    </div>
  );
}

/** Where to send the money: bank, card number (c2c) or phone (SBP), owner; the numbers with copy buttons. */
export function Requisites({ order }: { order: PayerOrder }) {
  const isSbp = order.payment_mode === 'sbp';
  const number = isSbp ? order.phone_number : order.card;
  return (
    <dl className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-gray-25 px-4">
      <RequisiteRow label="Банк получателя" value={order.bank.name} />
      {number ? (
        isSbp ? (
          <RequisiteRow
            label="Телефон для перевода по СБП"
            value={formatPhone(number)}
            copyValue={digitsOnly(number)}
            emphasis
          />
        ) : (
          <RequisiteRow
            label="Номер карты"
            value={formatCard(number)}
            copyValue={digitsOnly(number)}
            emphasis
          />
        )
      ) : null}
      <RequisiteRow label="Получатель" value={order.owner_name} />
    </dl>
  );
}

/** The transfer steps, in the words a payer needs on a phone. */
export function Instructions({ order, amount }: { order: PayerOrder; amount: string }) {
  const isSbp = order.payment_mode === 'sbp';
  return (
    <NumberedSteps
      steps={[
        'Откройте приложение своего банка.',
        isSbp
          ? `Выберите перевод по СБП по номеру телефона, банк получателя — ${order.bank.name}. Переведите ровно ${amount}.`
          : `Выберите перевод по номеру карты и переведите ровно ${amount} на указанную карту.`,
        `Проверьте имя получателя и нажмите «${PAYER_TEXT.paid}» на этой странице.`,
      ]}
      className="flex flex-col gap-2.5 text-small text-gray-700"
      counterClassName="ring-1 ring-brand-100"
      bodyClassName="pt-0.5"
    />
  );
}
