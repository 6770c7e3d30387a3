import { dateRangeForm } from '@app/shared/deals/forms';
import { DEAL_MESSAGES } from '@app/shared/deals/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button, buttonClasses } from './button.tsx';
import { cx } from './cx.ts';
import { Modal } from './modal.tsx';

/** Inclusive calendar days as YYYY-MM-DD (what a date input and the API's start_date/end_date use); '' = open. */
export interface DateRange {
  start: string;
  end: string;
}

export const EMPTY_DATE_RANGE: DateRange = { start: '', end: '' };

export const DATE_RANGE_TEXT = {
  trigger: 'Период',
  title: 'Период',
  description: 'Оставьте поле пустым, чтобы не ограничивать период с этой стороны.',
  start: 'Начало',
  end: 'Конец',
  apply: 'Apply',
  cancel: 'Cancel',
  invalid: DEAL_MESSAGES.invalidDateRange,
} as const;

/** Whether a range can be applied: start not after end (spec §4 Terminals: start cannot exceed end). */
export function isValidDateRange(range: DateRange): boolean {
  return dateRangeForm.safeParse(range).success;
}

export function hasDateRange(range: DateRange): boolean {
  return range.start !== '' || range.end !== '';
}

/** A YYYY-MM-DD day as the pages write dates: 25.11.2026. */
function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** The trigger's words: the chosen days, or "Период" when the range is open. */
export function dateRangeText(range: DateRange): string {
  if (range.start && range.end) return `${dayText(range.start)} – ${dayText(range.end)}`;
  if (range.start) return `с ${dayText(range.start)}`;
  if (range.end) return `по ${dayText(range.end)}`;
  return DATE_RANGE_TEXT.trigger;
}

function DayInput({
  label,
  field,
  invalid,
  errorId,
}: {
  label: string;
  field: UseFormRegisterReturn;
  invalid: boolean;
  errorId: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="text-small font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        {...field}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={cx(
          'h-10 w-full rounded-lg border bg-white px-3 text-small text-gray-900 shadow-xs outline-none focus:ring-4',
          invalid
            ? 'border-danger-500 focus:ring-danger-500/15'
            : 'border-gray-200 hover:border-gray-300 focus:border-brand-500 focus:ring-brand-500/15',
        )}
      />
    </div>
  );
}

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  className?: string;
}

/**
 * The filter bar's date range (spec §2 Shared widgets): a button showing the chosen days that opens a modal
 * with start and end dates and Apply/Cancel. Apply refuses a start after the end; Cancel leaves the range
 * as it was.
 */
export function DateRangeFilter({ value, onChange, className }: DateRangeFilterProps) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm<DateRange>({
    resolver: zodResolver(dateRangeForm),
    defaultValues: value,
  });
  const errorId = useId();
  const error = formState.errors.end?.message;
  const invalid = error !== undefined;

  const openModal = () => {
    reset(value);
    setOpen(true);
  };

  const apply = handleSubmit((range) => {
    onChange(range);
    setOpen(false);
  });

  return (
    <>
      <button
        type="button"
        onClick={openModal}
        aria-label={`${DATE_RANGE_TEXT.trigger}: ${dateRangeText(value)}`}
        className={cx(
          buttonClasses({ variant: 'secondary' }),
          'min-w-0 justify-start font-normal',
          hasDateRange(value) &&
            'border-brand-300 bg-brand-50 text-brand-800 hover:border-brand-400 hover:bg-brand-50',
          className,
        )}
      >
        <CalendarDays size={16} className="shrink-0 text-gray-400" aria-hidden />
        <span className="truncate">{dateRangeText(value)}</span>
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="sm"
        title={DATE_RANGE_TEXT.title}
        description={DATE_RANGE_TEXT.description}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {DATE_RANGE_TEXT.cancel}
            </Button>
            <Button onClick={() => void apply()}>{DATE_RANGE_TEXT.apply}</Button>
          </>
        }
      >
        <form onSubmit={apply} noValidate>
          <div className="flex flex-col gap-3 sm:flex-row">
            <DayInput
              label={DATE_RANGE_TEXT.start}
              field={register('start', { deps: ['end'] })}
              invalid={invalid}
              errorId={errorId}
            />
            <DayInput
              label={DATE_RANGE_TEXT.end}
              field={register('end')}
              invalid={invalid}
              errorId={errorId}
            />
          </div>
          {invalid ? (
            <p id={errorId} role="alert" className="mt-2 text-small text-danger-600">
              {error}
            </p>
          ) : null}
        </form>
      </Modal>
    </>
  );
}
